import { useId } from 'react'
import Form from 'react-bootstrap/Form'
import type { Option } from './use-export-options'

/**
 * A choice of several values as a list of checkboxes (issue #11.17): usable by touch and keyboard alike,
 * where a native multi-select needs Ctrl or ⌘ + click. The list scrolls past a few entries.
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly Option[]
  value: readonly string[]
  onChange: (next: string[]) => void
}) {
  const id = useId()
  const chosen = new Set(value)
  const toggle = (option: string, on: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === option ? on : chosen.has(v))))
  return (
    <fieldset className="mb-2">
      <legend className="form-label fs-6 mb-1">
        {label}
        {value.length > 0 && <span className="text-secondary small ms-2">({value.length} chosen)</span>}
      </legend>
      {options.length === 0 ? (
        <Form.Text>Nothing to choose from.</Form.Text>
      ) : (
        <div className="multi-check border rounded px-2 py-1" role="group" aria-label={label}>
          {options.map((o) => (
            <Form.Check
              key={o.value}
              id={`${id}-${o.value}`}
              type="checkbox"
              label={o.label}
              checked={chosen.has(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
          ))}
        </div>
      )}
    </fieldset>
  )
}

/** A date with its on/off toggle, typed dd-MM-yyyy (SPEC §2/§9). */
export function ToggledDate({
  label,
  on,
  text,
  error,
  onToggle,
  onText,
}: {
  label: string
  on: boolean
  text: string
  error?: string
  onToggle: (on: boolean) => void
  onText: (text: string) => void
}) {
  const id = useId()
  return (
    <div className="mb-2">
      <Form.Check
        type="switch"
        id={`${id}-on`}
        label={label}
        checked={on}
        onChange={(e) => onToggle(e.target.checked)}
      />
      {on && (
        <>
          <Form.Control
            id={`${id}-date`}
            aria-label={`${label} (dd-MM-yyyy)`}
            placeholder="dd-MM-yyyy"
            inputMode="numeric"
            value={text}
            onChange={(e) => onText(e.target.value)}
            isInvalid={Boolean(error)}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </>
      )}
    </div>
  )
}
