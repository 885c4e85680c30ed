import type { FromSchema } from 'json-schema-to-ts'
import { TEST_TYPES, type TestType } from './constants'
import {
  TEST_KIND_RULES,
  VARIABLE_PATTERN,
  col,
  controlIdProp,
  label,
  testLimitProps,
  variable,
  visibleIfProp,
} from './control-props'

/**
 * The measurement table (issue #14): columns are controls, rows are fixed and labelled or added by the
 * technician between `minRows` and `maxRows`. Record data holds `data[table]` as an array of row objects
 * keyed by column variable (docs/decisions.md "Measurement tables"). A column is a cut-down control: no
 * conditions, widths or lookups of its own, since a cell lives and dies with its row.
 */

/** Most rows a table may have: the 1,000-row table of the benchmark, no more. */
export const MAX_TABLE_ROWS = 1000

const columnBase = {
  id: controlIdProp,
  variable,
  label,
  required: { type: 'boolean', description: 'Every row must have a value in this column.' },
} as const

/** A test column: every cell is judged like a test field. */
export const testColumnSchema = {
  type: 'object',
  required: ['type', 'variable', 'label', 'testType'],
  additionalProperties: false,
  properties: {
    type: { const: 'testField' },
    ...columnBase,
    testType: { enum: TEST_TYPES, description: `One of ${TEST_TYPES.join(', ')}.` },
    ...testLimitProps,
    criteria: { type: 'string' },
    naOption: { type: 'boolean', description: 'Offer an n/a toggle in each cell.' },
    valueFrom: {
      type: 'string',
      pattern: VARIABLE_PATTERN,
      description: 'Calculated column of the same row whose value this numeric test judges.',
    },
    choices: { type: 'array', minItems: 1, items: { type: 'string' } },
    passChoice: { type: 'string' },
  },
  allOf: TEST_KIND_RULES,
} as const

/** A free-text column. */
export const textColumnSchema = {
  type: 'object',
  required: ['type', 'variable', 'label'],
  additionalProperties: false,
  properties: { type: { const: 'singletext' }, ...columnBase },
} as const

/** A column of fixed choices. */
export const dropdownColumnSchema = {
  type: 'object',
  required: ['type', 'variable', 'label', 'values'],
  additionalProperties: false,
  properties: {
    type: { const: 'dropdown' },
    ...columnBase,
    values: { type: 'array', minItems: 1, items: { type: 'string' } },
  },
} as const

/** A calculated column: its formula reads the row's other columns, top-level variables and `param.key`. */
export const calculatedColumnSchema = {
  type: 'object',
  required: ['type', 'variable', 'label', 'formula'],
  additionalProperties: false,
  properties: {
    type: { const: 'calculated' },
    id: controlIdProp,
    variable,
    label,
    formula: {
      type: 'string',
      minLength: 1,
      description: 'e.g. (measured - param.nameplate) / param.nameplate * 100',
    },
    unit: { type: 'string' },
    decimals: { type: 'integer', minimum: 0, maximum: 10 },
  },
} as const

/** Column kinds by `type`, in the inspector's order. */
export const TABLE_COLUMN_SCHEMAS = {
  testField: testColumnSchema,
  singletext: textColumnSchema,
  dropdown: dropdownColumnSchema,
  calculated: calculatedColumnSchema,
} as const

export const tableSchema = {
  type: 'object',
  required: ['type', 'variable', 'label', 'columns'],
  additionalProperties: false,
  properties: {
    type: { const: 'table' },
    id: controlIdProp,
    variable,
    label,
    col,
    required: { type: 'boolean', description: 'The table must have at least one row.' },
    visibleIf: visibleIfProp,
    rowHeader: { type: 'string', description: 'Caption of the row label column, e.g. Tap / phase.' },
    rowLabels: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_TABLE_ROWS,
      items: { type: 'string' },
      description: 'Fixed rows, one per label; leave out to let the technician add rows.',
    },
    minRows: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_TABLE_ROWS,
      description: 'Fewest rows (added rows).',
    },
    maxRows: { type: 'integer', minimum: 1, maximum: MAX_TABLE_ROWS, description: 'Most rows (added rows).' },
    columns: {
      type: 'array',
      minItems: 1,
      // One if/then per kind rather than a discriminated oneOf: errors name the matching kind only, and
      // the eval-free validator the designer runs (runtime/validation) reads it.
      items: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { enum: Object.keys(TABLE_COLUMN_SCHEMAS) as (keyof typeof TABLE_COLUMN_SCHEMAS)[] },
        },
        allOf: Object.entries(TABLE_COLUMN_SCHEMAS).map(([type, schema]) => ({
          if: { properties: { type: { const: type } } },
          then: schema,
        })),
      },
    },
  },
  // Fixed rows or added rows, not both: a fixed table has exactly its labels' rows.
  not: { anyOf: [{ required: ['rowLabels', 'minRows'] }, { required: ['rowLabels', 'maxRows'] }] },
  errorMessage: { not: 'has fixed row labels, so it takes no minRows or maxRows' },
} as const

/** A test column; `testType` typed as the known kinds. */
export type TestColumn = Omit<FromSchema<typeof testColumnSchema>, 'testType'> & { testType: TestType }
export type TextColumn = FromSchema<typeof textColumnSchema>
export type DropdownColumn = FromSchema<typeof dropdownColumnSchema>
export type CalculatedColumn = FromSchema<typeof calculatedColumnSchema>
/** One column of a table. */
export type TableColumn = TestColumn | TextColumn | DropdownColumn | CalculatedColumn
/** A table control. */
export type TableControl = Omit<FromSchema<typeof tableSchema>, 'columns'> & { columns: TableColumn[] }

/** A stored row: cells by column variable. */
export type TableRow = Record<string, unknown>

/** Kinds a column may be. */
export type TableColumnType = keyof typeof TABLE_COLUMN_SCHEMAS
