import { Fragment } from 'react'
import { NA_TEXT } from '../../schemas/form-layout'
import { formatCalculated } from './calculated-widget'
import { WIDGET_MESSAGES } from './messages'
import { numberOfInput } from './number-input'
import { hasMessages, invalidClass, messagesId, type ItrWidgetProps } from './widget-props'
// The input group's size: a class rather than an inline style on each of a form's test fields (#17.5).
import './test-field-inputs.css'

// Plain render helpers, not components: a big form has hundreds of test fields, and these add no
// fibers of their own to each of them.

/** What every test field input needs: the widget's props, whether n/a or inert, and where values go. */
export interface TestInputArgs {
  props: ItrWidgetProps
  na: boolean
  inert: boolean
  emit: (value: number | string | null, notApplicable: boolean) => void
}

/** The number box (with its unit) of a numeric test; `text` is what it shows. */
export function numericInput(
  a: TestInputArgs & {
    text: string
    step: number | 'any'
    unit?: string
    onDraft: (raw: string | null) => void
  },
) {
  const { props, na, emit } = a
  const change = (input: HTMLInputElement) => {
    const { value, unreadable } = numberOfInput(input)
    // Unreadable text gives no value (the badge says '-'), and the field says so until it is fixed or
    // emptied: a Save is refused meanwhile (audit h-entry F2), not stored as an empty test.
    emit(value, false)
    props.reportEntry?.(unreadable ? WIDGET_MESSAGES.number.unreadable : null)
    a.onDraft(input.value)
  }
  return (
    // Grows to 16rem, and shrinks on a phone so the result badge stays on the input's line (the class's
    // rule in test-field-inputs.css: an inline style per test field cost the mount a style object each).
    <div className="input-group itr-test-input">
      <input
        // A new box when n/a turns on or off: unreadable text the browser keeps (React cannot see it) goes.
        key={na ? 'na' : 'entry'}
        id={props.id}
        type="number"
        inputMode="decimal"
        step={a.step}
        className={`form-control${invalidClass(props)}`}
        value={na ? '' : a.text}
        disabled={a.inert || na}
        aria-invalid={hasMessages(props) || undefined}
        aria-describedby={messagesId(props)}
        onChange={(e) => change(e.target)}
        onInput={(e) => {
          // Emptying a box of unreadable text changes its value from '' to '': React sees no change.
          if (e.currentTarget.value === '') change(e.currentTarget)
        }}
        onBlur={() => a.onDraft(null)}
      />
      {a.unit && <span className="input-group-text">{a.unit}</span>}
    </div>
  )
}

/**
 * The value of a numeric test that takes it from a calculation (`valueFrom`, issue #14): shown read-only
 * as a calculated value is, since the judge sets it from the formula whatever is typed (audit h-entry F6).
 */
export function calculatedTestValue(props: ItrWidgetProps, value: unknown, unit?: string) {
  return (
    <div className="input-group itr-test-input">
      <output
        id={props.id}
        className={`form-control bg-body-tertiary${invalidClass(props)}`}
        aria-label={props.label}
        aria-describedby={messagesId(props)}
      >
        {formatCalculated(value, undefined)}
      </output>
      {unit && <span className="input-group-text">{unit}</span>}
    </div>
  )
}

/** The radio buttons of a choice test (selection, yes/no, pass/fail). */
export function choiceInput(a: TestInputArgs & { choices: string[]; selected: unknown }) {
  const { props, na } = a
  return (
    <div
      role="radiogroup"
      aria-label={props.label}
      aria-invalid={hasMessages(props) || undefined}
      aria-describedby={messagesId(props)}
      className="btn-group"
      id={props.id}
    >
      {a.choices.map((choice, i) => (
        <Fragment key={choice}>
          <input
            type="radio"
            className="btn-check"
            name={props.id}
            id={`${props.id}-${i}`}
            checked={!na && a.selected === choice}
            disabled={a.inert || na}
            onChange={() => a.emit(choice, false)}
          />
          <label className="btn btn-outline-primary btn-sm" htmlFor={`${props.id}-${i}`}>
            {choice}
          </label>
        </Fragment>
      ))}
    </div>
  )
}

/**
 * The n/a switch; `onToggle` gets whether n/a is now on. Named after its test ('n/a: Voltage ratio
 * error'): a form has many, and a screen reader's list of them would otherwise say 'n/a' for each.
 */
export function naSwitch(
  props: Pick<ItrWidgetProps, 'id' | 'label'>,
  na: boolean,
  inert: boolean,
  onToggle: (on: boolean) => void,
) {
  const id = props.id
  return (
    <div className="form-check form-switch mb-0">
      <input
        id={`${id}-na`}
        type="checkbox"
        role="switch"
        className="form-check-input"
        aria-label={`${NA_TEXT}: ${props.label}`}
        checked={na}
        disabled={inert}
        onChange={(e) => onToggle(e.target.checked)}
      />
      <label className="form-check-label" htmlFor={`${id}-na`}>
        {NA_TEXT}
      </label>
    </div>
  )
}
