import Badge from 'react-bootstrap/Badge'
import Form from 'react-bootstrap/Form'
import type { ColumnFilterControl } from '../../../runtime/grid'
import { REVIEW_STATE_LABELS, REVIEW_STATES, type RecordListItem } from '../../../schemas/records'

const BG: Record<string, string> = {
  none: 'light',
  submitted: 'warning',
  reviewed: 'info',
  approved: 'success',
  rejected: 'danger',
}

/** Issue #19: a record's review state, and 'Superseded' when a newer record of its chain exists. */
export function ReviewStatus({ record }: { record: Pick<RecordListItem, 'reviewState' | 'supersededById'> }) {
  const state = record.reviewState ?? 'none'
  return (
    <>
      <Badge bg={BG[state]} text={state === 'none' || state === 'submitted' ? 'dark' : undefined}>
        {REVIEW_STATE_LABELS[state]}
      </Badge>
      {record.supersededById != null && (
        <Badge bg="secondary" className="ms-1 superseded-badge">
          Superseded
        </Badge>
      )}
    </>
  )
}

/** The Status column's filter: all, or one review state. */
export function StatusFilter({ value, setValue, label }: ColumnFilterControl) {
  return (
    <Form.Select
      size="sm"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      aria-label={`Filter by ${label}`}
    >
      <option value="">All</option>
      {REVIEW_STATES.map((s) => (
        <option key={s} value={s}>
          {REVIEW_STATE_LABELS[s]}
        </option>
      ))}
    </Form.Select>
  )
}
