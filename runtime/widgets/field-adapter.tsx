import type { ComponentType } from 'react'
import { getUiOptions, type FieldProps } from '@rjsf/utils'
import type { ItrWidgetProps } from './widget-props'

/**
 * rjsf renders object and array values (test field, upload, multiselect, test equipment) through
 * fields, not widgets, or it would expand them into sub-forms. This wraps a widget as an rjsf field, so
 * the same pure widget serves both the registry's `fields` map and the RecordForm's own layout.
 */
export function fieldFromWidget(Widget: ComponentType<ItrWidgetProps>, displayName: string) {
  function WidgetAsField(props: FieldProps) {
    const uiTitle = props.uiSchema?.['ui:title']
    return (
      <Widget
        id={props.fieldPathId.$id}
        value={props.formData ?? null}
        onChange={(value) => props.onChange(value as never, props.fieldPathId.path)}
        label={typeof uiTitle === 'string' ? uiTitle : (props.schema.title ?? props.name)}
        options={getUiOptions(props.uiSchema) as Record<string, unknown>}
        disabled={props.disabled}
        readonly={props.readonly}
        required={props.required}
        rawErrors={props.rawErrors}
      />
    )
  }
  WidgetAsField.displayName = displayName
  return WidgetAsField
}
