import { isInert, type ItrWidgetProps } from './widget-props'

/** checkbox: true/false (a fresh entry is false, SPEC §4). Draws its own label beside the box. */
export function CheckboxWidget(props: ItrWidgetProps) {
  return (
    <div className="form-check">
      <input
        id={props.id}
        type="checkbox"
        className="form-check-input"
        checked={props.value === true}
        disabled={isInert(props)}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label className="form-check-label" htmlFor={props.id}>
        {props.label}
      </label>
    </div>
  )
}
/** The field shell leaves the caption to the widget. */
CheckboxWidget.ownsLabel = true
/** No hooks: the field slot calls it as a function (see RuntimeWidget in registry.ts). */
CheckboxWidget.inline = true
