import { walkControls, type FormLayout } from '../../../schemas/form-layout/index'
import type { Db } from '../../db/client'
import { RecordDefinitions, type RecordDefinition } from '../../record-types/record-definitions'
import { toCell, type Cell } from './cells'
import {
  dataKeys,
  deviceSerials,
  exportedShapes,
  longestTables,
  shapeKey,
  storedLayouts,
  type ExportScope,
  type Shape,
} from './column-sources'
import { tableColumns, type ExportColumn } from './table-columns'

type Read = ExportColumn['read']

/** The export's data columns, after its fixed ones. */
export interface DataColumns {
  headers: string[]
  /** A record's data as cells in the headers' order, read the way its record type and revision store it. */
  cells(recordTypeId: number, layoutVersion: number | null, data: Record<string, unknown>): Cell[]
}

/**
 * A test equipment control's value (a list of device ids) as the record view and the form show it: each
 * device by its full serial ('EPN-TE:7, EPN-TE:12'), in the record's order. An id no device has any more
 * (never expected: a used device cannot be deleted) stays its number.
 */
function devicesText(value: unknown, serials: Map<number, string>): unknown {
  if (!Array.isArray(value)) return value
  return value.map((id) => (typeof id === 'number' ? (serials.get(id) ?? String(id)) : id)).join(', ')
}

/**
 * A layout's columns: one per variable, a result beside each test field, tables flattened, test
 * equipment by serial (`serials`: every device's full serial by id).
 */
function layoutColumns(
  layout: FormLayout,
  type: number,
  longest: Map<string, number>,
  serials: Map<number, string>,
): ExportColumn[] {
  const out: ExportColumn[] = []
  for (const { control } of walkControls(layout.controls)) {
    if (!('variable' in control) || !control.variable) continue
    const variable = control.variable
    if (control.type === 'table') {
      const rows = control.rowLabels?.length ?? longest.get(`${type}:${variable}`) ?? 0
      out.push(...tableColumns(control, rows))
    } else if (control.type === 'testField') {
      out.push({ header: variable, read: (d) => (d[variable] as { value?: unknown } | null)?.value ?? null })
      out.push({
        header: `${variable} result`,
        read: (d) => {
          const r = (d[variable] as { passOrFail?: string } | null)?.passOrFail
          return r === '-' ? 'n/a' : (r ?? null)
        },
      })
    } else if (control.type === 'testEquipment')
      out.push({ header: variable, read: (d) => devicesText(d[variable], serials) })
    else out.push({ header: variable, read: (d) => d[variable] })
  }
  return out
}

/** Columns of stored keys (no layout): the mapped fields first, then the keys as they first appear. */
function keyColumns(keys: string[], definition: RecordDefinition): ExportColumn[] {
  const mapped = Object.values(definition.mappings).filter((v): v is string => typeof v === 'string')
  const ordered = [...new Set([...mapped.filter((k) => keys.includes(k)), ...keys])]
  return ordered.map((key) => ({ header: key, read: (d) => d[key] }))
}

/**
 * The data columns of an export (DESIGN §5: "one column per mapped field and per layout variable"), so
 * that no stored value is left out: every variable of every layout revision the exported records were
 * captured with (records keep theirs), and for records without a layout every key their data holds.
 * Ordered: the record types' current layouts first, then what only older revisions have, then data keys.
 * Each record type and revision reads its own columns: a variable that is a test field in one and text
 * in another reads right in both. A record with no revision recorded (or one no longer stored) reads by
 * the current layout, as RecordDefinitions.atRevision does.
 */
export async function dataColumns(db: Db, scope: ExportScope): Promise<DataColumns> {
  const shapes = await exportedShapes(db, scope)
  const definitions = new RecordDefinitions(db)
  const types = [...new Set(shapes.map((s) => s.type))].sort((a, b) => a - b)
  const definition = new Map<number, RecordDefinition>()
  for (const id of types) definition.set(id, await definitions.get(id))
  const current = (s: Shape) => definition.get(s.type)!

  const older = shapes.filter((s) => s.version != null && s.version !== current(s).layoutRevision)
  const stored = await storedLayouts(db, older)
  const layoutOf = (s: Shape): FormLayout | null => {
    const key = shapeKey(s.type, s.version)
    return stored.has(key) ? stored.get(key)! : current(s).layout
  }
  const byKeys = shapes.filter((s) => !layoutOf(s))
  const keys = await dataKeys(db, scope, byKeys)

  const tables = new Map<number, Set<string>>()
  let devices = false
  const inUse: [number, FormLayout | null][] = [
    ...types.map((t): [number, FormLayout | null] => [t, definition.get(t)!.layout]),
    ...older.map((s): [number, FormLayout | null] => [s.type, layoutOf(s)]),
  ]
  for (const [type, layout] of inUse)
    for (const { control } of walkControls(layout?.controls ?? [])) {
      if (control.type === 'table' && !control.rowLabels)
        tables.set(type, (tables.get(type) ?? new Set()).add(control.variable))
      if (control.type === 'testEquipment') devices = true
    }
  const longest = await longestTables(db, scope, tables)
  // One lookup for the whole export, and only when a layout has a test equipment control.
  const serials = devices ? await deviceSerials(db) : new Map<number, string>()

  const headers: string[] = []
  const placed = new Set<string>()
  /** A shape's readers by header; its headers join the export's in order, each once. */
  const place = (columns: ExportColumn[]) => {
    const readers = new Map<string, Read>()
    for (const { header, read } of columns) {
      if (readers.has(header)) continue
      readers.set(header, read)
      if (!placed.has(header)) headers.push(header)
      placed.add(header)
    }
    return readers
  }
  const currentReaders = new Map<number, Map<string, Read>>()
  for (const type of types) {
    const layout = definition.get(type)!.layout
    if (layout) currentReaders.set(type, place(layoutColumns(layout, type, longest, serials)))
  }
  const readersOf = new Map<string, Map<string, Read>>()
  for (const s of older) {
    const layout = layoutOf(s)
    if (layout)
      readersOf.set(shapeKey(s.type, s.version), place(layoutColumns(layout, s.type, longest, serials)))
  }
  for (const s of byKeys) {
    const key = shapeKey(s.type, s.version)
    readersOf.set(key, place(keyColumns(keys.get(key) ?? [], current(s))))
  }

  // Each shape's readers aligned with the headers, so a row is one pass over an array.
  const aligned = (readers: Map<string, Read> | undefined) => headers.map((h) => readers?.get(h))
  const byShape = new Map<string, (Read | undefined)[]>()
  for (const s of shapes) {
    const key = shapeKey(s.type, s.version)
    byShape.set(key, aligned(readersOf.get(key) ?? currentReaders.get(s.type)))
  }
  const currentOf = new Map(types.map((t) => [t, aligned(currentReaders.get(t))]))
  const none = aligned(undefined)
  return {
    headers,
    cells(recordTypeId, layoutVersion, data) {
      // A record written since the shapes were read reads by its type's current layout, else not at all.
      const readers =
        byShape.get(shapeKey(recordTypeId, layoutVersion)) ?? currentOf.get(recordTypeId) ?? none
      return readers.map((read) => (read ? toCell(read(data)) : null))
    },
  }
}
