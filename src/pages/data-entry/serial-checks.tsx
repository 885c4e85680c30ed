import Badge from 'react-bootstrap/Badge'

/**
 * The badge of a serial the supplier's (or owner's) serial ranges hold, and of one they do not. It says
 * what was checked, the range, not that the serial is known: a new serial in range is not found by the
 * serial lookup ('Could not find serial number.', SPEC §8), and 'serial verified' beside that read as a
 * contradiction (walk 14). Whether the serial may be used is this badge's word, and the server's on Save.
 */
export const SERIAL_CHECK_TEXT = {
  inRange: 'serial in a known serial range',
  outOfRange: 'serial not in a known serial range',
} as const

/**
 * The SPEC §4 serial check of each serial entry: nothing while empty, 'not in a known serial range' once
 * entered, and 'in a known serial range' when the serial falls in one of the supplier's (or owner's)
 * serial ranges (docs/decisions.md "A serial not found is said, not marked wrong").
 */
export function SerialChecks({
  checks,
  labelOf,
}: {
  checks: Record<string, boolean | null>
  labelOf: (variable: string) => string
}) {
  const entered = Object.entries(checks).filter(([, status]) => status !== null)
  if (entered.length === 0) return null
  return (
    <ul className="serial-checks list-inline mb-3" aria-label="Serial checks">
      {entered.map(([variable, ok]) => (
        <li key={variable} className="list-inline-item">
          {/* Wraps rather than running off a phone's screen (a badge keeps its line whole by default). */}
          <Badge
            bg={ok ? 'success' : 'warning'}
            text={ok ? undefined : 'dark'}
            className="text-wrap text-start lh-sm"
            data-serial-check={variable}
          >
            {labelOf(variable)}: {ok ? SERIAL_CHECK_TEXT.inRange : SERIAL_CHECK_TEXT.outOfRange}
          </Badge>
        </li>
      ))}
    </ul>
  )
}
