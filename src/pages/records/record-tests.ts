import {
  judgeRecord,
  limitsText,
  measuredResult,
  passChoiceOf,
  readTestEntry,
  resolveLimits,
  testTypeIssue,
  walkControls,
  type FormLayout,
} from '../../../schemas/form-layout'
import { fromServerData } from '../../../runtime/pass-fail'
import { parameterValues, type TestParameter } from '../../../schemas/entities/test-parameter'
import {
  calibrationOutcomeLine,
  MEASURED_WORDS,
  type CalibrationOutcome,
  type CalibrationOutcomeLine,
} from './calibration-outcome'

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
  /** A calibration's group where nothing was measured is 'not measured' (`measuredResult`), never Fail. */
  groups: { variable: string; label: string; result: 'Pass' | 'Fail' | 'not measured' }[]
  /** SPEC §4's overall result; null for a calibration, whose outcome is its calibration history's. */
  overall: 'Pass' | 'Fail' | null
  layoutRevision: number | null
  /** A calibration's outcome from its calibration history row (null: a test, or no row readable). */
  outcome?: CalibrationOutcomeLine | null
}

/**
 * The record's judgement by the layout revision it was captured with: the same judge the server applied
 * when the record was stored, so what is shown is what was decided. Null without a layout.
 *
 * A calibration (`calibration` given) is read as the certificate reads it (issue #15.3): its groups are
 * measurements (`measuredResult`), so a group nothing was measured in is 'not measured' where SPEC §4
 * would fail it, and its outcome is the history row's ('As found: PASS · As left: PASS'), never SPEC §4's
 * overall result (a calibration that was not required read 'Fail').
 */
export function recordJudgement(
  storedLayout: FormLayout | null,
  stored: Readonly<Record<string, unknown>>,
  layoutRevision: number | null,
  parameters: readonly TestParameter[] = [],
  calibration?: { outcome: CalibrationOutcome | null },
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
        result: calibration
          ? MEASURED_WORDS[measuredResult(layout, control.variable, judgement.data)]
          : judgement.groups[control.variable],
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
  if (calibration)
    return {
      tests,
      groups,
      overall: null,
      layoutRevision,
      outcome: calibrationOutcomeLine(calibration.outcome),
    }
  const overall = judgement.overall === '-' ? null : judgement.overall
  return { tests, groups, overall, layoutRevision }
}
