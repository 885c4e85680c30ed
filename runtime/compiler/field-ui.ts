import type { UiSchema } from '@rjsf/utils'
import { FIXED_CHOICES, MULTISELECT_VISIBLE_VALUES, limitUnknown } from '../../schemas/form-layout'
import { numericStep, passChoiceOf, testTypeIssue, timespanUnitIssue } from '../pass-fail'
import { UI_NAMES, UPLOAD_EXTENSIONS } from './types'
import type { ValueControl } from './types'

type OptionValue = string | number | boolean | object | null

/**
 * rjsf uiSchema entry of one variable: which widget or field renders it, its caption, its column
 * width and the control settings the widget needs (resolved here once, not per render: the numeric
 * step, the default pass choice, SPEC's messages for unusable controls).
 */
export function fieldUi(control: ValueControl): UiSchema {
  const name = uiName(control)
  // Assignments, not spreads and a filtered copy: this runs for every field of a form on its first render.
  const entry: UiSchema = 'widget' in name ? { 'ui:widget': name.widget } : { 'ui:field': name.field }
  if (control.label !== undefined) entry['ui:title'] = control.label
  const options: Record<string, OptionValue> = { col: control.col ?? 12 }
  const kind = kindOptions(control)
  for (const key in kind) if (kind[key] !== undefined) options[key] = kind[key] as OptionValue
  entry['ui:options'] = options
  if (control.type === 'group') entry['ui:readonly'] = true
  return entry
}

function uiName(control: ValueControl): { widget: string } | { field: string } {
  if (control.type === 'group') return UI_NAMES.groupResult
  if (control.type === 'singletext' && control.barcode) return UI_NAMES.barcode
  return UI_NAMES[control.type]
}

function kindOptions(control: ValueControl): Record<string, OptionValue | undefined> {
  switch (control.type) {
    case 'dropdown':
      return listOptions(control)
    case 'multiselect':
      return {
        ...listOptions(control),
        maxValues: control.maxValues,
        visibleValues: MULTISELECT_VISIBLE_VALUES,
      }
    case 'singletext':
      return { barcode: control.barcode === true }
    case 'serial':
      return { outField: control.outField }
    case 'upload':
      // SPEC §5: PDF only for document controls (a typed upload), the default list otherwise.
      return {
        documentType: control.documentType,
        accept: [...(control.documentType ? UPLOAD_EXTENSIONS.document : UPLOAD_EXTENSIONS.default)],
      }
    case 'timespan':
      return { unit: control.unit, min: 0, issue: timespanUnitIssue(control) ?? undefined }
    case 'testField': {
      const issue = testTypeIssue(control)
      if (issue) return { issue }
      const choices =
        control.testType === 'selection'
          ? control.choices
          : control.testType === 'numeric'
            ? undefined
            : [...FIXED_CHOICES[control.testType]]
      return {
        testType: control.testType,
        min: control.min,
        max: control.max,
        // A limit from a product type parameter that the product type does not set (issue #14.4).
        unknownLimits: limitUnknown(control)
          ? [control.minParam, control.maxParam].filter((k) => k !== undefined && k !== null)
          : undefined,
        step: control.testType === 'numeric' ? numericStep(control.min, control.max) : undefined,
        unit: control.unit,
        criteria: control.criteria,
        naOption: control.naOption === true,
        testNumber: control.testNumber,
        choices,
        passChoice: passChoiceOf(control),
        // Shown read-only: the judge sets the value from this calculation (issue #14).
        valueFrom: control.testType === 'numeric' ? (control.valueFrom ?? undefined) : undefined,
      }
    }
    case 'testEquipment':
      return { min: control.min ?? 0, calibrationPolicy: control.calibrationPolicy ?? 'warn' }
    case 'calculated':
      return { unit: control.unit, decimals: control.decimals }
    case 'table':
      // The table widget reads its columns and rows from the control itself (runtime/widgets/table-widget.tsx).
      return { table: control }
    default:
      return {}
  }
}

function listOptions(control: Extract<ValueControl, { type: 'dropdown' | 'multiselect' }>) {
  return {
    values: control.values,
    source: control.source,
    endpoint: control.endpoint,
    filterfield: control.filterfield,
    filtervalue: control.filtervalue,
    outField: control.outField,
  }
}
