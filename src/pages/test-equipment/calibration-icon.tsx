import type { CalibrationKind } from './calibration'

/** Accessible names of the three icons; also their tooltips. */
export const CALIBRATION_ICON_TEXT: Record<CalibrationKind, string> = {
  never: 'Never calibrated',
  notRequired: 'Calibration not required',
  calibrated: 'Calibrated',
}

const PATHS: Record<CalibrationKind, { colour: string; d: string }> = {
  never: { colour: 'var(--bs-danger)', d: 'M5 5l10 10M15 5L5 15' },
  notRequired: { colour: 'var(--bs-secondary)', d: 'M4 10h12' },
  calibrated: { colour: 'var(--bs-success)', d: 'M4 10.5l4 4L16 6' },
}

/** SPEC §2 Calibrated column: a red cross, a grey minus or a green tick. */
export function CalibrationIcon({ kind }: { kind: CalibrationKind }) {
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
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  )
}
