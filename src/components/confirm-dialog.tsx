import Button from 'react-bootstrap/Button'
import Modal from 'react-bootstrap/Modal'

export interface ConfirmDialogProps {
  /** The question; the dialog is open while it is set. */
  question: string | null
  confirmLabel?: string
  onConfirm: () => void
  onCancel: () => void
}

/** A yes/no dialog for destructive actions (delete), so one stray click deletes nothing. */
export function ConfirmDialog({
  question,
  confirmLabel = 'Delete',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal show={Boolean(question)} onHide={onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          Please confirm
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{question}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
