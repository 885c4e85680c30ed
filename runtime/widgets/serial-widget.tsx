import { useState } from 'react'
import { FORM_LAYOUT_MESSAGES } from '../../schemas/form-layout'
import { serialFromCode } from '../../schemas/records/scan-code'
import type { Product, RecordListItem } from '../../schemas/records'
import { useOptionalRuntime } from '../form/runtime-context'
import type { RuntimeServices } from '../form/services'
import { WIDGET_MESSAGES } from './messages'
import { ScanAction } from './scan-action'
import { SerialHistoryPanel } from './serial-history-panel'
import { invalidClass, isInert, type ItrWidgetProps } from './widget-props'
import './serial-widget.css'

/** How many earlier records of this record type the history panel lists. */
export const HISTORY_SIZE = 5

/** Lookup of the serial last searched for. */
export type SerialLookup =
  | { state: 'searching'; serial: string }
  | { state: 'notFound'; serial: string }
  | { state: 'failed'; serial: string; message: string }
  | {
      state: 'found'
      serial: string
      product: Product
      history: RecordListItem[] | null
      historyError?: boolean
    }

/**
 * The lookup of the serial last searched for, and `search`, which finds its product (writing the
 * product's `outField` back when it differs) and then the product's recent records.
 */
function useSerialLookup(
  services: RuntimeServices | undefined,
  outField: string | undefined,
  onChange: (value: unknown) => void,
) {
  const [lookup, setLookup] = useState<SerialLookup | null>(null)
  const search = async (text: string) => {
    if (!text || !services) return
    setLookup({ state: 'searching', serial: text })
    let product: Product | null
    try {
      product = await services.lookupSerial(text)
    } catch (error) {
      setLookup({
        state: 'failed',
        serial: text,
        message: WIDGET_MESSAGES.serial.lookupFailed((error as Error).message),
      })
      return
    }
    if (!product) return setLookup({ state: 'notFound', serial: text })
    setLookup({ state: 'found', serial: text, product, history: null })
    const written = outField ? (product as Record<string, unknown>)[outField] : undefined
    if (written !== undefined && written !== null && String(written) !== text) onChange(String(written))
    try {
      const history = await services.recentRecords(product, services.context.recordTypeId, HISTORY_SIZE)
      setLookup((l) =>
        l && l.state === 'found' && l.product === product
          ? { ...l, history: history.slice(0, HISTORY_SIZE) }
          : l,
      )
    } catch {
      setLookup((l) =>
        l && l.state === 'found' && l.product === product ? { ...l, history: [], historyError: true } : l,
      )
    }
  }
  return [lookup, search] as const
}

/**
 * serial (SPEC §2 "Serial lookup box with a search button and a records button"): the technician
 * types or scans a serial number and searches; an unknown serial shows 'Could not find serial
 * number.'. Once found, a side panel shows the product's status, last record date and its last five
 * records of this record type. The records button opens that product's records in a new tab.
 * Scan first (issue #18.3): 'Scan' reads a label with the camera, and a keyboard-wedge scanner's Enter
 * searches (never submitting the page); either way a QR payload or app URL is reduced to its serial.
 */
export function SerialWidget(props: ItrWidgetProps) {
  const runtime = useOptionalRuntime()
  const services = runtime?.services
  const outField = (props.options as { outField?: string }).outField
  const [lookup, search] = useSerialLookup(services, outField, props.onChange)
  const serial = typeof props.value === 'string' ? props.value : ''
  const shown = lookup && lookup.serial === serial.trim() ? lookup : null

  const inert = isInert(props)
  const { onChange } = props
  /** The box's serial from what was typed or scanned, searched for when `andSearch`. */
  const commit = (raw: string, andSearch: boolean) => {
    const reduced = serialFromCode(raw)
    if (!inert && reduced !== serial) onChange(reduced === '' ? null : reduced)
    if (andSearch) void search(reduced)
  }
  const href = serial.trim() && services?.recordsHref ? services.recordsHref(serial.trim()) : undefined
  return (
    <div className="d-flex flex-wrap gap-3 align-items-start">
      <div className="flex-grow-1" style={{ minWidth: '14rem' }}>
        <div className="input-group serial-input-group">
          <input
            id={props.id}
            type="text"
            className={`form-control${invalidClass(props)}`}
            value={serial}
            readOnly={inert}
            aria-invalid={!!invalidClass(props) || undefined}
            onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
            onBlur={() => !inert && commit(serial, false)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return
              e.preventDefault()
              commit(serial, true)
            }}
          />
          {!inert && (
            <ScanAction
              label={props.label}
              title={WIDGET_MESSAGES.scan.barcodeTitle}
              onCode={(text) => commit(text, true)}
            />
          )}
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={!serial.trim() || !services || shown?.state === 'searching'}
            onClick={() => void search(serial.trim())}
          >
            {shown?.state === 'searching' ? 'Searching…' : 'Search'}
          </button>
          {services?.recordsHref && (
            <a
              className={`btn btn-outline-secondary${href ? '' : ' disabled'}`}
              href={href}
              target="_blank"
              rel="noreferrer"
              aria-disabled={!href || undefined}
            >
              Records
            </a>
          )}
        </div>
        {shown?.state === 'notFound' && (
          // Not an error: a serial seen for the first time is a new product, created when the record is
          // saved (whether it may be is the serial range check's word, beside the form). Marking the box
          // invalid made a valid new serial look refused (CSV walk, s12).
          <div className="form-text text-warning-emphasis" role="status">
            {FORM_LAYOUT_MESSAGES.formFields.serialNotFound}
          </div>
        )}
        {shown?.state === 'failed' && (
          <div className="text-danger small mt-1" role="alert">
            {shown.message}
          </div>
        )}
      </div>
      {shown?.state === 'found' && <SerialHistoryPanel lookup={shown} />}
    </div>
  )
}
