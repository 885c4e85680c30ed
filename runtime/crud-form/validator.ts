import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js'
import type {
  CustomValidator,
  ErrorTransformer,
  RJSFSchema,
  RJSFValidationError,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils'
import type { ErrorObject } from 'ajv'
import { validatorFor } from '../validation/validator-for'
import { errorPath } from './schema-errors'

/** rjsf's ajv reports errors verbosely and knows ajv-formats' formats; so does this validator. */
const OPTIONS = { formats: true, verbose: true }

/**
 * rjsf's validator without `eval` (the CSP has no 'unsafe-eval'). It does what @rjsf/validator-ajv8
 * does with ajv-errors — same ajv errors, same `errorMessage` texts (the SPEC §5 texts), rjsf's own
 * error processing — but never compiles code: a schema precompiled at build time
 * (schemas/validation/static-schemas.ts) runs ajv's generated code, any other runs the interpreter of
 * runtime/validation. rjsf's own precompiled validator (`createPrecompiledValidator`) is bound to one
 * root schema and refuses any other, while the inspector, owner and survey/repair forms build their
 * schema from data at run time; hence one validator that picks per schema.
 */
class EvalFreeValidator implements ValidatorType {
  rawValidation<Result = ErrorObject>(schema: RJSFSchema, formData?: unknown) {
    try {
      const validate = validatorFor(schema, OPTIONS)
      validate(formData)
      const errors = validate.errors ? [...validate.errors] : undefined
      return { errors: errors as Result[] | undefined }
    } catch (error) {
      return { errors: undefined, validationError: error as Error }
    }
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const raw = this.rawValidation<ErrorObject>(schema, formData)
    return processRawValidationErrors(this, raw, formData, schema, customValidate, transformErrors, uiSchema)
  }

  isValid(schema: RJSFSchema, formData: unknown): boolean {
    try {
      return validatorFor(schema, OPTIONS)(formData)
    } catch (error) {
      // As @rjsf/validator-ajv8 does with a schema it cannot compile: not valid, and say why.
      console.warn('Error encountered compiling schema:', error)
      return false
    }
  }
}

/** The validator of every rjsf form (CrudForm, the designer's inspector, the record form's root). */
export const crudValidator: ValidatorType = new EvalFreeValidator()

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
