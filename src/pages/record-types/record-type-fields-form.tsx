import Form from 'react-bootstrap/Form'
import {
  CAPTURE_TYPE_LABELS,
  RECORD_CATEGORIES,
  RECORD_TYPE_NAME_MAX,
  allowedCaptureTypes,
} from '../../../schemas/form-layout'
import type { RecordCategory } from '../../../schemas/form-layout'
import { REVIEW_POLICIES, REVIEW_POLICY_LABELS, type ReviewPolicy } from '../../../schemas/records'
import { MESSAGES } from '../../../schemas/messages'
import type { RecordTypeFields } from './record-type-draft'

/** The editor offers File and Form (SPEC §4); 'both' is a stored type only older tools wrote. */
const CAPTURE_OPTIONS = (['file', 'form'] as const).map((value) => ({
  value,
  label: CAPTURE_TYPE_LABELS[value],
}))

/** The record type's own inputs: ID (when it exists), Name, Record Category, Review and Capture Type. */
export function RecordTypeFieldsForm(props: {
  /** The ID as routed, or null for a new record type. */
  id: string | null
  fields: RecordTypeFields
  nameErrors: string[]
  /** The stored name of a type with records, whose category stays (the server refuses a change, 409). */
  categoryLockedName?: string | null
  onName: (name: string) => void
  onCategory: (category: RecordCategory) => void
  onCaptureType: (captureType: 'file' | 'form') => void
  onReviewPolicy: (policy: ReviewPolicy) => void
}) {
  const { fields, nameErrors } = props
  const locked = props.categoryLockedName
  const allowed = allowedCaptureTypes(fields.category)
  return (
    <>
      <div className="row g-3 mb-3">
        {props.id != null && (
          <Form.Group className="col-sm-2" controlId="record-type-id">
            <Form.Label>ID</Form.Label>
            <Form.Control value={props.id} readOnly plaintext />
          </Form.Group>
        )}
        <Form.Group className="col-md-6" controlId="record-type-name">
          <Form.Label>Name</Form.Label>
          <Form.Control
            value={fields.name}
            placeholder="Enter record type name"
            maxLength={RECORD_TYPE_NAME_MAX + 20}
            isInvalid={nameErrors.length > 0}
            onChange={(e) => props.onName(e.target.value)}
          />
          {nameErrors.map((m) => (
            <Form.Control.Feedback key={m} type="invalid">
              {m}
            </Form.Control.Feedback>
          ))}
        </Form.Group>
        <Form.Group className="col-md-4" controlId="record-type-category">
          <Form.Label>Record Category</Form.Label>
          <Form.Select
            value={fields.category}
            disabled={locked != null}
            aria-describedby={locked != null ? 'record-type-category-locked' : undefined}
            onChange={(e) => props.onCategory(e.target.value as RecordCategory)}
          >
            {RECORD_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Form.Select>
          {locked != null && (
            <div id="record-type-category-locked" className="form-text">
              {MESSAGES.recordType.categoryInUse(locked)}
            </div>
          )}
        </Form.Group>
        <ReviewPolicySelect value={fields.reviewPolicy ?? 'none'} onChange={props.onReviewPolicy} />
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Capture Type</legend>
        {CAPTURE_OPTIONS.map((o) => (
          <Form.Check
            key={o.value}
            inline
            type="radio"
            name="capture-type"
            id={`capture-type-${o.value}`}
            label={o.label}
            checked={fields.captureType === o.value}
            disabled={!allowed.includes(o.value)}
            onChange={() => props.onCaptureType(o.value)}
          />
        ))}
        {!allowed.includes('file') && (
          <div className="form-text">Calibration records are captured by form.</div>
        )}
      </fieldset>
    </>
  )
}

/** Issue #19: records of a reviewed type count only once reviewed (and approved). */
function ReviewPolicySelect({
  value,
  onChange,
}: {
  value: ReviewPolicy
  onChange: (p: ReviewPolicy) => void
}) {
  return (
    <Form.Group className="col-md-4" controlId="record-type-review">
      <Form.Label>Review</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value as ReviewPolicy)}>
        {REVIEW_POLICIES.map((p) => (
          <option key={p} value={p}>
            {REVIEW_POLICY_LABELS[p]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  )
}
