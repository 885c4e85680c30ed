import { walkControls, type FormLayout, type TimespanUnit } from '../../schemas/form-layout'
import { frequencySteps } from '../../schemas/records/calibration-frequency'
import { fromIsoDuration, toIsoDuration } from '../pass-fail'

/** What to type instead, by the timespan's unit: something that does come to whole months and days. */
const ADVICE: Record<TimespanUnit, string> = {
  years: 'Enter whole years, or a part that makes whole months (0.5 = 6 months).',
  months: 'Enter whole months.',
  weeks: 'Enter whole weeks.',
  days: 'Enter whole days.',
  hours: 'Enter whole days of 24 hours.',
  minutes: 'Enter whole days of 1,440 minutes.',
  seconds: 'Enter whole days of 86,400 seconds.',
}

/**
 * The calibration frequency's rule as the user meets it (docs/decisions.md "Frequency in whole months and
 * days"): the server counts an expiry in whole calendar months and days (schemas/records/
 * calibration-frequency.ts), so an amount that does not come to them gets this text in the box's own
 * unit; null when it does.
 */
export function frequencyHint(amount: number, unit: TimespanUnit): string | null {
  if (!Number.isFinite(amount) || amount < 0) return null
  if (frequencySteps(toIsoDuration(amount, unit))?.whole !== false) return null
  return `A calibration frequency counts whole months and days: ${amount} ${unit} does not come to them. ${ADVICE[unit]}`
}

/**
 * The same check before Save, for the record type's calibrationFrequencyField: the hint by variable, so
 * the page stops the save with the field marked instead of sending what the server refuses.
 */
export function frequencyProblems(
  layout: Pick<FormLayout, 'controls'>,
  variable: string | null | undefined,
  value: Readonly<Record<string, unknown>>,
): Record<string, string[]> {
  const text = variable ? value[variable] : undefined
  if (!variable || typeof text !== 'string') return {}
  for (const { control } of walkControls(layout.controls)) {
    if (control.type !== 'timespan' || control.variable !== variable || !control.unit) continue
    const amount = fromIsoDuration(text, control.unit)
    const hint = amount === null ? null : frequencyHint(amount, control.unit)
    return hint ? { [variable]: [hint] } : {}
  }
  return {}
}
