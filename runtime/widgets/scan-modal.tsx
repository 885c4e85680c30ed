import { useEffect, useRef, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Modal from 'react-bootstrap/Modal'
import { WIDGET_MESSAGES } from './messages'

export interface ScanModalProps {
  show: boolean
  title: string
  /** Label of the typed-entry box. */
  manualLabel: string
  onClose(): void
  /** The decoded (or typed) text. */
  onDetected(text: string): void
}

type CameraState = 'starting' | 'scanning' | 'unavailable'

/**
 * The camera side of the modal: while shown, decodes from the <video> and reports the first code;
 * each opening starts again with an empty typed entry.
 */
function useScanner(show: boolean, onDetected: (text: string) => void) {
  const video = useRef<HTMLVideoElement>(null)
  const [camera, setCamera] = useState<CameraState>('starting')
  const [typed, setTyped] = useState('')

  useEffect(() => {
    if (!show) return
    let stopped = false
    let stop: (() => void) | undefined
    setCamera('starting')
    setTyped('')
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API')
      const { BrowserMultiFormatReader } = await import('@zxing/browser')
      // The <video> mounts with the modal; wait one frame for it.
      await new Promise((resolve) => requestAnimationFrame(resolve))
      if (stopped || !video.current) return
      const controls = await new BrowserMultiFormatReader().decodeFromVideoDevice(
        undefined,
        video.current,
        (result, _error, ctl) => {
          if (!result || stopped) return
          stopped = true
          ctl.stop()
          onDetected(result.getText())
        },
      )
      if (stopped) controls.stop()
      else {
        stop = () => controls.stop()
        setCamera('scanning')
      }
    }
    start().catch(() => !stopped && setCamera('unavailable'))
    return () => {
      stopped = true
      stop?.()
    }
  }, [show, onDetected])
  return { video, camera, typed, setTyped }
}

/**
 * Reads a barcode or QR code with the device camera (@zxing/browser on a <video>), with a typed entry
 * below it. When there is no camera, or permission is refused, the modal says so and the typed entry
 * is the way in; that path needs no camera, so it also works in headless browsers and tests. The
 * scanner library is loaded only when the modal first opens, keeping it out of the form's bundle.
 */
export function ScanModal(props: ScanModalProps) {
  const { show, onDetected } = props
  const { video, camera, typed, setTyped } = useScanner(show, onDetected)

  const submitTyped = () => {
    const text = typed.trim()
    if (text) onDetected(text)
  }

  return (
    <Modal show={show} onHide={props.onClose} centered aria-labelledby="scan-modal-title">
      <Modal.Header closeButton>
        <Modal.Title id="scan-modal-title">{props.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {camera === 'unavailable' ? (
          <div className="alert alert-info" role="status">
            {WIDGET_MESSAGES.scan.noCamera}
          </div>
        ) : (
          <div className="ratio ratio-4x3 bg-dark rounded mb-3 overflow-hidden">
            <video ref={video} muted playsInline aria-label="Camera preview" />
            {camera === 'starting' && (
              <div className="d-flex align-items-center justify-content-center text-white">
                {WIDGET_MESSAGES.scan.starting}
              </div>
            )}
          </div>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault()
            // React events bubble through the portal: a form around the Scan button must not submit too.
            e.stopPropagation()
            submitTyped()
          }}
        >
          <label className="form-label" htmlFor="scan-modal-manual">
            {props.manualLabel}
          </label>
          <div className="input-group">
            <input
              id="scan-modal-manual"
              className="form-control"
              value={typed}
              autoFocus={camera === 'unavailable'}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Button type="submit" variant="primary" disabled={typed.trim() === ''}>
              Use this code
            </Button>
          </div>
        </form>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
