import {
  parseCellHeader,
  tablesOf,
  type FieldMappings,
  type FormLayout,
} from '../../schemas/form-layout/index'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest } from '../http-error'
import { acceptedFields } from './accepted-fields'

/**
 * Names no record variable can have: an own property `__proto__` does not survive the JavaScript objects
 * a record's data passes through, and a JSON submission naming it is refused (Fastify's prototype
 * poisoning check), so a CSV column cannot carry it either.
 */
const RESERVED = new Set(['__proto__'])

/**
 * The most columns a file for a record type without a layout may have: each becomes a stored key and an
 * export column, and an export must fit Excel's 16,384 columns (audit s8c D3). A layout type's columns are
 * bounded by its layout.
 */
export const CSV_COLUMNS_MAX = 1_000

/** The cell or variable a header name addresses: `ratios[01].measured` and `ratios[1].measured` are one cell. */
const addressOf = (column: string) => {
  const cell = parseCellHeader(column)
  return cell ? `${cell.table}[${cell.row + 1}].${cell.column}` : column
}

/** How a message names a column: its name, or its position when it has none. */
const shown = (column: string, index: number) => column || `column ${index + 1} (no name)`

/**
 * Whether a header name is an accepted column (docs/csv-upload.md "The file"): a field a record of the
 * type may hold (accepted-fields.ts: a layout variable, group results and measurement tables included, or
 * a mapped column), or one cell `variable[row].column` of one of its tables, as the CSV reader
 * (schemas/form-layout/text-values.ts) reads it.
 */
function acceptedColumns(definition: {
  layout: Pick<FormLayout, 'controls'>
  mappings: FieldMappings
}): (column: string) => boolean {
  const fields = acceptedFields(definition)
  const tables = new Map(
    tablesOf(definition.layout).map((t) => [t.variable, new Set(t.columns.map((c) => c.variable))]),
  )
  return (column) => {
    if (fields.names.has(column)) return true
    const cell = parseCellHeader(column)
    return !!cell && !!tables.get(cell.table)?.has(cell.column)
  }
}

/**
 * Refuses a header that cannot be read without losing or guessing a value (400, nothing stored): a column
 * named twice (which copy would count?), a name that cannot be a variable and, when the record type has a
 * layout, a column that is neither a layout variable nor one its field mappings read, and for every type a
 * column without a name. A record type without a layout has no list of variables, so its other named
 * columns are stored as they are.
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
  const { layout, mappings } = definition
  if (!layout && columns.length > CSV_COLUMNS_MAX)
    throw badRequest(RECORD_MESSAGES.csvTooManyColumns(columns.length, CSV_COLUMNS_MAX))
  // A column without a name is unknown for every record type: its values would have no key to be stored
  // under (several blank columns would even share one, the last one's value winning; audit s8 #8a).
  const accepted = layout ? acceptedColumns({ layout, mappings }) : () => true
  const unknown = columns
    .map((column, i) => (column === '' || !accepted(column) ? shown(column, i) : null))
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
