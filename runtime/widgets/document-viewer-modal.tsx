import { useEffect, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Modal from 'react-bootstrap/Modal'
import type { DocumentRef } from '../../schemas/form-layout'
import type { RuntimeServices } from '../form/services'
import { WIDGET_MESSAGES } from './messages'
import { isImage } from './upload-rules'

type Loaded = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed' }

/** Downloads a stored document once and keeps an object URL for it while `active`. */
export function useDocumentUrl(
  services: RuntimeServices | undefined,
  savedFilename: string | undefined,
  active: boolean,
): Loaded {
  const [loaded, setLoaded] = useState<{ name: string; result: Loaded } | null>(null)
  useEffect(() => {
    if (!active || !services || !savedFilename) return
    let live = true
    let url: string | undefined
    services.downloadDocument(savedFilename).then(
      (blob) => {
        if (!live) return
        url = URL.createObjectURL(blob)
        setLoaded({ name: savedFilename, result: { state: 'ready', url } })
      },
      () => live && setLoaded({ name: savedFilename, result: { state: 'failed' } }),
    )
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [services, savedFilename, active])
  return loaded && loaded.name === savedFilename ? loaded.result : { state: 'loading' }
}

/**
 * SPEC §2 "Document viewer modal with Download and Close": previews an image or PDF in place and
 * downloads it under its original name; 'Could not load document at this time' when it cannot be had.
 */
export function DocumentViewerModal(props: {
  document: DocumentRef
  services: RuntimeServices
  onClose(): void
}) {
  const { document: doc } = props
  const loaded = useDocumentUrl(props.services, doc.savedFilename, true)
  const name = doc.originalFilename ?? doc.name ?? doc.savedFilename
  return (
    <Modal show onHide={props.onClose} size="lg" centered aria-labelledby="document-viewer-title">
      <Modal.Header closeButton>
        <Modal.Title id="document-viewer-title">{name}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {loaded.state === 'loading' && <div role="status">Loading…</div>}
        {loaded.state === 'failed' && (
          <div className="alert alert-danger mb-0" role="alert">
            {WIDGET_MESSAGES.documents.loadFailed}
          </div>
        )}
        {loaded.state === 'ready' &&
          (isImage(doc.contentType) ? (
            <img src={loaded.url} alt={name} className="img-fluid" />
          ) : doc.contentType === 'application/pdf' ? (
            <iframe src={loaded.url} title={name} className="w-100 border-0" style={{ height: '70vh' }} />
          ) : (
            <p className="mb-0">This file type cannot be previewed; download it to open it.</p>
          ))}
      </Modal.Body>
      <Modal.Footer>
        <a
          className={`btn btn-primary${loaded.state === 'ready' ? '' : ' disabled'}`}
          href={loaded.state === 'ready' ? loaded.url : undefined}
          download={name}
          aria-disabled={loaded.state !== 'ready' || undefined}
        >
          Download
        </a>
        <Button variant="outline-secondary" onClick={props.onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
