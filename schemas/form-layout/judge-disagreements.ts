import { NA_TEXT, UNSET_RESULT, type PassOrFail } from './constants'
import type { TestFieldControl } from './control-schemas'
import type { FormLayout } from './layout-schema'
import { groupTestVariables, variableOf, walkControls } from './layout-walk'
import { asNumber, passChoiceOf } from './test-result'
import {
  isEmptyValue,
  isPassing,
  isRecordObject,
  readTestEntry,
  type JudgedData,
  type Judgement,
  type TestEntry,
} from './judge'

/**
 * What the judge tells a caller whose submitted results disagree with its own (issue #12: refused with a
 * message naming the variable, the value, the limits and the judged result), and how missing results are
 * filled in from the judgement.
 */

/** A submitted result that is not the judged one: what the caller is told, by variable. */
export interface Disagreement {
  variable: string
  message: string
}

/** Numbers in messages: a true minus sign, no float noise. */
function formatNumber(n: number): string {
  return String(n).replace(/^-/, '\u2212')
}

/** The limits of a numeric test as a user reads them: '−0.5..0.5', 'at least 1000', 'at most 1.25'. */
export function limitsText(control: TestFieldControl): string {
  const { min, max } = control
  if (min !== undefined && max !== undefined) return `${formatNumber(min)}..${formatNumber(max)}`
  if (min !== undefined) return `at least ${formatNumber(min)}`
  if (max !== undefined) return `at most ${formatNumber(max)}`
  return 'any number'
}

/** What decided a test field's result, e.g. '5 is outside −0.5..0.5' or '"Dyn1" is not the pass choice "Dyn11"'. */
export function testReason(control: TestFieldControl, entry: TestEntry, result: PassOrFail): string {
  if (entry.na) return 'it is n/a'
  if (isEmptyValue(entry.value)) return 'it has no value'
  if (control.testType === 'numeric') {
    const shown = typeof entry.value === 'number' ? formatNumber(entry.value) : `"${String(entry.value)}"`
    // As the judge reads it: decimal notation only, so '0x10' is no number ('is outside' would be wrong).
    if (result === 'Fail' && asNumber(entry.value) === undefined) return `${shown} is not a number`
    return `${shown} is ${result === 'Pass' ? 'within' : 'outside'} ${limitsText(control)}`
  }
  const choice = passChoiceOf(control)
  return `"${String(entry.value)}" ${result === 'Pass' ? 'is' : 'is not'} the pass choice "${choice}"`
}

/** Stored form of a result: n/a and unset are both '-' (SPEC §9); case is not significant. */
function storedResult(result: unknown): string | undefined {
  if (result === undefined || result === null || result === '') return undefined
  const text = String(result).toLowerCase()
  return text === NA_TEXT ? UNSET_RESULT : text
}

/**
 * Every submitted result that disagrees with the judgement: a test field's `passOrFail`, a group's result.
 * A result left out (values only) or a group sent as '-' claims nothing and is filled in by the judge.
 */
export function findDisagreements(
  layout: Pick<FormLayout, 'controls'>,
  input: JudgedData,
  judgement: Judgement,
): Disagreement[] {
  const out: Disagreement[] = ruleDisagreements(layout, input, judgement)
  const named = new Set(out.map((d) => d.variable))
  for (const { control } of walkControls(layout.controls)) {
    const variable = variableOf(control)
    if (!variable || !(variable in input) || named.has(variable)) continue
    if (control.type === 'testField' && variable in judgement.tests) {
      const entry = readTestEntry(control, input[variable])
      const result = judgement.tests[variable]
      const claimed = storedResult(entry.claimed)
      // n/a where the control offers none is not '-' by another name: the test is unset.
      const naNotOffered = entry.claimed === NA_TEXT && result !== NA_TEXT
      if (naNotOffered)
        out.push({
          variable,
          message: `${variable}: n/a is not offered for this test, so its result is ${result}, not n/a`,
        })
      else if (claimed !== undefined && claimed !== storedResult(result))
        out.push({
          variable,
          message: `${variable}: ${testReason(control, entry, result)}, so its result is ${result}, not ${String(entry.claimed)}`,
        })
    } else if (control.type === 'group' && variable in judgement.groups) {
      const claimed = storedResult(input[variable])
      const result = judgement.groups[variable]
      if (claimed !== undefined && claimed !== UNSET_RESULT && claimed !== storedResult(result)) {
        const failing = groupTestVariables(control).filter((member) => !isPassing(judgement.data[member]))
        const why = failing.length ? `${failing.join(', ')} did not pass` : 'every test in it passed'
        out.push({
          variable,
          message: `${variable}: ${why}, so its result is ${result}, not ${String(input[variable])}`,
        })
      }
    }
  }
  return out
}

/** Nothing sent: null, '', an empty list, or a test field's entry without value or result. */
function isBlank(value: unknown): boolean {
  if (isEmptyValue(value) || (Array.isArray(value) && value.length === 0)) return true
  return isRecordObject(value) && isEmptyValue(value.value) && isEmptyValue(value.passOrFail)
}

const shownNumber = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : JSON.stringify(v))

/**
 * What the layout's rules refuse (issue #14): a value for a control its condition hides, a calculated
 * value that is not what its formula gives, a `valueFrom` test whose value is not its calculation's.
 */
export function ruleDisagreements(
  layout: Pick<FormLayout, 'controls'>,
  input: JudgedData,
  judgement: Judgement,
): Disagreement[] {
  const out: Disagreement[] = []
  for (const { control } of walkControls(layout.controls)) {
    const variable = variableOf(control)
    if (!variable || !(variable in input) || isBlank(input[variable])) continue
    const sent = input[variable]
    // An unticked checkbox is its empty value (SPEC §4; a blank CSV cell reads as false).
    if (control.type === 'checkbox' && sent === false) continue
    if (judgement.hidden.has(variable)) {
      out.push({ variable, message: `${variable}: it is hidden by its condition, so it takes no value` })
    } else if (control.type === 'calculated') {
      const computed = judgement.data[variable]
      const close =
        typeof sent === 'number' && typeof computed === 'number' && Math.abs(sent - computed) <= 1e-9
      if (!close)
        out.push({
          variable,
          message: `${variable}: its formula ${control.formula} gives ${computed === null ? 'no value' : shownNumber(computed)}, not ${shownNumber(sent)}`,
        })
    } else if (control.type === 'testField' && control.valueFrom) {
      const value = isRecordObject(sent) ? sent.value : sent
      const computed = (judgement.data[variable] as { value?: unknown } | null)?.value ?? null
      if (!isEmptyValue(value) && value !== computed)
        out.push({
          variable,
          message: `${variable}: its value comes from ${control.valueFrom} (${computed === null ? 'no value' : shownNumber(computed)}), not ${shownNumber(value)}`,
        })
    }
  }
  return out
}

/**
 * A values-only submission made whole: each test field sent as a bare value (a number for a numeric test,
 * text for the choice kinds) or as `{value}` without a result gets its judged `{value, passOrFail}`, and
 * each group left out or sent as '-' gets its judged result. Anything else is left for the data schema to
 * accept or refuse with its own message.
 */
export function fillResults(
  layout: Pick<FormLayout, 'controls'>,
  input: JudgedData,
  judgement: Judgement,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input }
  for (const { control } of walkControls(layout.controls)) {
    const variable = variableOf(control)
    if (!variable) continue
    const raw = input[variable]
    if (control.type === 'testField' && variable in judgement.tests) {
      const bare =
        control.testType === 'numeric'
          ? typeof raw === 'number'
          : typeof raw === 'string' && raw !== UNSET_RESULT && raw !== NA_TEXT
      const withoutResult = isRecordObject(raw) && 'value' in raw && !('passOrFail' in raw)
      if (bare || withoutResult) out[variable] = judgement.data[variable]
    } else if (control.type === 'group' && variable in judgement.groups) {
      if (raw === undefined || raw === null || raw === '' || raw === UNSET_RESULT)
        out[variable] = judgement.groups[variable]
    }
  }
  return out
}
