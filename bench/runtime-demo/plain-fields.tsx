import type { ReactNode } from 'react'

/**
 * The plain forms' fields (bench/runtime-demo/plain-form.tsx, plain-table-form.tsx): hand-written
 * controlled inputs. The lower-case ones are plain functions called in render, not components, so the
 * React tree stays that of one hand-written form.
 */

/** The form's values by field id. */
export type Data = Record<string, string | boolean | undefined>

/** A result badge, coloured as the runtime's; `label` is its accessible name where it has one. */
export const badge = (result: string, label?: string) => (
  <span
    className={`badge text-bg-${result === 'Pass' ? 'success' : result === 'Fail' ? 'danger' : 'secondary'}`}
    aria-label={label}
  >
    {result}
  </span>
)

/** A numeric test's result: '-' until a value is typed. */
export const numericResult = (text: string | boolean | undefined, min: number, max: number) => {
  if (typeof text !== 'string' || text === '') return '-'
  const n = Number(text)
  return Number.isFinite(n) && n >= min && n <= max ? 'Pass' : 'Fail'
}

/** A choice's result: '-' until one is picked. */
export const choiceResult = (value: string | boolean | undefined, pass: string) =>
  value === undefined ? '-' : value === pass ? 'Pass' : 'Fail'

/** A field's caption, as the runtime's field shell draws it. */
const caption = (id: string, label: string) => (
  <label className="form-label fw-semibold mb-1" htmlFor={id}>
    {label}
  </label>
)

/** A text input with its caption. */
export function Text(props: { id: string; label: string; data: Data; set(id: string, v: string): void }) {
  return (
    <div className="col-12 col-md-4">
      {caption(props.id, props.label)}
      <input
        id={props.id}
        className="form-control"
        value={(props.data[props.id] as string) ?? ''}
        onChange={(e) => props.set(props.id, e.target.value)}
      />
    </div>
  )
}

/** A numeric test: input, unit, live badge and limits. */
export function Numeric(props: {
  id: string
  label: string
  min: number
  max: number
  step: number
  unit: string
  data: Data
  set(id: string, v: string): void
}) {
  const value = (props.data[props.id] as string) ?? ''
  return (
    <div className="col-12 col-md-4">
      {caption(props.id, props.label)}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="input-group" style={{ maxWidth: '16rem' }}>
          <input
            id={props.id}
            type="number"
            step={props.step}
            className="form-control"
            value={value}
            onChange={(e) => props.set(props.id, e.target.value)}
          />
          <span className="input-group-text">{props.unit}</span>
        </div>
        {badge(numericResult(value, props.min, props.max))}
        <div className="form-text w-100 mt-0">
          Limits {props.min} to {props.max} {props.unit}
        </div>
      </div>
    </div>
  )
}

/** A choice of buttons with its live badge. */
export function Choice(props: {
  id: string
  label: string
  choices: string[]
  pass: string
  data: Data
  set(id: string, v: string): void
}) {
  const value = props.data[props.id]
  return (
    <div className="col-12 col-md-4">
      <label className="form-label fw-semibold mb-1">{props.label}</label>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div role="radiogroup" aria-label={props.label} className="btn-group">
          {props.choices.map((c) => (
            <span key={c} style={{ display: 'contents' }}>
              <input
                type="radio"
                className="btn-check"
                name={props.id}
                id={`${props.id}-${c}`}
                checked={value === c}
                onChange={() => props.set(props.id, c)}
              />
              <label className="btn btn-outline-primary btn-sm" htmlFor={`${props.id}-${c}`}>
                {c}
              </label>
            </span>
          ))}
        </div>
        {badge(choiceResult(value, props.pass))}
      </div>
    </div>
  )
}

/** A select of fixed values with its caption. */
export const selectField = (p: {
  id: string
  label: string
  values: readonly string[]
  data: Data
  set(id: string, v: string): void
}) => (
  <div className="col-12 col-md-4">
    {caption(p.id, p.label)}
    <select
      id={p.id}
      className="form-select"
      value={(p.data[p.id] as string) ?? ''}
      onChange={(e) => p.set(p.id, e.target.value)}
    >
      <option value="">Select…</option>
      {p.values.map((s) => (
        <option key={s}>{s}</option>
      ))}
    </select>
  </div>
)

/** A checkbox with its label beside it. */
export const checkField = (p: {
  id: string
  label: string
  data: Data
  set(id: string, v: boolean): void
}) => (
  <div className="form-check">
    <input
      id={p.id}
      type="checkbox"
      className="form-check-input"
      checked={p.data[p.id] === true}
      onChange={(e) => p.set(p.id, e.target.checked)}
    />
    <label className="form-check-label" htmlFor={p.id}>
      {p.label}
    </label>
  </div>
)

/** A group's card: its caption and result badge, its body in a grid row. */
export const groupCard = (label: string, result: string, body: ReactNode) => (
  <div className="col-12">
    <fieldset className="card">
      <legend className="card-header d-flex justify-content-between align-items-center fs-6 fw-semibold mb-0">
        <span>{label}</span>
        <span role="status" aria-label={`${label} result`}>
          {badge(result)}
        </span>
      </legend>
      <div className="card-body">
        <div className="row g-3">{body}</div>
      </div>
    </fieldset>
  </div>
)
