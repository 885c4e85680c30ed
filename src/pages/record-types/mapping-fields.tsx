import Form from 'react-bootstrap/Form'
import { MAPPING_FIELD_LABELS, type MappingField } from '../../../schemas/form-layout'
import { isFixedMapping, visibleMappingFields } from './record-type-draft'
import type { RecordTypeEditController } from './use-record-type-edit'

/** Id of the datalist offering the layout's variables to every mapping input. */
export const VARIABLES_LIST_ID = 'record-type-layout-variables'
/** Id of the datalist offering the layout's tests and groups to the as-found mapping (issue #15.3). */
export const RESULT_VARIABLES_LIST_ID = 'record-type-result-variables'

/** What a mapping input offers and says under itself, beyond the variables of the layout. */
const FIELD_HINTS: Partial<Record<MappingField, string>> = {
  asFoundResultField:
    'A test or group: its Pass or Fail is the device as found, before adjustment. A Fail makes the records that used the device since its last passing calibration suspect.',
  asLeftResultField: 'A test or group: its Pass or Fail is the device as left, after adjustment.',
}

/** Each name once: a variable defined twice (a layout problem of its own) must not repeat an option's key. */
const unique = (names: readonly string[]): string[] => [...new Set(names)]

/**
 * The field-mapping inputs of the category (SPEC §4). Free text (a file capture maps CSV columns),
 * with the layout's variables offered in a list; a mapped variable the layout does not have is
 * flagged at once for form capture. Problem Report's fixed fields are disabled.
 */
export function MappingFields({ c }: { c: RecordTypeEditController }) {
  const { category } = c.fields
  return (
    <fieldset className="mb-3">
      <legend className="h5">Field Mappings</legend>
      <p className="small text-body-secondary mb-2">
        {c.fields.captureType === 'file'
          ? 'Name the CSV column that carries each value.'
          : 'Pick the form variable that carries each value.'}
      </p>
      <datalist id={VARIABLES_LIST_ID}>
        {unique(c.variables).map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      <datalist id={RESULT_VARIABLES_LIST_ID}>
        {unique(c.resultVariables).map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      <div className="row g-3">
        {visibleMappingFields(category).map((field) => {
          const value = c.doc.mappings[field] ?? ''
          const fixed = isFixedMapping(category, field)
          const errors = c.messagesFor(field)
          const missing = fixed ? null : c.missingVariable(value)
          const shown = errors.length > 0 ? errors : []
          const id = `mapping-${field}`
          const list = field in FIELD_HINTS ? RESULT_VARIABLES_LIST_ID : VARIABLES_LIST_ID
          const hint = FIELD_HINTS[field]
          return (
            <Form.Group key={field} className="col-md-6 col-xl-4" controlId={id}>
              <Form.Label>{MAPPING_FIELD_LABELS[field]}</Form.Label>
              <Form.Control
                list={fixed ? undefined : list}
                value={value}
                disabled={fixed}
                autoComplete="off"
                isInvalid={shown.length > 0}
                aria-describedby={`${id}-help`}
                onChange={(e) => c.setMapping(field, e.target.value)}
              />
              <div id={`${id}-help`}>
                {shown.map((m) => (
                  <div key={m} className="invalid-feedback d-block">
                    {m}
                  </div>
                ))}
                {shown.length === 0 && missing && (
                  <div className="form-text text-warning-emphasis">{missing}</div>
                )}
                {fixed && <div className="form-text">Fixed for problem reports.</div>}
                {hint && shown.length === 0 && !missing && <div className="form-text">{hint}</div>}
              </div>
            </Form.Group>
          )
        })}
      </div>
    </fieldset>
  )
}
