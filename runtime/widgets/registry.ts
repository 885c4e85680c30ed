import { createElement, type ComponentType, type ReactNode } from 'react'
import type { UI_NAMES } from '../compiler'
import { BarcodeTextWidget } from './barcode-text-widget'
import { CalculatedWidget } from './calculated-widget'
import { CheckboxWidget } from './checkbox-widget'
import { dateElement } from './date-widget'
import { DropdownWidget } from './dropdown-widget'
import { GroupResultWidget } from './group-result-widget'
import { MultiselectWidget } from './multiselect-widget'
import { SerialWidget } from './serial-widget'
import { TableWidget } from './table-widget'
import { TestEquipmentWidget } from './test-equipment-widget'
import { testFieldElement } from './test-field-widget'
import { TextareaWidget, TextWidget } from './text-widget'
import { TimespanWidget } from './timespan-widget'
import { UploadWidget } from './upload-widget'
import type { ItrWidgetProps } from './widget-props'

type UiName =
  | Extract<(typeof UI_NAMES)[keyof typeof UI_NAMES], { widget: string }>['widget']
  | Extract<(typeof UI_NAMES)[keyof typeof UI_NAMES], { field: string }>['field']

/**
 * A runtime widget. `ownsLabel`: it draws its caption itself. `inline`: it uses no hooks, so the field
 * slot calls it as a function instead of mounting it as a component of its own (one fiber fewer per field
 * of the kinds a big form has most of: text, dropdown, checkbox); a widget that gains a hook drops it.
 */
export type RuntimeWidget = ComponentType<ItrWidgetProps> & { ownsLabel?: boolean; inline?: boolean }

/**
 * The test and date fields as the RecordForm renders them: called, with their memory in the form store
 * (`memory` and `remember` from the field slot) instead of React state; `TestFieldWidget` and
 * `DateWidget` are the same on their own.
 */
const StoreTestField: RuntimeWidget = Object.assign((props: ItrWidgetProps) => testFieldElement(props), {
  inline: true,
})
const StoreDate: RuntimeWidget = Object.assign((props: ItrWidgetProps) => dateElement(props), {
  inline: true,
})

/**
 * Every runtime widget by the name the compiler writes into the uiSchema (`ui:widget` or `ui:field`,
 * see UI_NAMES in runtime/compiler/types.ts), which the RecordForm's field slots render.
 */
export const WIDGETS_BY_NAME: Record<UiName, RuntimeWidget> = {
  checkbox: CheckboxWidget,
  itrDate: StoreDate,
  textarea: TextareaWidget,
  text: TextWidget,
  barcodeText: BarcodeTextWidget,
  serialLookup: SerialWidget,
  itrDropdown: DropdownWidget,
  timespan: TimespanWidget,
  groupResult: GroupResultWidget,
  itrMultiSelect: MultiselectWidget,
  documentUpload: UploadWidget,
  testField: StoreTestField,
  testEquipment: TestEquipmentWidget,
  calculated: CalculatedWidget,
  measurementTable: TableWidget,
}

/** The component for a uiSchema entry, or undefined when it names none of ours. */
export function widgetFor(
  ui: { 'ui:widget'?: unknown; 'ui:field'?: unknown } | undefined,
): RuntimeWidget | undefined {
  const name = (ui?.['ui:widget'] ?? ui?.['ui:field']) as UiName | undefined
  return name ? WIDGETS_BY_NAME[name] : undefined
}

/** A widget's element in a field slot: called as a function when it has no hooks (see RuntimeWidget). */
export function widgetElement(Widget: RuntimeWidget, props: ItrWidgetProps): ReactNode {
  return Widget.inline
    ? (Widget as (props: ItrWidgetProps) => ReactNode)(props)
    : createElement(Widget, props)
}
