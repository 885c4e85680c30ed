import { useEffect, useState } from 'react'
import ProgressBar from 'react-bootstrap/ProgressBar'
import type { DocumentRef } from '../../schemas/form-layout'
import { useOptionalRuntime } from '../form/runtime-context'
import { DocumentViewerModal, useDocumentUrl } from './document-viewer-modal'
import { WIDGET_MESSAGES } from './messages'
import { isImage, toDocumentRef, uploadProblem } from './upload-rules'
import { isInert, type ItrWidgetProps } from './widget-props'

interface UploadOptions {
  accept?: string[]
  documentType?: string
}

/** SPEC §4 "File upload": pending, done or error, with a progress percentage. */
export type UploadState =
  | { state: 'idle' }
  | { state: 'pending'; name: string; percent: number; preview?: string }
  | { state: 'done'; name: string }
  | { state: 'error'; name: string; message: string }

const asRef = (v: unknown): DocumentRef | null =>
  typeof v === 'object' && v !== null && 'savedFilename' in v ? (v as DocumentRef) : null

/**
 * upload: one file sent to the document store as soon as it is chosen (SPEC §5 extensions checked
 * first), with a progress bar; the record keeps the stored Document. Images are previewed; any stored
 * document opens in the document viewer.
 */
export function UploadWidget(props: ItrWidgetProps) {
  const { accept, documentType } = props.options as UploadOptions
  const services = useOptionalRuntime()?.services
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' })
  const [viewing, setViewing] = useState(false)
  const stored = asRef(props.value)
  const inert = isInert(props)
  const previewStored = stored !== null && isImage(stored.contentType) && upload.state !== 'pending'
  const storedUrl = useDocumentUrl(services, stored?.savedFilename, previewStored)

  // The local preview of a file being sent is released once it is no longer shown.
  const localPreview = upload.state === 'pending' ? upload.preview : undefined
  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview])

  const choose = async (file: File) => {
    const problem = uploadProblem(file.name, accept)
    if (problem) return setUpload({ state: 'error', name: file.name, message: problem })
    if (!services) return
    const preview = isImage(file.type || file.name) ? URL.createObjectURL(file) : undefined
    setUpload({ state: 'pending', name: file.name, percent: 0, preview })
    try {
      const info = await services.uploadDocument(file, {
        documentType,
        pdfOnly: !!documentType,
        onProgress: (percent) =>
          setUpload((u) => (u.state === 'pending' && u.name === file.name ? { ...u, percent } : u)),
      })
      setUpload({ state: 'done', name: file.name })
      props.onChange(toDocumentRef(info))
    } catch (error) {
      setUpload({
        state: 'error',
        name: file.name,
        message: WIDGET_MESSAGES.upload.failed((error as Error).message),
      })
    }
  }

  return (
    <div>
      {!inert && (
        <input
          id={props.id}
          type="file"
          className={`form-control${upload.state === 'error' ? ' is-invalid' : ''}`}
          accept={accept?.join(',')}
          disabled={upload.state === 'pending'}
          aria-describedby={`${props.id}-accepted`}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void choose(file)
          }}
        />
      )}
      {!inert && (
        <div id={`${props.id}-accepted`} className="form-text">
          Accepted: {accept?.join(' ')}
        </div>
      )}
      {upload.state === 'pending' && (
        <div className="mt-2" role="status" aria-label={`Uploading ${upload.name}`}>
          <ProgressBar now={upload.percent} label={`${Math.round(upload.percent)}%`} animated />
          {upload.preview && (
            <img
              src={upload.preview}
              alt={`Preview of ${upload.name}`}
              className="img-thumbnail mt-2"
              style={{ maxHeight: 120 }}
            />
          )}
        </div>
      )}
      {upload.state === 'error' && (
        <div className="invalid-feedback d-block" role="alert">
          {upload.message}
        </div>
      )}
      {stored && upload.state !== 'pending' && (
        <div className="d-flex align-items-center gap-2 mt-2">
          {previewStored && storedUrl.state === 'ready' && (
            <img
              src={storedUrl.url}
              alt={`Preview of ${stored.originalFilename ?? stored.savedFilename}`}
              className="img-thumbnail"
              style={{ maxHeight: 120 }}
            />
          )}
          <span className="badge text-bg-success">{upload.state === 'done' ? 'Uploaded' : 'Stored'}</span>
          <span className="text-truncate">
            {stored.originalFilename ?? stored.name ?? stored.savedFilename}
          </span>
          {services && (
            <button type="button" className="btn btn-link btn-sm" onClick={() => setViewing(true)}>
              View
            </button>
          )}
          {!inert && (
            <button
              type="button"
              className="btn btn-link btn-sm text-danger"
              onClick={() => props.onChange(null)}
            >
              Remove
            </button>
          )}
        </div>
      )}
      {inert && !stored && <div className="form-control-plaintext text-body-secondary">No file</div>}
      {viewing && stored && services && (
        <DocumentViewerModal document={stored} services={services} onClose={() => setViewing(false)} />
      )}
    </div>
  )
}
