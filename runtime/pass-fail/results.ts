import {
  DEFAULT_PASS_CHOICE,
  FORM_LAYOUT_MESSAGES,
  NA_TEXT,
  TEST_TYPES,
  UNSET_RESULT,
  groupTestVariables,
  isContainer,
  variableOf,
  walkControls,
} from '../../schemas/form-layout'
import type {
  Control,
  FormLayout,
  GroupControl,
  GroupResult,
  PassOrFail,
  TestFieldControl,
  TestFieldValue,
} from '../../schemas/form-layout'

/**
 * SPEC §4 "Test result per field": how a test field's entry becomes Pass, Fail, '-' (unset) or
 * n/a, how a group's result follows from its tests, and how results travel to the server.
 */

/** Thrown for a test field whose `testType` no rule knows; its message is SPEC's text. */
export class InvalidTestTypeError extends Error {
  constructor() {
    super(FORM_LAYOUT_MESSAGES.formFields.invalidTestType)
  }
}

/** SPEC's message when a stored test field has an unknown test type, else null. */
export function testTypeIssue(control: { testType?: unknown }): string | null {
  return (TEST_TYPES as readonly unknown[]).includes(control.testType)
    ? null
    : FORM_LAYOUT_MESSAGES.formFields.invalidTestType
}

/** The answer that passes a choice test; Yes/No defaults to 'Yes', pass/fail to 'Pass'. */
export function passChoiceOf(control: TestFieldControl): string | undefined {
  switch (control.testType) {
    case 'yesNo':
      return control.passChoice ?? DEFAULT_PASS_CHOICE.yesNo
    case 'passFail':
      return control.passChoice ?? DEFAULT_PASS_CHOICE.passFail
    default:
      return control.passChoice
  }
}

/** The number an entry stands for, or undefined when it is not a number (numeric strings count). */
function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    return Number.isFinite(n) ? n : undefined
  }
  return undefined
}

/**
 * Result of one test field entry. `na` is the n/a toggle, which wins over any value; an empty
 * entry is '-' (unset). Numeric: Pass iff a number within min..max inclusive (a missing bound does
 * not limit). Choice kinds: Pass iff the value equals the pass choice.
 */
export function evaluateTest(control: TestFieldControl, value: unknown, na = false): PassOrFail {
  if (testTypeIssue(control)) throw new InvalidTestTypeError()
  if (na) return NA_TEXT
  if (value === null || value === undefined || value === '') return UNSET_RESULT
  if (control.testType === 'numeric') {
    const n = asNumber(value)
    if (n === undefined) return 'Fail'
    const aboveMin = control.min === undefined || n >= control.min
    const belowMax = control.max === undefined || n <= control.max
    return aboveMin && belowMax ? 'Pass' : 'Fail'
  }
  return value === passChoiceOf(control) ? 'Pass' : 'Fail'
}

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
