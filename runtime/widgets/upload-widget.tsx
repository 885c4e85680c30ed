import { useEffect, useState } from 'react'
import type { DocumentRef } from '../../schemas/form-layout'
import { useOptionalRuntime } from '../form/runtime-context'
import type { RuntimeServices } from '../form/services'
import { DocumentViewerModal, useDocumentUrl } from './document-viewer-modal'
import { WIDGET_MESSAGES } from './messages'
import { StoredDocument, UploadProgress } from './upload-parts'
import { isImage, toDocumentRef, uploadProblem, uploadSizeProblem } from './upload-rules'
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
 * The upload's state and `choose`, which checks a file's extension and size, then sends it with
 * progress and hands the stored Document to `onChange`.
 */
function useUpload(
  services: RuntimeServices | undefined,
  options: UploadOptions,
  onChange: (v: unknown) => void,
) {
  const { accept, documentType } = options
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' })

  // The local preview of a file being sent is released once it is no longer shown.
  const localPreview = upload.state === 'pending' ? upload.preview : undefined
  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview])

  const choose = async (file: File) => {
    // Checked here, before anything is sent: the server would answer the same only after the whole file.
    const problem = uploadProblem(file.name, accept) ?? uploadSizeProblem(file.size, services?.uploadLimitMb)
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
      onChange(toDocumentRef(info))
    } catch (error) {
      setUpload({
        state: 'error',
        name: file.name,
        message: WIDGET_MESSAGES.upload.failed((error as Error).message),
      })
    }
  }
  return { upload, choose }
}

/**
 * upload: one file sent to the document store as soon as it is chosen (SPEC §5 extensions checked
 * first), with a progress bar; the record keeps the stored Document. Images are previewed; any stored
 * document opens in the document viewer.
 */
export function UploadWidget(props: ItrWidgetProps) {
  const { accept } = props.options as UploadOptions
  const services = useOptionalRuntime()?.services
  const { upload, choose } = useUpload(services, props.options as UploadOptions, props.onChange)
  const [viewing, setViewing] = useState(false)
  const stored = asRef(props.value)
  const inert = isInert(props)
  const previewStored = stored !== null && isImage(stored.contentType) && upload.state !== 'pending'
  const storedUrl = useDocumentUrl(services, stored?.savedFilename, previewStored)

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
        <UploadProgress name={upload.name} percent={upload.percent} preview={upload.preview} />
      )}
      {upload.state === 'error' && (
        <div className="invalid-feedback d-block" role="alert">
          {upload.message}
        </div>
      )}
      {stored && upload.state !== 'pending' && (
        <StoredDocument
          stored={stored}
          previewUrl={previewStored && storedUrl.state === 'ready' ? storedUrl.url : undefined}
          justUploaded={upload.state === 'done'}
          onView={services ? () => setViewing(true) : undefined}
          onRemove={inert ? undefined : () => props.onChange(null)}
        />
      )}
      {inert && !stored && <div className="form-control-plaintext text-body-secondary">No file</div>}
      {viewing && stored && services && (
        <DocumentViewerModal document={stored} services={services} onClose={() => setViewing(false)} />
      )}
    </div>
  )
}
