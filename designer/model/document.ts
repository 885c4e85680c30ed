import { LAYOUT_VERSION, loadLayout, validateFieldMappings, withControlIds } from '../../schemas/form-layout'
import type { FieldMappings, FormLayout, LayoutIssue } from '../../schemas/form-layout'

/**
 * What the designer edits: a record type's form layout and field mappings. `version` is the
 * document's revision, bumped by every command that changes something, so the editor can tell
 * unsaved work (revision ≠ the saved one) without deep comparisons.
 */
export interface DesignerDocument {
  readonly layout: FormLayout
  readonly mappings: FieldMappings
  readonly version: number
}

/** A new document: an empty layout unless one is given. */
export function createDocument(
  layout: FormLayout = { version: LAYOUT_VERSION, title: '', controls: [] },
  mappings: FieldMappings = {},
): DesignerDocument {
  // Every control carries its stable id from the start (selection, keys and undo follow it).
  return { layout: withControlIds(layout), mappings, version: 0 }
}

/** The document with a new layout and/or mappings and the next revision. */
export function revise(
  doc: DesignerDocument,
  change: Partial<Pick<DesignerDocument, 'layout' | 'mappings'>>,
): DesignerDocument {
  return {
    layout: change.layout ?? doc.layout,
    mappings: change.mappings ?? doc.mappings,
    version: doc.version + 1,
  }
}

/**
 * Opens a record type's stored attributes (the form-layout and field-mapping JSON texts, or
 * already parsed values) as a document. A legacy layout is migrated; an absent layout or mapping
 * starts empty. Problems are reported with `layout` or `mappings` prefixed to their path.
 */
export function openDocument(
  storedLayout: unknown,
  storedMappings: unknown,
): { ok: true; doc: DesignerDocument } | { ok: false; issues: LayoutIssue[] } {
  const issues: LayoutIssue[] = []
  const parse = (value: unknown, where: string): unknown => {
    if (typeof value !== 'string') return value
    if (value.trim() === '') return undefined
    try {
      return JSON.parse(value)
    } catch (error) {
      issues.push({ path: where, message: (error as Error).message })
      return undefined
    }
  }
  const layoutValue = parse(storedLayout, 'layout')
  const mappingsValue = parse(storedMappings, 'mappings')
  let layout: FormLayout | undefined
  if (layoutValue != null) {
    const loaded = loadLayout(layoutValue)
    if (loaded.ok) layout = loaded.layout
    else issues.push(...loaded.issues.map((i) => ({ ...i, path: `layout${i.path}` })))
  }
  let mappings: FieldMappings | undefined
  if (mappingsValue != null) {
    const checked = validateFieldMappings(mappingsValue)
    if (checked.ok) mappings = checked.mappings
    else issues.push(...checked.issues.map((i) => ({ ...i, path: `mappings${i.path}` })))
  }
  return issues.length ? { ok: false, issues } : { ok: true, doc: createDocument(layout, mappings) }
}

/** The texts stored in the record type's layout and mapping attributes. */
export function serializeDocument(doc: DesignerDocument): { layout: string; mappings: string } {
  return { layout: JSON.stringify(doc.layout), mappings: JSON.stringify(doc.mappings) }
}
