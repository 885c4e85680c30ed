import {
  listVariables,
  MAPPING_FIELD_LABELS,
  parseCellHeader,
  tablesOf,
  type FieldMappings,
  type FormLayout,
  type MappingField,
} from '../../schemas/form-layout/index'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest } from '../http-error'

/**
 * Names no record variable can have: an own property `__proto__` does not survive the JavaScript objects
 * a record's data passes through, and a JSON submission naming it is refused (Fastify's prototype
 * poisoning check), so a CSV column cannot carry it either.
 */
const RESERVED = new Set(['__proto__'])

/** The cell or variable a header name addresses: `ratios[01].measured` and `ratios[1].measured` are one cell. */
const addressOf = (column: string) => {
  const cell = parseCellHeader(column)
  return cell ? `${cell.table}[${cell.row + 1}].${cell.column}` : column
}

/** How a message names a column: its name, or its position when it has none. */
const shown = (column: string, index: number) => column || `column ${index + 1} (no name)`

/** The columns the record type's field mappings read (its serial, date, result… and component serials). */
export function mappedColumns(mappings: FieldMappings): string[] {
  const fields = (Object.keys(MAPPING_FIELD_LABELS) as MappingField[]).map((field) => mappings[field])
  const components = (mappings.components ?? []).map((c) => c.serialField)
  return [...fields, ...components].filter((c): c is string => typeof c === 'string' && c !== '')
}

/**
 * Whether a header name is a column of the layout (docs/csv-upload.md "The file"): a variable of the
 * layout, group results and measurement tables included, or one cell `variable[row].column` of one of
 * its tables, as the CSV reader (schemas/form-layout/text-values.ts) reads it.
 */
function layoutColumns(layout: Pick<FormLayout, 'controls'>): (column: string) => boolean {
  const variables = new Set(listVariables(layout))
  const tables = new Map(tablesOf(layout).map((t) => [t.variable, new Set(t.columns.map((c) => c.variable))]))
  return (column) => {
    if (variables.has(column)) return true
    const cell = parseCellHeader(column)
    return !!cell && !!tables.get(cell.table)?.has(cell.column)
  }
}

/**
 * Refuses a header that cannot be read without losing or guessing a value (400, nothing stored): a column
 * named twice (which copy would count?), a name that cannot be a variable and, when the record type has a
 * layout, a column that is neither a layout variable nor one its field mappings read. A record type
 * without a layout has no list of variables, so its extra columns are stored as they are.
 */
export function checkCsvHeader(
  columns: readonly string[],
  definition: { layout: Pick<FormLayout, 'controls'> | null; mappings: FieldMappings },
): void {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const column of columns) {
    if (column === '') continue
    const address = addressOf(column)
    if (seen.has(address)) repeated.add(address)
    seen.add(address)
  }
  if (repeated.size) throw badRequest(RECORD_MESSAGES.csvDuplicateColumns([...repeated]))
  const reserved = columns.filter((column) => column.split(/[[\].]/).some((part) => RESERVED.has(part)))
  if (reserved.length) throw badRequest(RECORD_MESSAGES.csvReservedColumns(reserved))
  if (!definition.layout) return
  const known = layoutColumns(definition.layout)
  const mapped = new Set(mappedColumns(definition.mappings))
  const unknown = columns
    .map((column, i) => (column === '' || !(known(column) || mapped.has(column)) ? shown(column, i) : null))
    .filter((column): column is string => column !== null)
  if (unknown.length) throw badRequest(RECORD_MESSAGES.csvUnknownColumns(unknown))
}

/**
 * One row's data by column name, each name an own property (never Object.prototype's `__proto__` setter),
 * blank cells null.
 */
export function rowData(columns: readonly string[], cells: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    columns.map((column, i) => [column, cells[i].trim() === '' ? null : cells[i].trim()] as const),
  )
}
