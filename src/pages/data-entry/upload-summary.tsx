import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import type { UploadSummary as Summary } from './use-data-entry'

export interface UploadSummaryProps {
  summary: Summary
  onFinish: () => void
  onAddDuplicate: () => void
  onAddNew: () => void
}

/** SPEC §2: after a successful submit, 'Upload Complete' with the product type and record type. */
export function UploadSummary({ summary, onFinish, onAddDuplicate, onAddNew }: UploadSummaryProps) {
  return (
    <Card
      className="upload-summary mx-auto"
      style={{ maxWidth: '36rem' }}
      aria-labelledby="upload-complete-title"
    >
      <Card.Body>
        <Card.Title as="h2" id="upload-complete-title" className="h4 text-success">
          <span aria-hidden="true">✓ </span>Upload Complete
        </Card.Title>
        <dl className="row mb-4 mt-3">
          {summary.productTypeName && (
            <>
              <dt className="col-sm-4">Product Type</dt>
              <dd className="col-sm-8">{summary.productTypeName}</dd>
            </>
          )}
          <dt className="col-sm-4">Record Type</dt>
          <dd className="col-sm-8">{summary.recordTypeName}</dd>
        </dl>
        <div className="d-flex flex-wrap gap-2">
          <Button onClick={onFinish}>Finish</Button>
          <Button variant="outline-primary" onClick={onAddDuplicate}>
            Add Duplicate
          </Button>
          <Button variant="outline-primary" onClick={onAddNew}>
            Add New
          </Button>
        </div>
      </Card.Body>
    </Card>
  )
}
