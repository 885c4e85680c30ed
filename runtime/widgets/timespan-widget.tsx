import { useState } from 'react'
import { fromIsoDuration, toIsoDuration } from '../pass-fail'
import type { TimespanUnit } from '../../schemas/form-layout'
import { frequencyHint } from '../form/calibration-frequency'
import { useOptionalRuntime } from '../form/runtime-context'
import { invalidClass, isInert, type ItrWidgetProps } from './widget-props'

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

  const type = (next: string) => {
    const n = next.trim() === '' ? null : Number(next)
    if (n === null) {
      setDraft(null)
      if (props.value !== null) props.onChange(null)
    } else if (Number.isFinite(n) && n >= 0) {
      setDraft({ text: next, forValue: toIsoDuration(n, unit) })
      props.onChange(toIsoDuration(n, unit))
    } else setDraft({ text: next, forValue: props.value })
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
          aria-describedby={hint ? `${props.id}-hint` : undefined}
          onChange={(e) => type(e.target.value)}
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
