/** The plain form's fields (bench/runtime-demo/plain-form.tsx): hand-written controlled inputs. */

/** The form's values by field id. */
export type Data = Record<string, string | boolean | undefined>

/** A result badge, coloured as the runtime's. */
export const badge = (result: string) => (
  <span
    className={`badge text-bg-${result === 'Pass' ? 'success' : result === 'Fail' ? 'danger' : 'secondary'}`}
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

/** A text input with its caption. */
export function Text(props: { id: string; label: string; data: Data; set(id: string, v: string): void }) {
  return (
    <div className="col-12 col-md-4">
      <label className="form-label fw-semibold mb-1" htmlFor={props.id}>
        {props.label}
      </label>
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
      <label className="form-label fw-semibold mb-1" htmlFor={props.id}>
        {props.label}
      </label>
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
