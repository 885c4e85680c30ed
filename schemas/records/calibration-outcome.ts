/**
 * A calibration record's outcome as its calibration_history row stores it (issue #15.3): skipped, and the
 * device as found and as left ('pass', 'fail', or '-' when not mapped or nothing was measured).
 */
export interface CalibrationOutcome {
  skipped: boolean
  asFound: string
  asLeft: string
}

const WORD: Record<string, string> = { pass: 'PASS', fail: 'FAIL', '-': 'not measured' }

/**
 * What a calibration's certificate and its record page say of it, one rule for both (s12): 'As found:
 * PASS · As left: PASS' ('not measured' for '-'), after 'Calibration not required' when it was skipped,
 * 'Calibration not required' alone when nothing was measured; `result` is the device as left, or as found
 * when nothing was measured after (null: neither). Null without a history row: no verdict at all.
 */
export function calibrationOutcomeLine(
  outcome?: CalibrationOutcome | null,
): { line: string; result: 'pass' | 'fail' | null } | null {
  if (!outcome) return null
  const { skipped, asFound, asLeft } = outcome
  const measured = asFound !== '-' || asLeft !== '-'
  const found = `As found: ${WORD[asFound] ?? asFound} · As left: ${WORD[asLeft] ?? asLeft}`
  const line = skipped
    ? measured
      ? `Calibration not required · ${found}`
      : 'Calibration not required'
    : found
  const pick = (v: string) => (v === 'pass' || v === 'fail' ? v : null)
  return { line, result: pick(asLeft) ?? pick(asFound) }
}
