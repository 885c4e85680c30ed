import { useMemo, type ReactNode } from 'react'
import Form from '@rjsf/react-bootstrap'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { withoutId } from './schema-errors'
import { attachErrorsToFields, crudValidator } from './validator'

export interface CrudFormProps<T> {
  /** An entity schema from schemas/entities (its titles label the fields, its errorMessage texts are shown). */
  schema: object
  uiSchema?: UiSchema<T>
  formData: T
  onChange: (data: T) => void
  /** Called with valid data only: the schema is checked before any call. */
  onSubmit: (data: T) => void
  onCancel?: () => void
  submitLabel?: string
  /** While saving: buttons disabled, the submit button shows a spinner. */
  busy?: boolean
  /** Content between the fields and the buttons (grids, tabs of the same screen). */
  children?: ReactNode
  /** Accessible name of the form. */
  label?: string
  /**
   * For users who may look but not change (e.g. the internal view on reference data): every field and
   * the children's controls are disabled, Save is not offered and Cancel reads Back.
   */
  readOnly?: boolean
}

/**
 * A simple create/edit form rendered by rjsf from an entity schema, with Cancel and Save. Validation
 * runs on submit with the schema's own texts under each field; the browser's HTML5 checks are off
 * so the SPEC texts, not the browser's, are what the user sees.
 */
export function CrudForm<T>(props: CrudFormProps<T>) {
  const { formData, onChange, onSubmit, onCancel, busy, label, readOnly } = props
  // Looking only, nothing is asked of the user: no field is marked required (*).
  const schema = useMemo(
    () => (readOnly ? withoutRequired : (s: RJSFSchema) => s)(withoutId(props.schema) as RJSFSchema),
    [props.schema, readOnly],
  )
  return (
    <Form
      schema={schema}
      uiSchema={{ 'ui:submitButtonOptions': { norender: true }, ...props.uiSchema } as UiSchema<T>}
      formData={formData}
      validator={crudValidator}
      transformErrors={attachErrorsToFields}
      noHtml5Validate
      showErrorList={false}
      // A CRUD form never chooses for the user: rjsf would otherwise fill a required choice of consts
      // with its first option while the select still shows its placeholder (issue #11.16).
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
      disabled={busy || readOnly}
      onChange={(e) => onChange(e.formData as T)}
      onSubmit={(e) => onSubmit(e.formData as T)}
      // The messages show at their fields; without a handler rjsf logs every refused Save to the console.
      onError={() => undefined}
      aria-label={label}
      className="crud-form"
    >
      <fieldset disabled={readOnly} className="crud-form-children">
        {props.children}
      </fieldset>
      <div className="d-flex gap-2 mt-3">
        {onCancel && (
          <Button type="button" variant="outline-secondary" onClick={onCancel} disabled={busy}>
            {readOnly ? 'Back' : 'Cancel'}
          </Button>
        )}
        {!readOnly && (
          <Button type="submit" variant="primary" disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {props.submitLabel ?? 'Save'}
          </Button>
        )}
      </div>
    </Form>
  )
}

/** The schema with no `required` list at any level (for display only: a read-only form asks nothing). */
function withoutRequired(schema: RJSFSchema): RJSFSchema {
  const { required: _required, properties, ...rest } = schema
  if (!properties) return rest
  const shown = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [
      key,
      typeof value === 'object' && value !== null ? withoutRequired(value as RJSFSchema) : value,
    ]),
  )
  return { ...rest, properties: shown }
}
