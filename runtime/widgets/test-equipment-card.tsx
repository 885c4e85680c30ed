import type { TestEquipment } from '../../schemas/records'
import { UNKNOWN_ASSET_TAG, UNKNOWN_LOCATION } from '../../schemas/records'
import { calibrationStatus } from './calibration-status'

/** One item of a test-equipment list: an item, or the id that could not be loaded and why. */
export type EquipmentEntry =
  | { id: number; state: 'loading' }
  | { id: number; state: 'loaded'; item: TestEquipment }
  | { id: number; state: 'missing'; message: string }

/**
 * The card of one test equipment item (SPEC §2), coloured by its calibration state (SPEC §4): danger
 * when no device was found, warning when not calibrated or expired, success when valid or not required.
 */
export function TestEquipmentCard(props: { entry: EquipmentEntry; now?: Date; onRemove?: () => void }) {
  const { entry } = props
  const item = entry.state === 'loaded' ? entry.item : null
  const status = entry.state === 'loading' ? null : calibrationStatus(item, props.now)
  const title = item ? item.serialNumber.full : `ID ${entry.id}`
  return (
    <li
      className={`card border-${status?.variant ?? 'secondary'}`}
      aria-label={`Test equipment ${title}`}
      data-calibration={status?.state}
    >
      <div className="card-body py-2 px-3">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <div>
            <div className="fw-semibold">{title}</div>
            {item?.description && <div className="small">{item.description}</div>}
          </div>
          {props.onRemove && (
            <button
              type="button"
              className="btn-close"
              aria-label={`Remove ${title}`}
              onClick={props.onRemove}
            />
          )}
        </div>
        {item && (
          <div className="small text-body-secondary">
            Asset tag {item.assetTag || UNKNOWN_ASSET_TAG} · {item.location?.name || UNKNOWN_LOCATION}
            {item.latestCalibration?.calibrator?.name
              ? ` · Calibrated by ${item.latestCalibration.calibrator.name}`
              : ''}
          </div>
        )}
        {entry.state === 'loading' && <div className="small text-body-secondary">Loading…</div>}
        {status && (
          <div className={`small fw-semibold text-${status.variant}-emphasis mt-1`} role="status">
            {status.text}
          </div>
        )}
        {entry.state === 'missing' && <div className="small text-danger-emphasis">{entry.message}</div>}
      </div>
    </li>
  )
}
