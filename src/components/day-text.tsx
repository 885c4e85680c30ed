import { useState } from 'react'
import Form from 'react-bootstrap/Form'
import { fromPickerText, toPickerText } from '../../runtime/widgets/date-format'

/**
 * One day typed dd-MM-yyyy as every SPEC §9 picker shows dates (issue #11.20; the browser's date input
 * would show its locale's mm/dd/yyyy): the date filters of /Products, /Audit and a device's usage.
 * Half-typed text stays local; a real day is handed on as ISO (YYYY-MM-DD), a cleared one as ''.
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
  const [draft, setDraft] = useState<{ text: string; forIso: string } | null>(null)
  const text = draft && draft.forIso === iso ? draft.text : toPickerText(iso)
  const invalid = text.trim() !== '' && fromPickerText(text) === null
  return (
    <Form.Control
      type="text"
      inputMode="numeric"
      placeholder="dd-MM-yyyy"
      value={text}
      isInvalid={invalid}
      onChange={(e) => {
        const next = e.target.value
        const day = next.trim() === '' ? '' : fromPickerText(next)
        if (day === null) setDraft({ text: next, forIso: iso })
        else {
          setDraft(null)
          if (day !== iso) onChange(day)
        }
      }}
      aria-label={label}
      title={`${label} (dd-MM-yyyy)`}
    />
  )
}
