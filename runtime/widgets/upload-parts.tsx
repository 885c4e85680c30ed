import ProgressBar from 'react-bootstrap/ProgressBar'
import type { DocumentRef } from '../../schemas/form-layout'

/** A file being sent: its progress bar and, for an image, the local preview. */
export function UploadProgress(props: { name: string; percent: number; preview?: string }) {
  const { name, percent, preview } = props
  return (
    <div className="mt-2" role="status" aria-label={`Uploading ${name}`}>
      <ProgressBar now={percent} label={`${Math.round(percent)}%`} animated />
      {preview && (
        <img
          src={preview}
          alt={`Preview of ${name}`}
          className="img-thumbnail mt-2"
          style={{ maxHeight: 120 }}
        />
      )}
    </div>
  )
}

/**
 * The stored document's line: preview (when an image's URL is ready), Uploaded or Stored badge, its
 * name, View (when `onView` is given) and Remove (when `onRemove` is given).
 */
export function StoredDocument(props: {
  stored: DocumentRef
  previewUrl?: string
  justUploaded: boolean
  onView?: () => void
  onRemove?: () => void
}) {
  const { stored, previewUrl } = props
  return (
    <div className="d-flex align-items-center gap-2 mt-2">
      {previewUrl !== undefined && (
        <img
          src={previewUrl}
          alt={`Preview of ${stored.originalFilename ?? stored.savedFilename}`}
          className="img-thumbnail"
          style={{ maxHeight: 120 }}
        />
      )}
      <span className="badge text-bg-success">{props.justUploaded ? 'Uploaded' : 'Stored'}</span>
      <span className="text-truncate">{stored.originalFilename ?? stored.name ?? stored.savedFilename}</span>
      {props.onView && (
        <button type="button" className="btn btn-link btn-sm" onClick={props.onView}>
          View
        </button>
      )}
      {props.onRemove && (
        <button type="button" className="btn btn-link btn-sm text-danger" onClick={props.onRemove}>
          Remove
        </button>
      )}
    </div>
  )
}
