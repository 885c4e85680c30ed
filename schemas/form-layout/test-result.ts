import {
  DEFAULT_PASS_CHOICE,
  FIXED_CHOICES,
  NA_TEXT,
  TEST_TYPES,
  UNSET_RESULT,
  type PassOrFail,
} from './constants'
import type { TestFieldControl } from './control-schemas'
import { FORM_LAYOUT_MESSAGES } from './messages'
import { limitUnknown } from './limits'
import { decimalNumber } from './rule-values'

/**
 * SPEC §4 "Test result per field": how one test field's entry becomes Pass, Fail, '-' (unset) or n/a.
 * Here (not in the runtime) because the server reads CSV cells with the same rule the form applies.
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

/**
 * The answers a choice test offers, as the form shows them and stores the one picked: a selection test's
 * own choices, Yes/No, Pass/Fail. Undefined for a numeric test, a test type no rule knows, and a
 * selection without choices (a broken layout): their values are not a choice.
 */
export function testChoicesOf(control: {
  testType?: unknown
  choices?: readonly string[]
}): readonly string[] | undefined {
  switch (control.testType) {
    case 'selection':
      return control.choices && control.choices.length > 0 ? control.choices : undefined
    case 'yesNo':
    case 'passFail':
      return FIXED_CHOICES[control.testType]
    default:
      return undefined
  }
}

/** The number an entry stands for, or undefined when it is not a number (numeric strings count). */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  // Decimal notation only (rule-values.ts): '0x10' is not 16.
  if (typeof value === 'string') return decimalNumber(value)
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
    // A limit from a product type parameter that is not known (yet): nothing to judge against.
    if (limitUnknown(control)) return UNSET_RESULT
    const n = asNumber(value)
    if (n === undefined) return 'Fail'
    const aboveMin = control.min === undefined || n >= control.min
    const belowMax = control.max === undefined || n <= control.max
    return aboveMin && belowMax ? 'Pass' : 'Fail'
  }
  return value === passChoiceOf(control) ? 'Pass' : 'Fail'
}
