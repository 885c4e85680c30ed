import { NA_TEXT, UNSET_RESULT, type GroupResult, type PassOrFail } from './constants'
import type { TestFieldControl } from './control-schemas'
import { isContainer, type Control, type FormLayout, type GroupControl } from './layout-schema'
import { groupTestVariables, isTestControl, variableOf, walkControls } from './layout-walk'
import { evaluateTest, testTypeIssue } from './test-result'
import { deriveRecord, rulesOf, type Parameters } from './derive'
import { judgeTables } from './table-judge'
import { tableResult } from './table-result'

/**
 * The judge (SPEC §4 "Test result per field", "Group results"): from a layout revision and a record's
 * values, every test field's result, every group's result and the record's overall result. The runtime's
 * live results and every server write path call this module; nothing else decides a verdict.
 */

/** A record's values by variable, as the judge reads them. */
export type JudgedData = Readonly<Record<string, unknown>>
type Data = JudgedData

/** A plain object (a test field's {value, passOrFail}, a group's values). */
export const isRecordObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The result carried by a value: a test field's passOrFail, a checkbox's boolean, a group's text. */
function resultOf(value: unknown): unknown {
  // A table's value is its judged rows (issue #14): it passes when every test cell does.
  if (Array.isArray(value)) return tableResult(value)
  return isRecordObject(value) && 'passOrFail' in value ? value.passOrFail : value
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
 * test stays at SPEC §4's initial 'Fail' (no change of a member ever re-evaluates it). `tests` are the
 * group's members when the caller has them already (the judge finds them once per layout).
 */
export function evaluateGroup(
  group: GroupControl,
  data: Data,
  tests: readonly string[] = groupTestVariables(group),
): GroupResult {
  return tests.length === 0 ? 'Fail' : combineResults(tests.map((variable) => data[variable]))
}

/** The variables whose results make the overall result: test fields and result-bearing groups, outermost. */
export function overallVariables(layout: Pick<FormLayout, 'controls'>): string[] {
  const out: string[] = []
  const visit = (controls: readonly Control[]) => {
    for (const control of controls) {
      const variable = variableOf(control)
      const isTable = control.type === 'table' && isTestControl(control)
      if (control.type === 'testField' || (control.type === 'group' && variable) || isTable)
        out.push(variable as string)
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
export function overallResult(
  layout: Pick<FormLayout, 'controls'>,
  data: Data,
  variables: readonly string[] = overallVariables(layout),
): GroupResult {
  return combineResults(variables.map((variable) => data[variable]))
}

/** One test field's entry as submitted: the value, the result it claims (if any) and whether it is n/a. */
export interface TestEntry {
  value: unknown
  claimed: unknown
  na: boolean
}

/** No value entered. */
export const isEmptyValue = (v: unknown) => v === null || v === undefined || v === ''

/**
 * Reads a test field's stored or submitted value: `{value, passOrFail}`, `{value}` or a bare value (a
 * values-only submission). n/a is `passOrFail` 'n/a' or its stored form '-' with no value, and counts only
 * where the control offers the n/a option (elsewhere '-' is simply unset).
 */
export function readTestEntry(control: TestFieldControl, raw: unknown): TestEntry {
  if (!isRecordObject(raw)) return { value: raw, claimed: undefined, na: false }
  const value = 'value' in raw ? raw.value : null
  const claimed = raw.passOrFail
  const na =
    control.naOption === true && isEmptyValue(value) && (claimed === NA_TEXT || claimed === UNSET_RESULT)
  return { value, claimed, na }
}

/** The verdict of one record. Test results use the form's texts ('n/a', not its stored '-'). */
export interface Judgement {
  tests: Record<string, PassOrFail>
  groups: Record<string, GroupResult>
  /** Every test field and result-bearing group passes; '-' when the layout has nothing to judge. */
  overall: GroupResult | typeof UNSET_RESULT
  /**
   * The data with every judged result written in (test fields as `{value, passOrFail}`, groups as text),
   * every calculation computed, and no value of a hidden control.
   */
  data: Record<string, unknown>
  /** Variables of controls hidden by their conditions: not stored, their tests n/a in group results. */
  hidden: ReadonlySet<string>
  /** Ids of hidden controls (groups, rows and notes included), for the runtime's layout. */
  hiddenIds: ReadonlySet<string>
  /** Each shown table's result, by variable (issue #14; table-judge.ts). */
  tables: Record<string, GroupResult>
  /** Each table test cell's result, by `variable[row].column`. */
  cells: Record<string, PassOrFail>
}

/**
 * Judges a record: every test field from its value (a claimed result is ignored here, see
 * `findDisagreements`), then every group from its members, nested and `tests`-listed groups included, then
 * the overall result. Test fields with an unknown test type are left as they are (SPEC §5 shows a message
 * in their place; they judge nothing).
 */
export function judgeRecord(
  layout: Pick<FormLayout, 'controls'>,
  input: Data,
  params: Parameters = {},
): Judgement {
  let judgement = judgeOnce(layout, input, params)
  // A condition reading a group's result must see the result these values give, not the one stored with
  // them (a form's previous edit, or none in a CSV row): judged again with it, until nothing changes.
  const reads = rulesOf(layout).conditionReads
  for (let round = 0; round < 3 && reads.size; round++) {
    const stale = Object.entries(judgement.groups).filter(
      ([v, result]) => reads.has(v) && input[v] !== result,
    )
    if (!stale.length) break
    input = { ...input, ...Object.fromEntries(stale) }
    judgement = judgeOnce(layout, input, params)
  }
  return judgement
}

/** What judging needs of a layout's tree, found once per controls array (as `rulesOf` is). */
interface JudgeShape {
  /** Test fields with a known test type, in document order. */
  testFields: TestFieldControl[]
  /** Result-bearing groups by variable, in document order, each with its members' variables. */
  groups: Map<string, { group: GroupControl; members: string[] }>
  overall: string[]
}

const shapes = new WeakMap<readonly Control[], JudgeShape>()

/**
 * The layout's test fields, groups with their members, and overall variables. A CSV file judges each of
 * its rows with one layout: walking the tree for these three times per row cost more than judging the
 * row's few values (issue #17.3).
 */
function shapeOf(layout: Pick<FormLayout, 'controls'>): JudgeShape {
  let shape = shapes.get(layout.controls)
  if (!shape) {
    const testFields: TestFieldControl[] = []
    const groups: JudgeShape['groups'] = new Map()
    for (const { control } of walkControls(layout.controls)) {
      if (control.type === 'group' && control.variable)
        groups.set(control.variable, { group: control, members: groupTestVariables(control) })
      if (control.type === 'testField' && !testTypeIssue(control)) testFields.push(control)
    }
    shape = { testFields, groups, overall: overallVariables(layout) }
    shapes.set(layout.controls, shape)
  }
  return shape
}

function judgeOnce(layout: Pick<FormLayout, 'controls'>, input: Data, params: Parameters): Judgement {
  // Calculations, `valueFrom` tests and conditions first (issue #14): the tests judge what they give.
  const { data: derived, hidden, hiddenIds } = deriveRecord(rulesOf(layout), input, params)
  const data: Record<string, unknown> = { ...derived }
  for (const variable of hidden) delete data[variable]
  const { tables, cells } = judgeTables(layout, data, params, hidden)
  const tests: Record<string, PassOrFail> = {}
  const { testFields, groups, overall } = shapeOf(layout)
  for (const control of testFields) {
    if (!(control.variable in data)) continue
    const entry = readTestEntry(control, data[control.variable])
    const result = evaluateTest(control, entry.value, entry.na)
    tests[control.variable] = result
    // Unset is stored as null, as the form holds it: '-' with no value is kept for n/a (SPEC §9).
    data[control.variable] =
      result === UNSET_RESULT ? null : { value: entry.na ? null : entry.value, passOrFail: result }
  }
  // Group results read a hidden member as n/a (it passes); a hidden group keeps no result of its own.
  const view: Record<string, unknown> = { ...data }
  for (const variable of hidden) view[variable] = NA_TEXT
  const judged: Record<string, GroupResult> = {}
  const judging = new Set<string>()
  const judgeGroup = (variable: string): GroupResult => {
    if (variable in judged) return judged[variable]
    // A `tests` list naming a group that names this one back: the cycle cannot pass.
    if (judging.has(variable)) return 'Fail'
    judging.add(variable)
    const { group, members } = groups.get(variable)!
    for (const member of members)
      if (groups.has(member) && !hidden.has(member)) view[member] = judgeGroup(member)
    judged[variable] = evaluateGroup(group, view, members)
    view[variable] = judged[variable]
    judging.delete(variable)
    return judged[variable]
  }
  for (const variable of groups.keys()) if (!hidden.has(variable)) data[variable] = judgeGroup(variable)
  return {
    tests,
    groups: judged,
    overall: overall.length === 0 ? UNSET_RESULT : overallResult(layout, view, overall),
    data,
    hidden,
    hiddenIds,
    tables,
    cells,
  }
}
