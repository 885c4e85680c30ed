import { LAYOUT_VERSION } from '../../schemas/form-layout'
import type { FieldMappings, FormLayout } from '../../schemas/form-layout'

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
  return { layout, mappings, version: 0 }
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
