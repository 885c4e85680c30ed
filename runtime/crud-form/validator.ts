import { customizeValidator } from '@rjsf/validator-ajv8'
import type { ErrorTransformer, RJSFValidationError } from '@rjsf/utils'
import ajvErrors from 'ajv-errors'
import type { ErrorObject } from 'ajv'
import { errorPath } from './schema-errors'

/**
 * rjsf's ajv8 validator with ajv-errors, so a schema's `errorMessage` (the SPEC §5 texts) is what the
 * form shows. `allErrors` is already on in rjsf's ajv options, which ajv-errors needs.
 */
export const crudValidator = customizeValidator({
  extenderFn: (ajv) => {
    ajvErrors(ajv)
    return ajv
  },
})

/**
 * ajv-errors reports `required` messages on the parent object; rjsf would then show them above the
 * form instead of under the field. This moves each to its property and drops ajv's generic duplicate.
 */
export const attachErrorsToFields: ErrorTransformer = (errors) => {
  const fixed: RJSFValidationError[] = errors.map((error) => {
    if (error.name !== 'errorMessage') return error
    const path = errorPath({
      instancePath: (error.property ?? '').replace(/\./g, '/'),
      params: error.params,
    } as ErrorObject)
    return { ...error, property: path ? `.${path}` : error.property, stack: error.message ?? error.stack }
  })
  const withText = new Set(fixed.filter((e) => e.name === 'errorMessage').map((e) => e.property))
  // An `if` failure only says 'must match "then" schema'; the branch's own errors say what is wrong.
  return fixed.filter((e) => e.name !== 'if' && (e.name === 'errorMessage' || !withText.has(e.property)))
}
