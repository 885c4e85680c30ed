import { conditionSchema } from './condition-schema'
import { FIXED_CHOICES, MAX_COL } from './constants'

/**
 * Properties shared by the control schemas of a form layout (control-schemas.ts): names, captions,
 * widths, conditions and list sources.
 */

/** Variable names become keys of the record data, so they must be plain identifiers. */
export const VARIABLE_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$'

export const variable = {
  type: 'string',
  pattern: VARIABLE_PATTERN,
  description: 'Key of the value in the record data.',
} as const
export const label = { type: 'string', description: 'Caption shown to the technician.' } as const
/** Layouts from version 2 name each control once and for good: the designer selects, keys and undoes by it. */
export const CONTROL_ID_PATTERN = '^[A-Za-z0-9_-]{1,40}$'
/** A control's stable id (not shown, not stored with records); filled in when a layout is loaded. */
export const controlIdProp = {
  type: 'string',
  pattern: CONTROL_ID_PATTERN,
  description: 'Stable id of the control within the layout (the designer fills it in).',
} as const
export const col = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_COL,
  description: 'Width within its row, in twelfths of the row: 12 is the whole width, 6 half (1–12).',
} as const

/** Shown only while the condition holds; a hidden control is not required and its value is not kept. */
export const visibleIfProp = {
  ...conditionSchema,
  description: 'Show the control only while this condition holds.',
} as const
/** Required while the condition holds (and the control is shown). */
export const requiredIfProp = {
  ...conditionSchema,
  description: 'A value must be entered while this condition holds.',
} as const

/** Properties every value-holding control has. */
export const fieldProps = {
  id: controlIdProp,
  variable,
  label,
  col,
  required: { type: 'boolean', description: 'A value must be entered before saving.' },
  visibleIf: visibleIfProp,
  requiredIf: requiredIfProp,
  outField: { type: 'string', description: 'Field of a looked-up item written into this variable.' },
} as const
export const fieldRequired = ['type', 'variable', 'label'] as const

/** A call to a {meta} endpoint that fills a dropdown (SPEC §3 "endpoint"). */
export const endpointSchema = {
  type: 'object',
  required: ['name', 'api'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1 },
    api: { type: 'string', minLength: 1, description: 'Path under {meta}, e.g. /api/Customers.' },
    urlParams: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'name'],
        additionalProperties: false,
        properties: {
          type: { enum: ['param', 'variable', 'other'] },
          name: { type: 'string', minLength: 1 },
          value: { type: 'string' },
          field: { type: 'string', description: 'Variable whose value is sent (type variable).' },
        },
      },
    },
    outFields: { type: 'array', items: { type: 'string' } },
  },
} as const

/** Where a list control takes its choices: fixed values, a named source, or an endpoint. */
export const listProps = {
  values: { type: 'array', items: { type: 'string' } },
  source: { type: 'string', description: 'Named list, e.g. customers or faultItems.' },
  endpoint: endpointSchema,
  filterfield: { type: 'string', description: 'Variable whose value filters the list.' },
  filtervalue: { type: 'string', description: 'Item field compared with the filter variable.' },
} as const

/** Per test kind: selection needs its choices; yes/no and pass/fail only accept their own answers. */
export const TEST_KIND_RULES = [
  {
    if: { properties: { testType: { const: 'selection' } } },
    then: { required: ['choices', 'passChoice'] },
  },
  {
    if: { properties: { testType: { const: 'yesNo' } } },
    then: { properties: { passChoice: { enum: FIXED_CHOICES.yesNo } } },
  },
  {
    if: { properties: { testType: { const: 'passFail' } } },
    then: { properties: { passChoice: { enum: FIXED_CHOICES.passFail } } },
  },
] as const

/**
 * A numeric test's limits and unit, shared by the test field and the table's test column: fixed `min`/
 * `max`, or the key of a product type parameter (issue #14.4) that wins over them and is resolved for
 * the record's product type.
 */
export const testLimitProps = {
  min: { type: 'number' },
  max: { type: 'number' },
  minParam: { type: 'string', pattern: VARIABLE_PATTERN, description: 'Test parameter giving the minimum.' },
  maxParam: { type: 'string', pattern: VARIABLE_PATTERN, description: 'Test parameter giving the maximum.' },
  unit: { type: 'string' },
} as const
