import { useState } from 'react'
import { DATE_FORMAT_HINT, dateTextProblem, fromPickerText, toPickerText } from './date-format'
import { hasMessages, isInert, messagesId, type ItrWidgetProps } from './widget-props'
// The calendar glyph: drawn by the stylesheet, so a form of many dates mounts no SVG per date (#17.5).
import './date-widget.css'

/** Shown under the box while the typed text is not in the format (date-format.ts `dateTextProblem`). */
export { DATE_FORMAT_HINT }

/**
 * What a date field remembers between renders: the typed text while it is not yet a date (it belongs to
 * the value it was typed over), and whether the browser's calendar input exists yet — it is only created
 * when asked for: one per date field would double the cost of mounting a form with many dates.
 */
interface DateMemory {
  draft: { text: string; forValue: unknown } | null
  picking: boolean
}
const FRESH: DateMemory = { draft: null, picking: false }

/**
 * Opens the calendar of the picker input as it is created (a callback ref, so React calls it once on
 * mount and with null on unmount).
 */
function showOnMount(picker: HTMLInputElement | null) {
  if (!picker) return
  try {
    picker.showPicker?.()
  } catch {
    // showPicker refuses without a user gesture in some browsers; the focused input still works.
    picker.focus()
  }
}

/**
 * datepicker: the technician types dd-MM-yyyy (SPEC §9) or picks from the browser's calendar; the
 * record stores the ISO date. The typed text is kept aside while it is incomplete, so half a date
 * never reaches the record; in a RecordForm it is reported as an entry that is not a value yet
 * (`reportEntry`), so neither does the date it was typed over: a Save is refused while it lasts.
 * This component keeps its memory in React state, for a date field rendered on its own; the
 * RecordForm calls `dateElement` with the store's memory (see the registry).
 */
export function DateWidget(props: ItrWidgetProps) {
  const [memory, remember] = useState<unknown>(FRESH)
  return dateElement({ ...props, memory, remember })
}

/**
 * The date field without hooks: its memory comes from the props (`memory`/`remember`, the RecordForm's
 * store), so a form's date fields mount no component, state or effect of their own (issue #17.5).
 */
export function dateElement(props: ItrWidgetProps) {
  const memory = (props.memory as DateMemory | undefined) ?? FRESH
  const remember = (next: Partial<DateMemory>) => props.remember?.({ ...memory, ...next })
  const setDraft = (draft: DateMemory['draft']) => {
    if (draft !== memory.draft) remember({ draft })
  }
  const pickerId = `${props.id}-calendar`
  const open = () =>
    memory.picking
      ? (document.getElementById(pickerId) as HTMLInputElement | null)?.showPicker?.()
      : remember({ picking: true })
  const shown = toPickerText(props.value)
  const { draft } = memory
  // A draft belongs to the value it was typed over; a new value from outside replaces it.
  const text = draft && Object.is(draft.forValue, props.value) ? draft.text : shown
  const invalid = text !== '' && fromPickerText(text) === null
  const inert = isInert(props)
  // Why the text is not a date: '31-02-2026 is not a date.', or how to write one (walk 14).
  const textProblem = invalid ? (dateTextProblem(text) ?? DATE_FORMAT_HINT) : null
  // In a RecordForm the field shows the hint under it (it was reported); on its own, the widget does.
  const hint = textProblem !== null && !props.rawErrors?.includes(textProblem)
  const report = (problem: string | null) => props.reportEntry?.(problem)

  const type = (next: string) => {
    if (next.trim() === '') {
      setDraft(null)
      if (props.value !== null) props.onChange(null)
      report(null)
      return
    }
    const iso = fromPickerText(next)
    if (iso !== null) {
      setDraft(null)
      if (iso !== props.value) props.onChange(iso)
      report(null)
    } else {
      setDraft({ text: next, forValue: props.value })
      report(dateTextProblem(next) ?? DATE_FORMAT_HINT)
    }
  }

  return (
    <>
      <div className="input-group">
        {/* No `type`: an input without one is a text box. */}
        <input
          id={props.id}
          inputMode="numeric"
          placeholder="dd-MM-yyyy"
          className={`form-control${invalid || hasMessages(props) ? ' is-invalid' : ''}`}
          value={text}
          readOnly={inert}
          aria-invalid={invalid || hasMessages(props) || undefined}
          aria-describedby={hint ? `${props.id}-hint` : messagesId(props)}
          onChange={(e) => type(e.target.value)}
        />
        {!inert && (
          <button
            type="button"
            className="btn btn-outline-secondary itr-calendar-button"
            aria-label={`Open calendar for ${props.label}`}
            onClick={open}
          />
        )}
        {memory.picking && (
          <input
            ref={showOnMount}
            id={pickerId}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            className="visually-hidden"
            value={typeof props.value === 'string' ? props.value.slice(0, 10) : ''}
            onChange={(e) => {
              setDraft(null)
              props.onChange(e.target.value === '' ? null : e.target.value)
              report(null)
            }}
          />
        )}
      </div>
      {hint && (
        <div id={`${props.id}-hint`} className="invalid-feedback d-block">
          {textProblem}
        </div>
      )}
    </>
  )
}
