import { serialFromCode } from '../../schemas/records/scan-code'
import { WIDGET_MESSAGES } from './messages'
import { ScanAction } from './scan-action'
import { invalidClass, isInert, type ItrWidgetProps } from './widget-props'

/**
 * singletext with `barcode`: a text box with a Scan button that fills it from the camera. A keyboard-wedge
 * scanner types the code and Enter: Enter commits the box (never the page's form) and, like leaving it,
 * reduces a QR payload or app URL to the serial it names (issue #18.3); a camera scan does the same.
 */
export function BarcodeTextWidget(props: ItrWidgetProps) {
  const { onChange } = props
  const text = typeof props.value === 'string' ? props.value : ''
  const put = (raw: string) => {
    const serial = serialFromCode(raw)
    onChange(serial === '' ? null : serial)
  }
  const commit = (raw: string) => serialFromCode(raw) !== raw && put(raw)
  const inert = isInert(props)
  return (
    <div className="input-group">
      <input
        id={props.id}
        type="text"
        className={`form-control${invalidClass(props)}`}
        value={text}
        readOnly={inert}
        aria-invalid={invalidClass(props) ? true : undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={() => !inert && commit(text)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return
          e.preventDefault()
          if (!inert) commit(text)
        }}
      />
      {!inert && <ScanAction label={props.label} title={WIDGET_MESSAGES.scan.barcodeTitle} onCode={put} />}
    </div>
  )
}
