import type { Control, FormLayout } from './layout-schema'
import { findControlByVariable, groupTestVariables, walkControls } from './layout-walk'

/**
 * The result of a test or group as a measurement (issue #15.3: a calibration's device as found and as
 * left): 'pass' or 'fail' from the judged data, but '-' while nothing in it was measured. SPEC §4 starts
 * a group at 'Fail' and fails it for an unanswered member, which is right for a verdict and wrong here:
 * a calibration whose as-found checks were left blank found nothing, and must open no impact case.
 */
export function measuredResult(
  layout: Pick<FormLayout, 'controls'>,
  variable: string | undefined,
  judged: Readonly<Record<string, unknown>>,
): 'pass' | 'fail' | '-' {
  if (!variable) return '-'
  const control = findControlByVariable(layout, variable)?.control
  if (control?.type !== 'group' && control?.type !== 'testField') return '-'
  if (!measured(layout, control, judged)) return '-'
  const value = judged[variable]
  const result = isObject(value) && 'passOrFail' in value ? value.passOrFail : value
  return result === 'Pass' ? 'pass' : result === 'Fail' ? 'fail' : '-'
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Whether a test field holds a value, or any test of a group (nested groups included) does. */
function measured(
  layout: Pick<FormLayout, 'controls'>,
  control: Control,
  judged: Readonly<Record<string, unknown>>,
) {
  if (control.type === 'group') {
    const members = new Set(groupTestVariables(control))
    for (const { control: member } of walkControls(layout.controls))
      if (
        'variable' in member &&
        member.variable &&
        members.has(member.variable) &&
        measured(layout, member, judged)
      )
        return true
    return false
  }
  const value = judged['variable' in control && control.variable ? control.variable : '']
  if (control.type === 'table') return Array.isArray(value) && value.length > 0
  if (control.type === 'checkbox') return typeof value === 'boolean'
  if (!isObject(value)) return value !== null && value !== undefined && value !== ''
  return value.value !== null && value.value !== undefined && value.value !== ''
}
