import { Fragment } from 'react'
import { NA_TEXT } from '../../schemas/form-layout'
import { invalidClass, type ItrWidgetProps } from './widget-props'

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
  return (
    // Grows to 16rem, and shrinks on a phone so the result badge stays on the input's line.
    <div className="input-group" style={{ maxWidth: '16rem', flex: '1 1 8rem', minWidth: 0 }}>
      <input
        id={props.id}
        type="number"
        inputMode="decimal"
        step={a.step}
        className={`form-control${invalidClass(props)}`}
        value={na ? '' : a.text}
        disabled={a.inert || na}
        onChange={(e) => {
          const raw = e.target.value
          const n = raw.trim() === '' ? null : Number(raw)
          emit(n !== null && Number.isFinite(n) ? n : null, false)
          a.onDraft(raw)
        }}
        onBlur={() => a.onDraft(null)}
      />
      {a.unit && <span className="input-group-text">{a.unit}</span>}
    </div>
  )
}

/** The radio buttons of a choice test (selection, yes/no, pass/fail). */
export function choiceInput(a: TestInputArgs & { choices: string[]; selected: unknown }) {
  const { props, na } = a
  return (
    <div role="radiogroup" aria-label={props.label} className="btn-group" id={props.id}>
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

/** The n/a switch; `onToggle` gets whether n/a is now on. */
export function naSwitch(id: string, na: boolean, inert: boolean, onToggle: (on: boolean) => void) {
  return (
    <div className="form-check form-switch mb-0">
      <input
        id={`${id}-na`}
        type="checkbox"
        role="switch"
        className="form-check-input"
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
