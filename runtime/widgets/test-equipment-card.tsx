import type { TestEquipment } from '../../schemas/records'
import {
  calibrationBlockedMessage,
  calibrationGate,
  calibrationInForce,
  calibrationStatusAt,
  suspectOn,
  UNKNOWN_ASSET_TAG,
  UNKNOWN_LOCATION,
  type CalibrationPolicy,
} from '../../schemas/records'
import { CalibrationOverride } from './calibration-override'
import { calibrationStatus } from './calibration-status'

/** One item of a test-equipment list: an item, or the id that could not be loaded and why. */
export type EquipmentEntry =
  | { id: number; state: 'loading' }
  | { id: number; state: 'loaded'; item: TestEquipment }
  | { id: number; state: 'missing'; message: string }

/** The calibration gate of a card (issue #15.1); absent: the card only shows the SPEC §4 state. */
export interface CardGate {
  policy: CalibrationPolicy
  /** The override reason given for this device, if any. */
  reason: string | undefined
  mayOverride: boolean
  /** The form cannot be changed (read-only or locked): no override buttons. */
  inert: boolean
  onOverride(reason: string | null): void
}

/** Whether the item's policy blocks it at `at`, and the message naming it. */
function blockOf(item: TestEquipment | null, at: Date | undefined, gate: CardGate | undefined) {
  if (!item || !gate) return null
  const when = at ?? new Date()
  const calibration = calibrationInForce(item, when)
  const status = calibrationStatusAt(calibration, when, {
    suspect: suspectOn(item.suspectPeriods, when),
  })
  if (calibrationGate(status, gate.policy) !== 'block') return null
  return calibrationBlockedMessage(item.serialNumber.full, status, calibration?.expires)
}

/**
 * The card of one test equipment item (SPEC §2), coloured by its calibration state at `now` (the
 * record's date; SPEC §4): danger when no device was found, warning when not calibrated or expired,
 * success when valid or not required. Under a `block` policy an out-of-calibration device is danger
 * and carries the override panel until a configurator or admin gives a reason.
 */
export function TestEquipmentCard(props: {
  entry: EquipmentEntry
  now?: Date
  gate?: CardGate
  onRemove?: () => void
}) {
  const { entry, gate } = props
  const item = entry.state === 'loaded' ? entry.item : null
  const status = entry.state === 'loading' ? null : calibrationStatus(item, props.now)
  const blocked = blockOf(item, props.now, gate)
  const title = item ? item.serialNumber.full : `ID ${entry.id}`
  const border = blocked && !gate?.reason ? 'danger' : (status?.variant ?? 'secondary')
  return (
    <li
      className={`card border-${border}`}
      aria-label={`Test equipment ${title}`}
      data-calibration={status?.state}
      data-gate={blocked ? (gate?.reason ? 'overridden' : 'blocked') : undefined}
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
        {blocked && gate && item && (
          <CalibrationOverride
            serial={item.serialNumber.full}
            message={blocked}
            reason={gate.reason}
            mayOverride={gate.mayOverride}
            inert={gate.inert}
            onOverride={gate.onOverride}
          />
        )}
      </div>
    </li>
  )
}
