import { Fragment } from 'react'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { PENDING_REVIEW, productFlags, RECALLED, RETEST_REQUIRED, type Product } from '../../schemas/records'
import { ResultBadge } from './group-result-widget'
import { WIDGET_MESSAGES } from './messages'
import type { SerialLookup } from './serial-widget'

dayjs.extend(utc)

/** SPEC §9: dates are displayed DD/MM/YYYY HH:mm (UTC). */
export const formatRecordDate = (iso: string | null | undefined): string =>
  iso ? dayjs.utc(iso).format('DD/MM/YYYY HH:mm') : WIDGET_MESSAGES.serial.noRecords

/**
 * The product's last record as its status counts it (docs/decisions.md "Review and approval": records in
 * review state none or approved): its date, or, with none, whether one waits for review (walk 14: a
 * product whose only record waits said 'No records yet' where /Products says 'pending review').
 */
const lastRecordText = (product: Product) =>
  !product.dateOfLastRecord && product.pendingReview
    ? WIDGET_MESSAGES.serial.noApprovedRecord
    : formatRecordDate(product.dateOfLastRecord)

const FLAG_LOOKS = {
  recalled: { text: RECALLED, className: 'text-bg-danger' },
  retest: { text: RETEST_REQUIRED, className: 'text-bg-warning' },
  pendingReview: { text: PENDING_REVIEW, className: 'text-bg-info' },
} as const

/**
 * What /Products' Status cell adds to the status (src/pages/products/product-status-cell.tsx), by the same
 * rule (`productFlags`): a recall or else a retest (#15.3), then a newer record waiting for review (#19).
 */
function StatusFlags({ product }: { product: Product }) {
  // Each after a space, so the status reads 'n/a pending review', not 'n/apending review'.
  return productFlags(product).map((flag) => (
    <Fragment key={flag}>
      {' '}
      <span className={`badge ${FLAG_LOOKS[flag].className}`}>{FLAG_LOOKS[flag].text}</span>
    </Fragment>
  ))
}

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
          <span className="text-end">
            Status <ResultBadge result={statusText(product.currentStatus)} />
            <StatusFlags product={product} />
          </span>
        </div>
        <div className="small text-body-secondary">
          {[product.assetModel, product.assetManufacturerName].filter(Boolean).join(' · ')}
        </div>
        <div className="small">Last record: {lastRecordText(product)}</div>
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
