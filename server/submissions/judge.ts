import {
  deriveRecord,
  missingRequired,
  requiredMessageOf,
  rulesOf,
  type ValueControl,
  findControlByVariable,
  ruleDisagreements,
  fillResults,
  findDisagreements,
  judgeRecord,
  fillTableCells,
  canonicalClaims,
  resolveLimits,
  tableDisagreements,
  type FormLayout,
  type Judgement,
  type MissingParameter,
  type Parameters,
  testTypeIssue,
  UNSET_RESULT,
  walkControls,
} from '../../schemas/form-layout/index'
import {
  PARAMETER_MESSAGES,
  parameterValues,
  type TestParameter,
} from '../../schemas/entities/test-parameter'
import { badRequest } from '../http-error'
import { resultOf, valueOf } from './values'

/**
 * The server's side of the judge (issue #12, docs/decisions.md "The server judges"): a submission's
 * results are computed from its values and the layout revision it is captured with. Results left out
 * are filled in; a submitted result that disagrees is refused with 400, naming each variable.
 */
export function judgeSubmission(
  storedLayout: FormLayout,
  data: Record<string, unknown>,
  parameters: readonly TestParameter[] = [],
): JudgedSubmission {
  // Limits from the product type (issue #14.4) are resolved first: the judge reads numbers only.
  const params = parameterValues(parameters)
  const { layout, missing } = resolveLimits(storedLayout, params)
  // A claim in any case ('pass', 'FAIL') is read, checked and stored as its stored spelling (audit s9 F12).
  const claims = canonicalClaims(layout, data)
  const judgement = judgeRecord(layout, claims, params)
  // Table cells (issue #14) are filled in like top-level tests: bare values get their judged result.
  const filled = fillTableCells(layout, fillResults(layout, claims, judgement), judgement)
  return { layout, judgement, filled, params, missing }
}

/** A submission and its judgement: `filled` is what the data schema checks, `judgement.data` what is stored. */
export interface JudgedSubmission {
  /** The layout with the product type's limits resolved. */
  layout: FormLayout
  judgement: Judgement
  filled: Record<string, unknown>
  /** The product type's parameters as the rules read them (`param.key`). */
  params: Parameters
  /** Limits naming a parameter the product type does not set. */
  missing: MissingParameter[]
}

/**
 * Refuses (400, every variable named) what the layout's rules do not allow (issue #14): a value for a
 * control its condition hides, a calculated or `valueFrom` value other than the formula's.
 */
export function assertRulesHold({ layout, judgement, filled, missing, params }: JudgedSubmission): void {
  // A value for a test whose limit is a parameter the product type lacks cannot be judged: refused.
  const values = missing.length ? deriveRecord(rulesOf(layout), filled, params).data : {}
  const unjudgeable = missing
    .filter((m) => hasValue(values[m.variable]))
    .map((m) => ({
      variable: m.variable,
      message: `${m.variable}: ${PARAMETER_MESSAGES.missing(m.key).replace(/\.$/, '')}`,
    }))
  unjudgeable.push(...unknownTestTypes(layout, filled, judgement))
  if (rulesOf(layout).none) return refuse(unjudgeable)
  refuse([...unjudgeable, ...ruleDisagreements(layout, filled, judgement)])
}

/**
 * A test field whose test type no rule knows cannot be judged (audit s9 F11): a value or a claimed result
 * sent for it would be stored unchecked, so it is refused with SPEC's text for such a field. Such a layout
 * may be stored (SPEC §5 renders it with that text); its other fields are captured as usual.
 */
function unknownTestTypes(
  layout: FormLayout,
  filled: Record<string, unknown>,
  judgement: Judgement,
): { variable: string; message: string }[] {
  const out: { variable: string; message: string }[] = []
  for (const { control } of walkControls(layout.controls)) {
    if (control.type !== 'testField' || !testTypeIssue(control)) continue
    const entry = filled[control.variable]
    if (judgement.hidden.has(control.variable) || !(hasValue(entry) || hasClaim(entry))) continue
    out.push({ variable: control.variable, message: `${control.variable}: ${testTypeIssue(control)}` })
  }
  return out
}

/** A test entry `{passOrFail}` that claims a result (unset '-' claims none). */
const hasClaim = (entry: unknown) =>
  typeof entry === 'object' &&
  entry !== null &&
  !['', null, undefined, UNSET_RESULT].includes((entry as { passOrFail?: unknown }).passOrFail as never)

/** A test entry that holds a value (a number, a choice, or `{value}` with one). */
const hasValue = (entry: unknown) =>
  entry !== null &&
  entry !== undefined &&
  entry !== '' &&
  (typeof entry !== 'object' || ((entry as { value?: unknown }).value ?? null) !== null)

function refuse(disagreements: readonly { variable: string; message: string }[]) {
  if (disagreements.length)
    throw badRequest(
      disagreements.map((d) => `${d.message}.`).join(' '),
      disagreements.map((d) => ({ variable: d.variable, message: d.message })),
    )
}

/** Refuses (400, every variable named) a submission whose results disagree with the judge's; run after the data schema. */
export function assertAgrees({ layout, judgement, filled, params }: JudgedSubmission): void {
  const disagreements = [
    ...findDisagreements(layout, filled, judgement),
    ...tableDisagreements(layout, filled, judgement),
  ]
  // Required while a condition holds (issue #14): the data schema cannot say, the rules can.
  const rules = rulesOf(layout)
  if (!rules.none)
    for (const control of missingRequired(rules, deriveRecord(rules, filled, params), params))
      disagreements.push({
        variable: (control as ValueControl).variable,
        message: requiredMessageOf(control as ValueControl).replace(/\.$/, ''),
      })
  refuse(disagreements)
}

/**
 * The record result the judge gives (pass, fail or '-'): the judged result of the control the record
 * type's result mapping names (a group, a test field or a measurement table, audit s9 F9); mapped to any
 * other control, the layout's overall result. Undefined when there is nothing to judge (no layout, no
 * tests): the submitted value stands.
 */
export function judgedRecordResult(
  layout: FormLayout | null,
  resultField: string | undefined,
  judgement: Judgement | null,
): 'pass' | 'fail' | '-' | undefined {
  if (!resultField) return '-'
  if (!layout || !judgement) return undefined
  const control = findControlByVariable(layout, resultField)?.control
  if (control?.type === 'group' || control?.type === 'testField')
    return resultOf(judgement.data[resultField], resultField)
  // A table's result is not stored in its data (a list of rows): the judge gives it, as for a group.
  // A table hidden by its condition or not sent measured nothing.
  if (control?.type === 'table') {
    const result = judgement.tables[resultField]
    return result === undefined ? '-' : result === 'Pass' ? 'pass' : 'fail'
  }
  if (judgement.overall === '-') return undefined
  return judgement.overall === 'Pass' ? 'pass' : 'fail'
}

/**
 * The record's stored result: the judge's (see `judgedRecordResult`); a submitted value in a plain result
 * field that disagrees with it is refused; with nothing to judge the submitted value stands.
 */
export function recordResult(
  layout: FormLayout | null,
  resultField: string | undefined,
  judgement: Judgement | null,
  data: Record<string, unknown>,
): 'pass' | 'fail' | '-' {
  const judged = judgedRecordResult(layout, resultField, judgement)
  if (!resultField) return '-'
  const raw = valueOf(data, resultField)
  const submitted = resultOf(raw, resultField)
  if (judged === undefined) return submitted
  if (submitted !== '-' && submitted !== judged && judgement)
    throw badRequest(
      `${resultField}: the record's tests give ${judgement.overall}, so its result is ${judgement.overall}, not ${String(raw)}.`,
    )
  return judged
}
