import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { ScanModal } from './scan-modal'

/**
 * A 'Scan' button (in an input group) that opens the camera scan modal and hands back the code it read,
 * as it was read: the caller decides what the code names (schemas/records/scan-code.ts).
 */
export function ScanAction(props: {
  /** The control's caption: the button is 'Scan {label}' to a screen reader, the typed entry 'Type {label}'. */
  label: string
  /** The button's accessible name when 'Scan {label}' would not do (it must not read as the box's label). */
  buttonLabel?: string
  title: string
  onCode(text: string): void
}) {
  const [scanning, setScanning] = useState(false)
  // The camera starts again whenever its callback changes: keep one callback, calling the newest onCode.
  const onCode = useRef(props.onCode)
  useLayoutEffect(() => {
    onCode.current = props.onCode
  })
  const detected = useCallback((text: string) => {
    setScanning(false)
    onCode.current(text)
  }, [])
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-label={props.buttonLabel ?? `Scan ${props.label}`}
        onClick={() => setScanning(true)}
      >
        Scan
      </button>
      {scanning && (
        <ScanModal
          show
          title={props.title}
          manualLabel={`Type ${props.label}`}
          onClose={() => setScanning(false)}
          onDetected={detected}
        />
      )}
    </>
  )
}
