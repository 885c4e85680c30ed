import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import type { CategoryChoice } from './records-model'
import type { useRecordsList } from './use-records-list'

/**
 * Above the records grid: the category, 'Suspect only', 'My queue', 'Show superseded', 'Export to Excel'
 * and batch 'Certificates'.
 */
export function RecordsToolbar(props: {
  list: ReturnType<typeof useRecordsList>
  selectionCount: number
  onExport: () => void
  onCertificates: () => void
}) {
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mb-3 records-toolbar">
      {props.list.choices.length > 1 && (
        <Form.Group controlId="records-category">
          <Form.Label className="mb-1 small text-secondary">Category</Form.Label>
          <Form.Select
            value={props.list.category}
            onChange={(e) => props.list.chooseCategory(e.target.value as CategoryChoice)}
            style={{ minWidth: 200 }}
          >
            {props.list.choices.map((c) => (
              <option key={c} value={c}>
                {props.list.labels[c]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <Form.Check
        type="switch"
        id="records-suspect"
        className="mb-2"
        label="Suspect only"
        checked={props.list.suspectOnly}
        onChange={(e) => props.list.setSuspectOnly(e.target.checked)}
      />
      {/* Issue #19: the records waiting for me; superseded records of the re-test chain on request. */}
      <Form.Check
        type="switch"
        id="records-my-queue"
        className="mb-2"
        label="My queue"
        checked={props.list.review.myQueue ?? false}
        onChange={(e) => props.list.toggleReview({ myQueue: e.target.checked })}
      />
      <Form.Check
        type="switch"
        id="records-show-superseded"
        className="mb-2"
        label="Show superseded"
        checked={!props.list.review.hideSuperseded}
        onChange={(e) => props.list.toggleReview({ hideSuperseded: !e.target.checked })}
      />
      <Button variant="success" onClick={props.onExport} disabled={props.list.choices.length === 0}>
        Export to Excel
      </Button>
      {/* Batch certificates (issue #16.3): of the rows ticked, or of every record matching. */}
      <Button variant="outline-primary" onClick={props.onCertificates} disabled={props.selectionCount === 0}>
        Certificates{props.selectionCount > 0 ? ` (${props.selectionCount.toLocaleString('en-GB')})` : ''}
      </Button>
    </div>
  )
}
