import { useCallback, useState } from 'react'
import { WIDGET_MESSAGES } from './messages'
import { ScanModal } from './scan-modal'
import { invalidClass, isInert, type ItrWidgetProps } from './widget-props'

/** singletext with `barcode`: a text box with a Scan button that fills it from the camera. */
export function BarcodeTextWidget(props: ItrWidgetProps) {
  const [scanning, setScanning] = useState(false)
  const { onChange } = props
  const detected = useCallback(
    (text: string) => {
      setScanning(false)
      onChange(text)
    },
    [onChange],
  )
  const inert = isInert(props)
  return (
    <div className="input-group">
      <input
        id={props.id}
        type="text"
        className={`form-control${invalidClass(props)}`}
        value={typeof props.value === 'string' ? props.value : ''}
        readOnly={inert}
        aria-invalid={invalidClass(props) ? true : undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      />
      {!inert && (
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label={`Scan ${props.label}`}
          onClick={() => setScanning(true)}
        >
          Scan
        </button>
      )}
      {scanning && (
        <ScanModal
          show
          title={WIDGET_MESSAGES.scan.barcodeTitle}
          manualLabel={`Type ${props.label}`}
          onClose={() => setScanning(false)}
          onDetected={detected}
        />
      )}
    </div>
  )
}
