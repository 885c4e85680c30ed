import { useCallback, useContext, useEffect, useId, useState } from 'react'
import Form from 'react-bootstrap/Form'
import {
  DATE_FORMAT_HINT,
  dateTextProblem,
  fromPickerText,
  toPickerText,
} from '../../runtime/widgets/date-format'
import { DayTextScopeContext } from './day-text-scope'

/**
 * Shown while the typed text is not in the format: the data entry form's words for the same case, from
 * date-format.ts (not date-widget.tsx, so no filter pulls in its stylesheet). Text in the format that names
 * no day says so instead ('31-02-2026 is not a date.'): `dateTextProblem`, the rule both follow.
 */
export const DAY_TEXT_HINT = DATE_FORMAT_HINT

/** A message with each word holding a digit or a hyphen (a date, the format) kept whole on its line. */
const keepDatesWhole = (message: string) =>
  message.split(/(\S*[\d-]\S*)/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="text-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  )

/**
 * One day typed dd-MM-yyyy as every SPEC §9 picker shows dates (issue #11.20; the browser's date input
 * would show its locale's mm/dd/yyyy): the date filters of /Products, /Audit and a device's usage.
 * Half-typed text stays local; a real day is handed on as ISO (YYYY-MM-DD), a cleared one as ''.
 *
 * Text that is not a day (a typo, '31-02-2026') says why under the box and clears the filter, so the
 * grid never goes on applying a day the box no longer shows (audit walk-products E); the text stays in
 * the box to be corrected. Inside `<DayTexts>` (day-text-scope.tsx) the box tells its page so, and
 * empties it when the page's Clear Filters is pressed.
 */
export function DayText({
  iso,
  onChange,
  label,
}: {
  iso: string
  onChange: (iso: string) => void
  label: string
}) {
  const hintId = useId()
  const scope = useContext(DayTextScopeContext)
  const generation = scope?.generation ?? 0
  // The typed text, kept while the filter holds the day it was typed over and Clear Filters is not pressed.
  const [draft, setDraft] = useState<{ text: string; forIso: string; generation: number } | null>(null)
  // In an input group (the Last Record filter of /Products) the hint is the group's line under it.
  const [inGroup, setInGroup] = useState(false)
  const box = useCallback((input: HTMLInputElement | null) => {
    if (input) setInGroup(Boolean(input.parentElement?.classList.contains('input-group')))
  }, [])
  const text =
    draft && draft.forIso === iso && draft.generation === generation ? draft.text : toPickerText(iso)
  const problem = dateTextProblem(text)
  const invalid = problem !== null
  // With no filter left, only this tells the page that Clear Filters still has something to empty.
  const report = scope?.report
  useEffect(() => {
    if (!report) return
    report(hintId, invalid)
    return () => report(hintId, false)
  }, [report, hintId, invalid])
  const hint = problem !== null && (
    <div
      id={hintId}
      // In a group (which wraps, as Bootstrap's does) a full-width line drawn after the box, in the
      // flow, so the box below moves down instead of covering it (walk: only 'Ente…' showed beside a
      // focused To box). It comes first in the DOM, so the box stays the group's last child and keeps
      // its rounded right corners.
      className={inGroup ? 'invalid-feedback d-block order-last' : 'invalid-feedback d-block'}
    >
      {/* Read as the message; a date or the format is not broken at its hyphens in a narrow column. */}
      {keepDatesWhole(problem)}
    </div>
  )
  return (
    <>
      {/* Before the box in a group (drawn after it, order-last): the box keeps its rounded right corners. */}
      {inGroup && hint}
      <Form.Control
        ref={box}
        type="text"
        inputMode="numeric"
        placeholder="dd-MM-yyyy"
        value={text}
        isInvalid={invalid}
        aria-describedby={invalid ? hintId : undefined}
        onChange={(e) => {
          const next = e.target.value
          const day = next.trim() === '' ? '' : fromPickerText(next)
          if (day === null) {
            // Not a day: the text stays to be corrected, and no day is filtered by until it is one.
            setDraft({ text: next, forIso: '', generation })
            if (iso !== '') onChange('')
          } else {
            setDraft(null)
            if (day !== iso) onChange(day)
          }
        }}
        aria-label={label}
        title={`${label} (dd-MM-yyyy)`}
      />
      {!inGroup && hint}
    </>
  )
}
