import {
  InvalidTestTypeError,
  NA_TEXT,
  UNSET_RESULT,
  evaluateTest,
  groupTestVariables,
  isContainer,
  passChoiceOf,
  testTypeIssue,
  variableOf,
  walkControls,
} from '../../schemas/form-layout'
import type {
  Control,
  FormLayout,
  GroupControl,
  GroupResult,
  TestFieldControl,
  TestFieldValue,
} from '../../schemas/form-layout'

/**
 * SPEC §4 "Test result per field": how a test field's entry becomes Pass, Fail, '-' (unset) or
 * n/a (the rule itself is schemas/form-layout/test-result.ts, shared with the server's CSV reading),
 * how a group's result follows from its tests, and how results travel to the server.
 */

export { InvalidTestTypeError, evaluateTest, passChoiceOf, testTypeIssue }

/** The value a test field stores for an entry: n/a clears the input (SPEC §4 disables it). */
export function testFieldValue(
  control: TestFieldControl,
  value: number | string | null,
  na = false,
): TestFieldValue {
  return { value: na ? null : value, passOrFail: evaluateTest(control, value, na) }
}

/** The result carried by a stored value: a test field's passOrFail, a checkbox's boolean, a group's text. */
function resultOf(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'passOrFail' in value) return value.passOrFail
  return value
}

/** SPEC §4 "Group results": a value passes when it is true, 'Pass' or the not-applicable text. */
export function isPassing(value: unknown): boolean {
  const result = resultOf(value)
  return result === true || result === 'Pass' || result === NA_TEXT
}

/** Pass only if every value passes; an empty list passes (no test can fail). */
export function combineResults(values: Iterable<unknown>): GroupResult {
  for (const value of values) if (!isPassing(value)) return 'Fail'
  return 'Pass'
}

/** Result of a group from the current record data. */
export function evaluateGroup(group: GroupControl, data: Readonly<Record<string, unknown>>): GroupResult {
  return combineResults(groupTestVariables(group).map((variable) => data[variable]))
}

/**
 * Overall result of a record: every test field and every result-bearing group must pass. A group
 * with a result stands for its members (they are not counted twice); checkboxes count only through
 * a group, since a loose checkbox such as "skip calibration" is data, not a test.
 */
export function overallResult(
  layout: Pick<FormLayout, 'controls'>,
  data: Readonly<Record<string, unknown>>,
): GroupResult {
  const values: unknown[] = []
  const visit = (controls: readonly Control[]) => {
    for (const control of controls) {
      const variable = variableOf(control)
      if (control.type === 'testField' || (control.type === 'group' && variable))
        values.push(data[variable as string])
      else if (isContainer(control)) visit(control.children)
    }
  }
  visit(layout.controls)
  return combineResults(values)
}

/** SPEC §9: n/a is sent to the server as '-'. */
export function toServerResult<T extends string>(result: T): T | typeof UNSET_RESULT {
  return result === NA_TEXT ? UNSET_RESULT : result
}

/** Record data as submitted: every test field's n/a becomes '-'. Other values are passed through. */
export function toServerData(
  layout: Pick<FormLayout, 'controls'>,
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data }
  for (const { control } of walkControls(layout.controls)) {
    if (control.type !== 'testField') continue
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

/** Variables of the test fields that offer the n/a toggle (the only ones whose '-' can mean n/a). */
export function naTestVariables(controls: Iterable<{ type: string; variable?: string; naOption?: boolean }>) {
  const out: string[] = []
  for (const control of controls)
    if (control.type === 'testField' && control.naOption === true && control.variable)
      out.push(control.variable)
  return out
}

/**
 * The inverse of `toServerData` for a stored record: n/a travels and is stored as '-' (SPEC §9), so a
 * '-' without a value in a test field that offers n/a was n/a — reopening the record shows the toggle on
 * and the input disabled, and a re-save sends '-' again. (The runtime itself never stores '-' with no
 * value: an empty entry is null.) Returns `data` itself when nothing changes.
 */
export function restoreNa(
  variables: readonly string[],
  data: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  let out: Record<string, unknown> | null = null
  for (const variable of variables) {
    const value = data[variable]
    if (
      typeof value === 'object' &&
      value !== null &&
      'passOrFail' in value &&
      value.passOrFail === UNSET_RESULT &&
      (!('value' in value) || value.value === null)
    ) {
      out ??= { ...data }
      out[variable] = { value: null, passOrFail: NA_TEXT }
    }
  }
  return out ?? data
}

/** `restoreNa` over a layout: stored record data as the form shows it. */
export function fromServerData(
  layout: Pick<FormLayout, 'controls'>,
  data: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const controls = [...walkControls(layout.controls)].map((visited) => visited.control)
  return restoreNa(naTestVariables(controls), data)
}
