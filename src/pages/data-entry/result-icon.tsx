import type { HeaderResult } from './data-entry-model'

const LOOK: Record<HeaderResult, { symbol: string; className: string; text: string }> = {
  Pass: { symbol: '✓', className: 'bg-success text-white', text: 'Pass' },
  Fail: { symbol: '✗', className: 'bg-danger text-white', text: 'Fail' },
  '-': { symbol: '–', className: 'bg-secondary-subtle text-secondary-emphasis', text: 'Not tested yet' },
}

/** SPEC §2: the record's pass/fail status in the data entry header, as an icon with its word. */
export function ResultIcon({ result }: { result: HeaderResult }) {
  const look = LOOK[result]
  return (
    <span
      className={`result-icon d-inline-flex align-items-center gap-1 rounded-pill px-3 py-1 fw-semibold ${look.className}`}
      // It sits inside the page title: keep body-text size so the title and actions still fit one line.
      style={{ fontSize: '1rem', verticalAlign: 'middle' }}
      role="status"
      aria-label={`Result: ${look.text}`}
      data-result={result}
    >
      <span aria-hidden="true" className="lh-1">
        {look.symbol}
      </span>
      <span>{look.text}</span>
    </span>
  )
}
