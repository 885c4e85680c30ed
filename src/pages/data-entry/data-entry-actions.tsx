import { CertificateButton } from '../../components/certificate-button'
import Button from 'react-bootstrap/Button'
import type { ReactNode } from 'react'

/** The buttons under the form: Edit/Close for a record shown read-only, Save/Cancel otherwise. */
export function DataEntryActions(props: {
  readOnly: boolean
  saving: boolean
  onEdit: () => void
  onClose: () => void
  onSave: () => void
  onCancel: () => void
  /** The stored record shown, whose certificate a read-only view offers (issue #16). */
  recordId?: number | null
  /** Beside Save: when the form's draft was last kept (issue #18.1). */
  kept?: ReactNode
}) {
  return (
    <div className="d-flex flex-wrap gap-2 mt-4 mb-2 data-entry-actions">
      {props.readOnly ? (
        <>
          <Button onClick={props.onEdit}>Edit</Button>
          <Button variant="outline-secondary" onClick={props.onClose}>
            Close
          </Button>
          {props.recordId != null && <CertificateButton recordId={props.recordId} />}
        </>
      ) : (
        <>
          <Button onClick={props.onSave} disabled={props.saving}>
            {props.saving ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="outline-secondary" onClick={props.onCancel} disabled={props.saving}>
            Cancel
          </Button>
          {props.kept}
        </>
      )}
    </div>
  )
}
