import Badge from 'react-bootstrap/Badge'

/**
 * The SPEC §4 serial check of each serial entry: nothing while empty, 'not verified' once entered, and
 * 'verified' when the serial falls in one of the supplier's (or owner's) serial ranges.
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
          <Badge bg={ok ? 'success' : 'warning'} text={ok ? undefined : 'dark'} data-serial-check={variable}>
            {labelOf(variable)}: {ok ? 'serial verified' : 'serial not in a known serial range'}
          </Badge>
        </li>
      ))}
    </ul>
  )
}
