import { PALETTE } from '../model'
import { controlLabel, type Control } from '../../schemas/form-layout'

/** The palette's name for a control's kind ('Numeric test', 'Group', …). */
export function kindLabel(control: Control): string {
  const kind = control.type === 'testField' ? `testField:${control.testType}` : control.type
  return PALETTE.find((p) => p.kind === kind)?.label ?? control.type
}

/** How buttons and announcements name a control: its label, else its variable, else its kind. */
export function controlName(control: Control): string {
  const label = controlLabel(control)
  if (label) return label
  if ('variable' in control && control.variable) return control.variable
  return kindLabel(control)
}
