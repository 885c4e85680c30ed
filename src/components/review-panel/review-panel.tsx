import Alert from 'react-bootstrap/Alert'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import ListGroup from 'react-bootstrap/ListGroup'
import { Link } from 'react-router-dom'
import {
  REVIEW_POLICY_LABELS,
  REVIEW_STATE_LABELS,
  type RecordReview,
  type ReviewState,
} from '../../../schemas/records'
import { formatUtc } from '../date-format'
import { useRecordReview } from './use-record-review'
import { SupersededNotice } from './superseded-notice'

const STATE_BG: Record<ReviewState, string> = {
  none: 'light',
  submitted: 'warning',
  reviewed: 'info',
  approved: 'success',
  rejected: 'danger',
}

const ACTION_LABEL = { review: 'Review', approve: 'Approve', reject: 'Reject' } as const

/** The reject form's hint, read with the reason box and the button it keeps disabled. */
const REJECT_HINT_ID = 'review-reject-comment-hint'

/**
 * A record's review (issue #19): its state, who submitted it, the transitions with their comments, and
 * Review / Approve / Reject for whoever may take them now. Shown on /Records/{id} and read-only /DataEntry;
 * for a record that never needed review, only the superseded notice when a newer record replaced it
 * (nothing at all when `supersededShown`: the page says it above the record).
 */
export function ReviewPanel(props: {
  recordId: number | string | null | undefined
  /** The content revision the page shows (GET Record/{id}'s `revision`), which a decision is made on. */
  revision?: number
  onChanged?: () => void
  /** The page shows the record's superseded notice itself (SupersededNotice): not said again here. */
  supersededShown?: boolean
}) {
  const c = useRecordReview(props.recordId, props.revision, props.onChanged)
  const data = c.review.data
  if (!data) return null
  const supersededBy = props.supersededShown ? null : data.supersededBy
  if (data.state === 'none' && data.transitions.length === 0)
    return <SupersededNotice supersededBy={supersededBy} className="mt-3" />
  return (
    <Card className="shadow-sm mt-3 review-panel" aria-label="Review">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold">Review</span>
        <Badge
          bg={STATE_BG[data.state]}
          text={data.state === 'none' || data.state === 'submitted' ? 'dark' : undefined}
        >
          {REVIEW_STATE_LABELS[data.state]}
        </Badge>
        <span className="small text-secondary">{REVIEW_POLICY_LABELS[data.policy]}</span>
      </Card.Header>
      <Card.Body>
        <ReviewFacts data={data} supersededBy={supersededBy} />
        {c.error && (
          <Alert variant="danger" className="py-2">
            {c.error}
          </Alert>
        )}
        {data.actions.length > 0 && !c.rejecting && (
          <div className="d-flex flex-wrap gap-2 d-print-none">
            {data.actions.map((a) => (
              <Button
                key={a}
                variant={a === 'reject' ? 'outline-danger' : 'success'}
                disabled={c.busy}
                onClick={() => (a === 'reject' ? c.setRejecting(true) : void c.act(a))}
              >
                {ACTION_LABEL[a]}
              </Button>
            ))}
          </div>
        )}
        {c.rejecting && (
          <Form
            className="d-print-none"
            onSubmit={(e) => {
              e.preventDefault()
              void c.act('reject')
            }}
          >
            <Form.Group controlId="review-reject-comment" className="mb-2">
              <Form.Label>Why is it rejected?</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={c.comment}
                onChange={(e) => c.setComment(e.target.value)}
                aria-describedby={REJECT_HINT_ID}
              />
              {/* Walk s14: 'Reject record' stayed disabled with no word of why. */}
              <Form.Text id={REJECT_HINT_ID}>A reason is required to reject.</Form.Text>
            </Form.Group>
            <div className="d-flex gap-2">
              <Button
                type="submit"
                variant="danger"
                disabled={c.busy || !c.comment.trim()}
                aria-describedby={REJECT_HINT_ID}
              >
                Reject record
              </Button>
              <Button variant="outline-secondary" onClick={() => c.setRejecting(false)}>
                Cancel
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  )
}

/** Submitter, chain link (unless the page shows it), amend hint and the transitions. */
function ReviewFacts({
  data,
  supersededBy,
}: {
  data: RecordReview
  supersededBy: number | null | undefined
}) {
  return (
    <>
      {data.submittedBy && <p className="mb-2 small">Submitted by {data.submittedBy}</p>}
      {supersededBy != null && (
        <p className="mb-2 small">
          Superseded by <Link to={`/Records/${supersededBy}`}>record {supersededBy}</Link>
        </p>
      )}
      {data.mayAmend && data.supersededBy == null && (
        <Alert variant="warning" className="py-2">
          This record was rejected. Amend it in Data Entry and save it to resubmit.
        </Alert>
      )}
      {data.transitions.length > 0 && (
        <ListGroup as="ul" variant="flush" className="mb-3 review-history" aria-label="Review history">
          {data.transitions.map((t, i) => (
            <ListGroup.Item as="li" key={i} className="px-0">
              <span className="fw-semibold">{REVIEW_STATE_LABELS[t.to]}</span>
              {t.by ? ` by ${t.by}` : ''} · {formatUtc(t.at)}
              {/* Only an edited record has revisions worth telling apart. */}
              {(data.revision ?? 1) > 1 && t.revision != null && ` · revision ${t.revision}`}
              {t.comment && <div className="text-break review-comment">{t.comment}</div>}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </>
  )
}
