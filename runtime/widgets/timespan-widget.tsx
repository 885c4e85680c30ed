import { useState } from 'react'
import { fromIsoDuration, toIsoDuration } from '../pass-fail'
import type { TimespanUnit } from '../../schemas/form-layout'
import { frequencyHint } from '../form/calibration-frequency'
import { useOptionalRuntime } from '../form/runtime-context'
import { WIDGET_MESSAGES } from './messages'
import { numberOfInput } from './number-input'
import { invalidClass, isInert, messagesId, type ItrWidgetProps } from './widget-props'

/** Shown while the typed amount is below the minimum of 0 (SPEC §5). */
export const TIMESPAN_MIN_HINT = 'Enter a number of at least 0.'

interface TimespanOptions {
  unit?: TimespanUnit
  /** SPEC §5 text when the control has no unit; set by the compiler. */
  issue?: string
}

/**
 * timespan: a number of the control's unit, stored as an ISO 8601 duration (3 months → 'P3M').
 * Without a unit the control cannot capture anything, and shows SPEC's message instead of an input.
 */
export function TimespanWidget(props: ItrWidgetProps) {
  const { unit, issue } = props.options as TimespanOptions
  const [draft, setDraft] = useState<{ text: string; forValue: unknown } | null>(null)
  const frequency = useOptionalRuntime()?.calibration?.frequencyVariable
  if (issue || !unit)
    return (
      <div id={props.id} className="alert alert-warning py-2 mb-0" role="alert">
        {issue}
      </div>
    )
  const stored = typeof props.value === 'string' ? fromIsoDuration(props.value, unit) : null
  const text =
    draft && Object.is(draft.forValue, props.value) ? draft.text : stored === null ? '' : String(stored)
  const amount = text.trim() === '' ? null : Number(text)
  const belowMin = amount !== null && Number.isFinite(amount) && amount < 0
  // The record type's calibration frequency: an expiry is counted in whole months and days.
  const frequencyRule =
    props.name !== undefined && props.name === frequency && amount !== null && !belowMin
      ? frequencyHint(amount, unit)
      : null
  const rule = belowMin ? TIMESPAN_MIN_HINT : frequencyRule
  // A refused Save lists the same text under the field already: said once.
  const hint = rule && !props.rawErrors?.includes(rule) ? rule : null

  // Text that is no amount (unreadable, or below 0) keeps the value from before: in a RecordForm it is
  // reported (`reportEntry`), so a Save is refused rather than storing a value the box does not show.
  const type = (input: HTMLInputElement) => {
    const next = input.value
    const { value: n, unreadable } = numberOfInput(input)
    if (unreadable) {
      setDraft({ text: next, forValue: props.value })
      props.reportEntry?.(WIDGET_MESSAGES.number.unreadable)
    } else if (n === null) {
      setDraft(null)
      if (props.value !== null) props.onChange(null)
      props.reportEntry?.(null)
    } else if (n >= 0) {
      setDraft({ text: next, forValue: toIsoDuration(n, unit) })
      props.onChange(toIsoDuration(n, unit))
      props.reportEntry?.(null)
    } else {
      setDraft({ text: next, forValue: props.value })
      props.reportEntry?.(TIMESPAN_MIN_HINT)
    }
  }

  return (
    <div>
      <div className="input-group">
        <input
          id={props.id}
          type="number"
          min={0}
          step="any"
          className={`form-control${rule ? ' is-invalid' : invalidClass(props)}`}
          value={text}
          readOnly={isInert(props)}
          aria-invalid={!!rule || !!invalidClass(props) || undefined}
          aria-describedby={hint ? `${props.id}-hint` : messagesId(props)}
          onChange={(e) => type(e.target)}
          // Emptying a box of unreadable text changes its value from '' to '': React sees no change.
          onInput={(e) => {
            if (e.currentTarget.value === '') type(e.currentTarget)
          }}
        />
        <span className="input-group-text">{unit}</span>
      </div>
      {hint && (
        <div className="invalid-feedback d-block" id={`${props.id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  )
}
