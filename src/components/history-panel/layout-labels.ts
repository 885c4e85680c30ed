import { labelsByVariable, type FormLayout } from '../../../schemas/form-layout'

/**
 * A record's field labels for its history diff: `data.<variable>` → the control's label in the layout
 * the record was captured with (as the record view labels its lines). Controls without a label keep
 * their variable name.
 */
export function layoutLabels(layout: FormLayout | null | undefined): Record<string, string> {
  return Object.fromEntries(
    [...labelsByVariable(layout)].map(([variable, label]) => [`data.${variable}`, label]),
  )
}
