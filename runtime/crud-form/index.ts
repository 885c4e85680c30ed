export { CrudForm, type CrudFormProps } from './crud-form'
export { firstSchemaError, schemaErrors, withoutId, type FieldError } from './schema-errors'
export { attachErrorsToFields, crudValidator } from './validator'
