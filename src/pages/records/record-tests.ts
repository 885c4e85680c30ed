import {
  judgeRecord,
  limitsText,
  passChoiceOf,
  readTestEntry,
  resolveLimits,
  testTypeIssue,
  walkControls,
  type FormLayout,
} from '../../../schemas/form-layout'
import { fromServerData } from '../../../runtime/pass-fail'
import { parameterValues, type TestParameter } from '../../../schemas/entities/test-parameter'

/** One test of a record as the auditor reads it: what was measured, against what, and the verdict. */
export interface RecordTestLine {
  variable: string
  /** The label, with its test number ('2. Insulation resistance') where the layout gives one. */
  label: string
  /** The value with its unit, 'n/a', or '—' when nothing was entered. */
  value: string
  /** 'Limits −0.5..0.5 %' for a numeric test, 'Passes on "Dyn11"' for the choice kinds. */
  criterion: string
  result: 'Pass' | 'Fail' | 'n/a' | '—'
}

/** How a record was judged (issue #12): each test, each group, and the overall result with the revision. */
export interface RecordJudgement {
  tests: RecordTestLine[]
  groups: { variable: string; label: string; result: 'Pass' | 'Fail' }[]
  overall: 'Pass' | 'Fail' | null
  layoutRevision: number | null
}

/**
 * The record's judgement by the layout revision it was captured with: the same judge the server applied
 * when the record was stored, so what is shown is what was decided. Null without a layout.
 */
export function recordJudgement(
  storedLayout: FormLayout | null,
  stored: Readonly<Record<string, unknown>>,
  layoutRevision: number | null,
  parameters: readonly TestParameter[] = [],
): RecordJudgement | null {
  if (!storedLayout) return null
  // With the test parameters the record stored (issue #14.4): its limits as they were when judged.
  const params = parameterValues(parameters)
  const layout = resolveLimits(storedLayout, params).layout
  const data = fromServerData(layout, stored)
  const judgement = judgeRecord(layout, data, params)
  const tests: RecordTestLine[] = []
  const groups: RecordJudgement['groups'] = []
  for (const { control } of walkControls(layout.controls)) {
    if (control.type === 'group' && control.variable && control.variable in judgement.groups)
      groups.push({
        variable: control.variable,
        label: control.label ?? control.variable,
        result: judgement.groups[control.variable],
      })
    if (control.type !== 'testField' || testTypeIssue(control)) continue
    const entry = readTestEntry(control, data[control.variable])
    const result = judgement.tests[control.variable] ?? '-'
    const unit = control.unit ? ` ${control.unit}` : ''
    const empty = entry.value === null || entry.value === undefined || entry.value === ''
    tests.push({
      variable: control.variable,
      label: control.testNumber ? `${control.testNumber}. ${control.label}` : control.label,
      value: entry.na ? 'n/a' : empty ? '—' : `${String(entry.value)}${unit}`,
      criterion:
        control.testType === 'numeric'
          ? `Limits ${limitsText(control)}${unit}`
          : `Passes on "${passChoiceOf(control) ?? ''}"`,
      result: result === '-' ? '—' : result,
    })
  }
  const overall = judgement.overall === '-' ? null : judgement.overall
  return { tests, groups, overall, layoutRevision }
}
