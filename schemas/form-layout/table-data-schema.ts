import { PASS_OR_FAIL, UNSET_RESULT } from './constants'
import { DATA_VALUE_MESSAGES } from './messages'
import type { TableColumn, TableControl } from './table-schema'

/** A JSON Schema object (as field-schema.ts's `DataSchema`, which imports this file). */
type DataSchema = { [keyword: string]: unknown }

/**
 * The JSON Schema of a table's value in record data (issue #14): a list of row objects, each cell checked
 * with the schema its column would have as a control of its own, the row count held to the fixed labels
 * or to `minRows`..`maxRows`. Messages name no field; the server names the cell (`variable[row].column`).
 */

/** Not SPEC texts: what a table's value breaks. */
export const TABLE_VALUE_MESSAGES = {
  rows: 'must be a list of rows, each an object of cells by column',
  fixedRows: (n: number) => `must have ${n} ${n === 1 ? 'row' : 'rows'}, one per row label`,
  minRows: (n: number) => `must have at least ${n} ${n === 1 ? 'row' : 'rows'}`,
  maxRows: (n: number) => `must have at most ${n} ${n === 1 ? 'row' : 'rows'}`,
  notColumn: 'is not a column of this table',
} as const

/**
 * A required test column's cell. An unset cell is `{value: null, passOrFail: '-'}` (not null, as a
 * top-level test is), so "no result" is refused by the cell's own `not` — '{label} is required.' — rather
 * than by the result's enum: ajv-errors does not reach an `errorMessage` for a property of a list item.
 */
function requiredTestCell(schema: DataSchema, label: string): DataSchema {
  const properties = schema.properties as Record<string, unknown>
  const unset = {
    type: 'object',
    required: ['passOrFail'],
    properties: { passOrFail: { const: UNSET_RESULT } },
  }
  return {
    ...schema,
    not: { anyOf: [{ type: 'null' }, unset] },
    properties: { ...properties, passOrFail: { enum: [...PASS_OR_FAIL] } },
    errorMessage: { ...(schema.errorMessage as Record<string, unknown>), not: `${label} is required.` },
  }
}

/**
 * A test cell whose result is no result word is refused as a group's is, 'must be Pass, Fail, - or n/a'
 * (audit s9 F12), not with ajv's bare enum text: the message sits on the result itself.
 */
function worded(schema: DataSchema): DataSchema {
  const properties = schema.properties as Record<string, DataSchema> | undefined
  if (!properties?.passOrFail) return schema
  return {
    ...schema,
    properties: {
      ...properties,
      passOrFail: { ...properties.passOrFail, errorMessage: DATA_VALUE_MESSAGES.groupResult },
    },
  }
}

/** The row count a table allows. */
export function rowLimits(control: TableControl): { min: number; max: number | undefined } {
  if (control.rowLabels) return { min: control.rowLabels.length, max: control.rowLabels.length }
  return { min: Math.max(control.minRows ?? 0, control.required ? 1 : 0), max: control.maxRows }
}

/**
 * A table's data schema. `cellSchema` is field-schema.ts's `fieldSchema`, passed in rather than imported
 * so the two files do not import each other.
 */
export function tableDataSchema(
  base: DataSchema,
  control: TableControl,
  required: boolean,
  cellSchema: (column: TableColumn) => DataSchema,
): DataSchema {
  const properties: Record<string, DataSchema> = {}
  const requiredCells: string[] = []
  for (const column of control.columns) {
    const required = 'required' in column && column.required === true
    properties[column.variable] =
      column.type !== 'testField'
        ? cellSchema(column)
        : worded(required ? requiredTestCell(cellSchema(column), column.label) : cellSchema(column))
    if (required) requiredCells.push(column.variable)
  }
  const { min, max } = rowLimits(control)
  const fixed = !!control.rowLabels
  return {
    ...base,
    type: required ? 'array' : ['array', 'null'],
    items: {
      type: 'object',
      properties,
      // A row holds its columns' cells only: anything else would be stored where no table shows it.
      additionalProperties: false,
      ...(requiredCells.length ? { required: requiredCells } : {}),
      errorMessage: { type: TABLE_VALUE_MESSAGES.rows },
    },
    ...(min > 0 ? { minItems: min } : {}),
    ...(max !== undefined ? { maxItems: max } : {}),
    errorMessage: {
      type: TABLE_VALUE_MESSAGES.rows,
      minItems: fixed ? TABLE_VALUE_MESSAGES.fixedRows(min) : TABLE_VALUE_MESSAGES.minRows(min),
      ...(max !== undefined
        ? { maxItems: fixed ? TABLE_VALUE_MESSAGES.fixedRows(max) : TABLE_VALUE_MESSAGES.maxRows(max) }
        : {}),
    },
  }
}
