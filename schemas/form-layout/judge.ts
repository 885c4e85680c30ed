import { NA_TEXT, UNSET_RESULT, type GroupResult, type PassOrFail } from './constants'
import type { TestFieldControl } from './control-schemas'
import { isContainer, type Control, type FormLayout, type GroupControl } from './layout-schema'
import { groupTestVariables, variableOf, walkControls } from './layout-walk'
import { evaluateTest, passChoiceOf, testTypeIssue } from './test-result'

/**
 * The judge (SPEC §4 "Test result per field", "Group results"): from a layout revision and a record's
 * values, every test field's result, every group's result and the record's overall result. The runtime's
 * live results and every server write path call this module; nothing else decides a verdict.
 */

type Data = Readonly<Record<string, unknown>>

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The result carried by a value: a test field's passOrFail, a checkbox's boolean, a group's text. */
function resultOf(value: unknown): unknown {
  return isObject(value) && 'passOrFail' in value ? value.passOrFail : value
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

/**
 * Result of a group from record data whose member results are already judged. A group with nothing to
 * test stays at SPEC §4's initial 'Fail' (no change of a member ever re-evaluates it).
 */
export function evaluateGroup(group: GroupControl, data: Data): GroupResult {
  const tests = groupTestVariables(group)
  return tests.length === 0 ? 'Fail' : combineResults(tests.map((variable) => data[variable]))
}

/** The variables whose results make the overall result: test fields and result-bearing groups, outermost. */
export function overallVariables(layout: Pick<FormLayout, 'controls'>): string[] {
  const out: string[] = []
  const visit = (controls: readonly Control[]) => {
    for (const control of controls) {
      const variable = variableOf(control)
      if (control.type === 'testField' || (control.type === 'group' && variable)) out.push(variable as string)
      else if (isContainer(control)) visit(control.children)
    }
  }
  visit(layout.controls)
  return out
}

/**
 * Overall result of a record: every test field and every result-bearing group must pass. A group with a
 * result stands for its members (they are not counted twice); a loose checkbox such as "skip calibration"
 * is data, not a test.
 */
export function overallResult(layout: Pick<FormLayout, 'controls'>, data: Data): GroupResult {
  return combineResults(overallVariables(layout).map((variable) => data[variable]))
}

/** One test field's entry as submitted: the value, the result it claims (if any) and whether it is n/a. */
export interface TestEntry {
  value: unknown
  claimed: unknown
  na: boolean
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === ''

/**
 * Reads a test field's stored or submitted value: `{value, passOrFail}`, `{value}` or a bare value (a
 * values-only submission). n/a is `passOrFail` 'n/a' or its stored form '-' with no value, and counts only
 * where the control offers the n/a option (elsewhere '-' is simply unset).
 */
export function readTestEntry(control: TestFieldControl, raw: unknown): TestEntry {
  if (!isObject(raw)) return { value: raw, claimed: undefined, na: false }
  const value = 'value' in raw ? raw.value : null
  const claimed = raw.passOrFail
  const na = control.naOption === true && isEmpty(value) && (claimed === NA_TEXT || claimed === UNSET_RESULT)
  return { value, claimed, na }
}

/** The verdict of one record. Test results use the form's texts ('n/a', not its stored '-'). */
export interface Judgement {
  tests: Record<string, PassOrFail>
  groups: Record<string, GroupResult>
  /** Every test field and result-bearing group passes; '-' when the layout has nothing to judge. */
  overall: GroupResult | typeof UNSET_RESULT
  /** The data with every judged result written in (test fields as `{value, passOrFail}`, groups as text). */
  data: Record<string, unknown>
}

/**
 * Judges a record: every test field from its value (a claimed result is ignored here, see
 * `findDisagreements`), then every group from its members, nested and `tests`-listed groups included, then
 * the overall result. Test fields with an unknown test type are left as they are (SPEC §5 shows a message
 * in their place; they judge nothing).
 */
export function judgeRecord(layout: Pick<FormLayout, 'controls'>, input: Data): Judgement {
  const data: Record<string, unknown> = { ...input }
  const tests: Record<string, PassOrFail> = {}
  const groups = new Map<string, GroupControl>()
  for (const { control } of walkControls(layout.controls)) {
    if (control.type === 'group' && control.variable) groups.set(control.variable, control)
    if (control.type !== 'testField' || testTypeIssue(control) || !(control.variable in input)) continue
    const entry = readTestEntry(control, input[control.variable])
    const result = evaluateTest(control, entry.value, entry.na)
    tests[control.variable] = result
    // Unset is stored as null, as the form holds it: '-' with no value is kept for n/a (SPEC §9).
    data[control.variable] =
      result === UNSET_RESULT ? null : { value: entry.na ? null : entry.value, passOrFail: result }
  }
  const judged: Record<string, GroupResult> = {}
  const judging = new Set<string>()
  const judgeGroup = (variable: string): GroupResult => {
    if (variable in judged) return judged[variable]
    // A `tests` list naming a group that names this one back: the cycle cannot pass.
    if (judging.has(variable)) return 'Fail'
    judging.add(variable)
    const group = groups.get(variable) as GroupControl
    const members = groupTestVariables(group)
    for (const member of members) if (groups.has(member)) data[member] = judgeGroup(member)
    judged[variable] = evaluateGroup(group, data)
    data[variable] = judged[variable]
    judging.delete(variable)
    return judged[variable]
  }
  for (const variable of groups.keys()) judgeGroup(variable)
  const variables = overallVariables(layout)
  return {
    tests,
    groups: judged,
    overall: variables.length === 0 ? UNSET_RESULT : overallResult(layout, data),
    data,
  }
}

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
  if (isEmpty(entry.value)) return 'it has no value'
  if (control.testType === 'numeric') {
    const shown = typeof entry.value === 'number' ? formatNumber(entry.value) : `"${String(entry.value)}"`
    if (result === 'Fail' && typeof entry.value !== 'number' && Number.isNaN(Number(entry.value)))
      return `${shown} is not a number`
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
  input: Data,
  judgement: Judgement,
): Disagreement[] {
  const out: Disagreement[] = []
  for (const { control } of walkControls(layout.controls)) {
    const variable = variableOf(control)
    if (!variable || !(variable in input)) continue
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

/**
 * A values-only submission made whole: each test field sent as a bare value (a number for a numeric test,
 * text for the choice kinds) or as `{value}` without a result gets its judged `{value, passOrFail}`, and
 * each group left out or sent as '-' gets its judged result. Anything else is left for the data schema to
 * accept or refuse with its own message.
 */
export function fillResults(
  layout: Pick<FormLayout, 'controls'>,
  input: Data,
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
      const withoutResult = isObject(raw) && 'value' in raw && !('passOrFail' in raw)
      if (bare || withoutResult) out[variable] = judgement.data[variable]
    } else if (control.type === 'group' && variable in judgement.groups) {
      if (raw === undefined || raw === null || raw === '' || raw === UNSET_RESULT)
        out[variable] = judgement.groups[variable]
    }
  }
  return out
}
