import {
  InvalidTestTypeError,
  NA_TEXT,
  UNSET_RESULT,
  combineResults,
  deriveRecord,
  rulesOf,
  evaluateGroup,
  evaluateTest,
  isPassing,
  overallResult,
  passChoiceOf,
  testTypeIssue,
  walkControls,
} from '../../schemas/form-layout'
import type { FormLayout, Parameters, TestFieldControl, TestFieldValue } from '../../schemas/form-layout'

/**
 * SPEC §4 "Test result per field": how a test field's entry becomes Pass, Fail, '-' (unset) or
 * n/a and how a group's result follows from its tests are the judge's (schemas/form-layout/judge.ts,
 * shared with every server write path); here is how results travel between the form and the server.
 */

export {
  InvalidTestTypeError,
  combineResults,
  evaluateGroup,
  evaluateTest,
  isPassing,
  overallResult,
  passChoiceOf,
  testTypeIssue,
}

/**
 * The value a test field stores for an entry: null while nothing is entered (so '-' with no value only
 * ever means n/a, SPEC §9), otherwise the value and its judged result; n/a clears the input (SPEC §4
 * disables it).
 */
export function testFieldValue(
  control: TestFieldControl,
  value: number | string | null,
  na = false,
): TestFieldValue | null {
  if (value === null && !na) return null
  return { value: na ? null : value, passOrFail: evaluateTest(control, value, na) }
}

/** SPEC §9: n/a is sent to the server as '-'. */
export function toServerResult<T extends string>(result: T): T | typeof UNSET_RESULT {
  return result === NA_TEXT ? UNSET_RESULT : result
}

/** Record data as submitted: every test field's n/a becomes '-'. Other values are passed through. */
export function toServerData(
  layout: Pick<FormLayout, 'controls'>,
  data: Readonly<Record<string, unknown>>,
  params: Parameters = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data }
  // A control hidden by its condition sends no value (issue #14); the server refuses one that does.
  const rules = rulesOf(layout)
  if (!rules.none) for (const variable of deriveRecord(rules, data, params).hidden) delete out[variable]
  for (const { control } of walkControls(layout.controls)) {
    if (control.type !== 'testField' || !(control.variable in out)) continue
    const value = data[control.variable]
    if (
      typeof value === 'object' &&
      value !== null &&
      'passOrFail' in value &&
      value.passOrFail === NA_TEXT
    ) {
      out[control.variable] = { ...value, passOrFail: toServerResult(NA_TEXT) }
    }
  }
  return out
}

// Stored n/a ('-' with no value) read back as n/a: shared with the server's certificates (schemas).
export { fromServerData, naTestVariables, restoreNa } from '../../schemas/form-layout'
