import { FORM_LAYOUT_MESSAGES } from '../../schemas/form-layout'
import type { TimespanControl } from '../../schemas/form-layout'

/**
 * Timespan controls (SPEC §3, §5): the technician types a number in the control's unit, the record stores
 * an ISO 8601 duration (the conversions are schemas/form-layout/timespan-values.ts, which the server's
 * certificate reads too).
 */
export { fromIsoDuration, parseIsoDuration, toIsoDuration } from '../../schemas/form-layout'

/** SPEC's message when a timespan control cannot capture (no unit), else null. */
export function timespanUnitIssue(control: Pick<TimespanControl, 'unit' | 'label'>): string | null {
  return control.unit ? null : FORM_LAYOUT_MESSAGES.formFields.timespanUnitRequired(control.label)
}
