import { useId } from 'react'
import Form from 'react-bootstrap/Form'
import type { Option } from './use-export-options'

/** A labelled multi-select (SPEC §2: Record Type is a multi-select; so are the section lists). */
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
  return (
    <Form.Group className="mb-2" controlId={id}>
      <Form.Label className="mb-1">{label}</Form.Label>
      <Form.Select
        multiple
        htmlSize={Math.min(5, Math.max(2, options.length))}
        value={[...value]}
        onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => o.value))}
        disabled={options.length === 0}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      <Form.Text>
        {options.length === 0 ? 'Nothing to choose from.' : 'Ctrl or ⌘ + click to choose several.'}
      </Form.Text>
    </Form.Group>
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
