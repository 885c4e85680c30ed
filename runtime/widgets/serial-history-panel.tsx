import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { ResultBadge } from './group-result-widget'
import { WIDGET_MESSAGES } from './messages'
import type { SerialLookup } from './serial-widget'

dayjs.extend(utc)

/** SPEC §9: dates are displayed DD/MM/YYYY HH:mm (UTC). */
export const formatRecordDate = (iso: string | null | undefined): string =>
  iso ? dayjs.utc(iso).format('DD/MM/YYYY HH:mm') : 'No records yet'

/** Product status of SPEC §4 (pass, fail, or n/a when it has no record) as a result badge. */
const statusText = (status: string | null | undefined) =>
  status === 'pass' ? 'Pass' : status === 'fail' ? 'Fail' : 'n/a'

const resultText = (result: string) => (result === 'pass' ? 'Pass' : result === 'fail' ? 'Fail' : '-')

/** Side panel of a found serial: status, last record date and the last five records of this type. */
export function SerialHistoryPanel({ lookup }: { lookup: Extract<SerialLookup, { state: 'found' }> }) {
  const { product, history } = lookup
  return (
    <aside
      className="card flex-grow-1"
      style={{ flexBasis: '16rem' }}
      aria-label={`Product ${product.productSerialNumber}`}
    >
      <div className="card-body py-2">
        <div className="d-flex justify-content-between align-items-center">
          <strong>{product.productSerialNumber}</strong>
          <span>
            Status <ResultBadge result={statusText(product.currentStatus)} />
          </span>
        </div>
        <div className="small text-body-secondary">
          {[product.assetModel, product.assetManufacturerName].filter(Boolean).join(' · ')}
        </div>
        <div className="small">Last record: {formatRecordDate(product.dateOfLastRecord)}</div>
        <div className="small fw-semibold mt-2">Last records of this type</div>
        {history === null ? (
          <div className="small text-body-secondary">Loading…</div>
        ) : lookup.historyError ? (
          <div className="small text-danger">{WIDGET_MESSAGES.serial.historyFailed}</div>
        ) : history.length === 0 ? (
          <div className="small text-body-secondary">None</div>
        ) : (
          <ul className="list-unstyled small mb-0">
            {history.map((r) => (
              <li key={r.recordId} className="d-flex justify-content-between gap-2">
                <span>{formatRecordDate(r.recordDate)}</span>
                <ResultBadge result={resultText(r.testResult)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  )
}
