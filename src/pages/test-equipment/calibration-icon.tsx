import type { CalibrationDueState } from '../../../schemas/records'
import type { CalibrationKind } from './calibration'

/**
 * SPEC §2's three icons plus issue #15.4's 'Due soon' (amber clock) and 'Expired' (red warning sign),
 * which the list shows for a calibrated item by its expiry; each shape differs, not only its colour.
 */
export type CalibrationIconKind = CalibrationKind | 'dueSoon' | 'expired'

/**
 * The icon of a calibration standing (issue #15.4's five states), on the list's Calibrated column and the
 * detail page alike: an expired calibration is the red warning sign on both, never a green tick.
 */
export const CALIBRATION_STATE_ICON: Record<CalibrationDueState, CalibrationIconKind> = {
  valid: 'calibrated',
  dueSoon: 'dueSoon',
  expired: 'expired',
  never: 'never',
  notRequired: 'notRequired',
}

/** Accessible names of the icons; also their tooltips. */
export const CALIBRATION_ICON_TEXT: Record<CalibrationIconKind, string> = {
  never: 'Never calibrated',
  notRequired: 'Calibration not required',
  calibrated: 'Calibrated',
  dueSoon: 'Calibration due soon',
  expired: 'Calibration expired',
}

const PATHS: Record<CalibrationIconKind, { colour: string; d: string }> = {
  never: { colour: 'var(--bs-danger)', d: 'M5 5l10 10M15 5L5 15' },
  notRequired: { colour: 'var(--bs-secondary)', d: 'M4 10h12' },
  calibrated: { colour: 'var(--bs-success)', d: 'M4 10.5l4 4L16 6' },
  // A clock face with its hands at ten to the hour.
  dueSoon: { colour: '#b76e00', d: 'M10 3a7 7 0 1 0 0.01 0M10 6v4l3 2' },
  // A warning triangle with an exclamation mark.
  expired: { colour: 'var(--bs-danger)', d: 'M10 3L2.5 16.5h15ZM10 8v4M10 14.2v0.1' },
}

/** SPEC §2 Calibrated column: a red cross, a grey minus or a green tick; amber clock when due soon, red warning when expired. */
export function CalibrationIcon({ kind }: { kind: CalibrationIconKind }) {
  const { colour, d } = PATHS[kind]
  const text = CALIBRATION_ICON_TEXT[kind]
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 20 20"
      role="img"
      aria-label={text}
      className={`calibration-icon calibration-${kind}`}
    >
      <title>{text}</title>
      <path
        d={d}
        stroke={colour}
        strokeWidth={kind === 'dueSoon' || kind === 'expired' ? 2 : 2.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  )
}
