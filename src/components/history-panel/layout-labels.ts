import { variableOf, walkControls, type FormLayout } from '../../../schemas/form-layout'

/**
 * A record's field labels for its history diff: `data.<variable>` → the control's label in the layout
 * the record was captured with. Controls without a label keep their variable name.
 */
export function layoutLabels(layout: FormLayout | null | undefined): Record<string, string> {
  const labels: Record<string, string> = {}
  if (!layout?.controls) return labels
  for (const { control } of walkControls(layout.controls)) {
    const variable = variableOf(control)
    const label = 'label' in control && typeof control.label === 'string' ? control.label.trim() : ''
    if (variable && label) labels[`data.${variable}`] = label
  }
  return labels
}
