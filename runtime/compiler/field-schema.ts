import type { RJSFSchema } from '@rjsf/utils'
import {
  FORM_LAYOUT_MESSAGES,
  GROUP_RESULTS,
  ISO_DURATION_PATTERN,
  PASS_OR_FAIL,
  UNSET_RESULT,
  documentRefSchema,
} from '../../schemas/form-layout'
import type { ValueControl } from './types'

/**
 * JSON Schema of one variable's value, per control kind. Every value is nullable (a fresh entry
 * starts at null, SPEC §4) unless the control is `required` or needs a minimum (test equipment).
 * Messages users see are attached with ajv-errors' `errorMessage`.
 */

type TypeName = 'string' | 'array' | 'object'
const nullable = (type: TypeName, required: boolean | undefined): TypeName | [TypeName, 'null'] =>
  required ? type : [type, 'null']

const requiredMessage = (control: ValueControl) =>
  FORM_LAYOUT_MESSAGES.recordType.fieldRequired(control.label ?? '')

export function fieldSchema(control: ValueControl): RJSFSchema {
  const title = control.label
  const base = { ...(title ? { title } : {}) }
  const required = 'required' in control ? control.required : undefined
  const requiredError = required ? { errorMessage: { type: requiredMessage(control) } } : {}

  switch (control.type) {
    case 'checkbox':
      return { ...base, type: 'boolean' }
    case 'group':
      // A group stores its computed result; the user never types it.
      return { ...base, enum: [...GROUP_RESULTS], readOnly: true }
    case 'datepicker':
      return { ...base, type: nullable('string', required), format: 'date', ...requiredError }
    case 'multitext':
    case 'singletext':
    case 'serial':
      return {
        ...base,
        type: nullable('string', required),
        ...(required ? { minLength: 1 } : {}),
        ...requiredError,
      }
    case 'dropdown': {
      const values = control.values && control.values.length > 0 ? control.values : undefined
      return {
        ...base,
        type: nullable('string', required),
        // Fixed values are the only valid answers; source/endpoint lists are only known at run time.
        ...(values ? { enum: required ? [...values] : [...values, null] } : {}),
        ...requiredError,
      }
    }
    case 'multiselect':
      return {
        ...base,
        type: nullable('array', required),
        uniqueItems: true,
        items:
          control.values && control.values.length > 0
            ? { type: 'string', enum: [...control.values] }
            : { type: 'string' },
        ...(control.maxValues ? { maxItems: control.maxValues } : {}),
        ...(required ? { minItems: 1 } : {}),
        ...requiredError,
      }
    case 'timespan':
      return { ...base, type: nullable('string', required), pattern: ISO_DURATION_PATTERN, ...requiredError }
    case 'upload':
      // A copy: the shared `as const` schema is readonly and must not leak into mutable rjsf schemas.
      return {
        ...base,
        ...(structuredClone(documentRefSchema) as unknown as RJSFSchema),
        type: nullable('object', required),
        ...requiredError,
      }
    case 'testField': {
      const valueType: RJSFSchema['type'] =
        control.testType === 'numeric' ? ['number', 'null'] : ['string', 'null']
      // Required tests must have a result: unset '-' is not accepted.
      const results = required ? PASS_OR_FAIL.filter((r) => r !== UNSET_RESULT) : [...PASS_OR_FAIL]
      return {
        ...base,
        type: nullable('object', required),
        required: ['value', 'passOrFail'],
        additionalProperties: false,
        properties: { value: { type: valueType }, passOrFail: { enum: results } },
        ...(required ? { errorMessage: requiredMessage(control) } : {}),
      }
    }
    case 'testEquipment': {
      const min = control.min ?? 0
      const atLeast = { type: 'array', items: { type: 'integer' }, uniqueItems: true } as const
      if (min === 0 && !required) return { ...base, ...atLeast, type: ['array', 'null'] }
      const n = Math.max(min, 1)
      // SPEC §5 "Data entry save": one message whether nothing or too little was picked.
      return {
        ...base,
        ...atLeast,
        minItems: n,
        errorMessage: {
          type: FORM_LAYOUT_MESSAGES.dataEntry.testEquipmentMin(n, control.label),
          minItems: FORM_LAYOUT_MESSAGES.dataEntry.testEquipmentMin(n, control.label),
        },
      }
    }
  }
}

/** Value of a control in a fresh entry (SPEC §4): checkbox false, group 'Fail', others null. */
export function emptyValue(control: ValueControl): unknown {
  if (control.type === 'checkbox') return false
  if (control.type === 'group') return 'Fail'
  return null
}
