import { useState } from 'react'

/**
 * Inputs of the inspector's table editor (issue #14) that keep the typed text while it does not parse
 * yet, and hand a parsed value on as soon as it does.
 */

/** A text box whose text is kept while it does not parse, so typing '-' or '0.' is not undone. */
export function DraftInput(p: {
  id: string
  label: string
  value: string
  parse: (text: string) => { value?: unknown; problem?: string }
  onValue: (value: unknown) => void
  inputMode?: 'decimal' | 'numeric'
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const text = draft ?? p.value
  const problem = draft !== null ? p.parse(draft).problem : undefined
  return (
    <div className="mb-2">
      <label className="form-label small mb-0" htmlFor={p.id}>
        {p.label}
      </label>
      <input
        id={p.id}
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        inputMode={p.inputMode}
        value={text}
        onChange={(e) => {
          setDraft(e.target.value)
          const parsed = p.parse(e.target.value)
          if (!parsed.problem) p.onValue(parsed.value)
        }}
        onBlur={() => setDraft(null)}
      />
      {problem && <div className="invalid-feedback">{problem}</div>}
    </div>
  )
}

/** A textarea of one entry per line. */
export function DraftInputArea(p: {
  id: string
  label: string
  value: string
  onValue: (text: string) => void
}) {
  const [draft, setDraft] = useState<string | null>(null)
  return (
    <div className="mb-2">
      <label className="form-label small mb-0" htmlFor={p.id}>
        {p.label} <span className="text-body-secondary">(one per line)</span>
      </label>
      <textarea
        id={p.id}
        className="form-control form-control-sm"
        rows={3}
        value={draft ?? p.value}
        onChange={(e) => {
          setDraft(e.target.value)
          p.onValue(e.target.value)
        }}
        onBlur={() => setDraft(null)}
      />
    </div>
  )
}
