import { useState } from 'react'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Modal from 'react-bootstrap/Modal'
import Spinner from 'react-bootstrap/Spinner'
import { CERTIFICATE_BATCH_LIMIT, type CertificateFormat } from '../../../../schemas/records'

const n = (count: number) => count.toLocaleString('en-GB')

/** What the dialog shows and does. */
export interface CertificatesDialogProps {
  count: number
  busy: boolean
  error: string | null
  onMake: (format: CertificateFormat) => void
  onClose: () => void
}

/**
 * The small dialog of 'Certificates' (issue #16.3): one zip of PDFs or one merged PDF, for the records
 * selected. Over CERTIFICATE_BATCH_LIMIT it says the file will be prepared on the server and e-mailed.
 */
export function CertificatesDialog({ count, busy, error, onMake, onClose }: CertificatesDialogProps) {
  const [format, setFormat] = useState<CertificateFormat>('zip')
  const job = count > CERTIFICATE_BATCH_LIMIT
  return (
    <Modal show onHide={onClose} centered aria-labelledby="certificates-title">
      <Modal.Header closeButton>
        <Modal.Title id="certificates-title" as="h2" className="h5">
          Certificates
        </Modal.Title>
      </Modal.Header>
      <Form
        onSubmit={(e) => {
          e.preventDefault()
          onMake(format)
        }}
      >
        <Modal.Body>
          <p className="mb-2">
            {n(count)} {count === 1 ? 'record' : 'records'} selected.
          </p>
          <fieldset disabled={busy}>
            <legend className="form-label small text-secondary mb-1">Download as</legend>
            <Form.Check
              type="radio"
              id="certificates-zip"
              name="certificates-format"
              label="One zip of PDFs (a certificate file per record)"
              checked={format === 'zip'}
              onChange={() => setFormat('zip')}
            />
            <Form.Check
              type="radio"
              id="certificates-pdf"
              name="certificates-format"
              label="One merged PDF (every certificate from a new page)"
              checked={format === 'pdf'}
              onChange={() => setFormat('pdf')}
            />
          </fieldset>
          {job && (
            <Alert variant="info" className="small mt-3 mb-0">
              More than {n(CERTIFICATE_BATCH_LIMIT)} records: the file is prepared on the server and e-mailed
              to you; it can also be downloaded here once it is ready.
            </Alert>
          )}
          {error && (
            <Alert variant="danger" className="small mt-3 mb-0" role="alert">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || count === 0}>
            {busy ? (
              <>
                <Spinner animation="border" size="sm" aria-hidden="true" /> Preparing…
              </>
            ) : job ? (
              'Prepare and e-mail'
            ) : (
              'Download'
            )}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}
