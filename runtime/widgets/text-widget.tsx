import type { ChangeEvent } from 'react'
import { invalidClass, isInert, type ItrWidgetProps } from './widget-props'

/** An empty box stores null (SPEC §4: unset values are null), not ''. */
const textValue = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
  event.target.value === '' ? null : event.target.value

/**
 * singletext: one line of text. Plain elements with Bootstrap classes rather than react-bootstrap
 * components: this is the widget a 300-control form has most of, and it re-renders on every keystroke.
 */
export function TextWidget(props: ItrWidgetProps) {
  return (
    // No `type`: an input without one is a text box (a form of many adds an attribute per box otherwise).
    <input
      id={props.id}
      className={`form-control${invalidClass(props)}`}
      value={typeof props.value === 'string' ? props.value : ''}
      readOnly={isInert(props)}
      aria-required={props.required || undefined}
      aria-invalid={invalidClass(props) ? true : undefined}
      onChange={(e) => props.onChange(textValue(e))}
    />
  )
}

/** multitext: several lines of text. */
export function TextareaWidget(props: ItrWidgetProps) {
  return (
    <textarea
      id={props.id}
      rows={3}
      className={`form-control${invalidClass(props)}`}
      value={typeof props.value === 'string' ? props.value : ''}
      readOnly={isInert(props)}
      aria-required={props.required || undefined}
      aria-invalid={invalidClass(props) ? true : undefined}
      onChange={(e) => props.onChange(textValue(e))}
    />
  )
}
/** No hooks: the field slot calls it as a function (see RuntimeWidget in registry.ts). */
TextWidget.inline = true
/** No hooks: the field slot calls it as a function (see RuntimeWidget in registry.ts). */
TextareaWidget.inline = true
