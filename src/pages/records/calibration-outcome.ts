import {
  calibrationOutcomeLine as outcomeLine,
  type CalibrationOutcome,
} from '../../../schemas/records/calibration-outcome'

export type { CalibrationOutcome }

/** What /Records/{id} says of a calibration: the line, and the result it is coloured by (null: none). */
export interface CalibrationOutcomeLine {
  line: string
  result: 'Pass' | 'Fail' | null
}

/** A calibration group's `measuredResult` as the record page words it: never Fail for nothing measured. */
export const MEASURED_WORDS: Record<'pass' | 'fail' | '-', 'Pass' | 'Fail' | 'not measured'> = {
  pass: 'Pass',
  fail: 'Fail',
  '-': 'not measured',
}

/**
 * The calibration's line in its certificate's words (schemas/records `calibrationOutcomeLine`, the one
 * rule for both), its result in the record page's spelling. Null without a history row: then the page
 * gives no outcome, as the certificate gives no verdict.
 */
export function calibrationOutcomeLine(outcome?: CalibrationOutcome | null): CalibrationOutcomeLine | null {
  const said = outcomeLine(outcome)
  if (!said) return null
  return {
    line: said.line,
    result: said.result === null ? null : MEASURED_WORDS[said.result] === 'Pass' ? 'Pass' : 'Fail',
  }
}
