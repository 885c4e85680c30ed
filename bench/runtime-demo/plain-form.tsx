import { useState } from 'react'

/**
 * The benchmark's reference: the same fields as `benchLayout` written by hand as one plain controlled
 * React form — one state object, every input controlled, results worked out in render — with the same
 * Bootstrap markup, captions and live pass/fail badges, and no form library.
 */

type Data = Record<string, string | boolean | undefined>

const badge = (result: string) => (
  <span
    className={`badge text-bg-${result === 'Pass' ? 'success' : result === 'Fail' ? 'danger' : 'secondary'}`}
  >
    {result}
  </span>
)

const numericResult = (text: string | boolean | undefined, min: number, max: number) => {
  if (typeof text !== 'string' || text === '') return '-'
  const n = Number(text)
  return Number.isFinite(n) && n >= min && n <= max ? 'Pass' : 'Fail'
}
const choiceResult = (value: string | boolean | undefined, pass: string) =>
  value === undefined ? '-' : value === pass ? 'Pass' : 'Fail'

function Text(props: { id: string; label: string; data: Data; set(id: string, v: string): void }) {
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

function Numeric(props: {
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

function Choice(props: {
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

function Group({ g, data, set }: { g: number; data: Data; set(id: string, v: string | boolean): void }) {
  const v = (name: string) => `g${g}_${name}`
  const results = [
    numericResult(data[v('num1')], 228, 252),
    numericResult(data[v('num2')], 0.25, 10),
    numericResult(data[v('num3')], 0, 5.5),
    choiceResult(data[v('yes')], 'Yes'),
    choiceResult(data[v('pf')], 'Pass'),
  ]
  const groupResult = results.every((r) => r === 'Pass') && data[v('check')] === true ? 'Pass' : 'Fail'
  return (
    <div className="col-12">
      <fieldset className="card">
        <legend className="card-header d-flex justify-content-between align-items-center fs-6 fw-semibold mb-0">
          <span>Section {g + 1}</span>
          {badge(groupResult)}
        </legend>
        <div className="card-body">
          <div className="row g-3">
            <div className="col-12">
              <div className="row g-3">
                <Text id={v('text1')} label={`Reference ${g + 1}.1`} data={data} set={set} />
                <Text id={v('text2')} label={`Reference ${g + 1}.2`} data={data} set={set} />
                <Text id={v('date')} label={`Date ${g + 1}`} data={data} set={set} />
              </div>
            </div>
            <div className="col-12">
              <div className="row g-3">
                <Numeric
                  id={v('num1')}
                  label={`Voltage ${g + 1}`}
                  min={228}
                  max={252}
                  step={1}
                  unit="V"
                  data={data}
                  set={set}
                />
                <Numeric
                  id={v('num2')}
                  label={`Resistance ${g + 1}`}
                  min={0.25}
                  max={10}
                  step={0.01}
                  unit="MΩ"
                  data={data}
                  set={set}
                />
                <Numeric
                  id={v('num3')}
                  label={`Current ${g + 1}`}
                  min={0}
                  max={5.5}
                  step={0.1}
                  unit="A"
                  data={data}
                  set={set}
                />
              </div>
            </div>
            <div className="col-12">
              <div className="row g-3">
                <Choice
                  id={v('yes')}
                  label={`Seal intact ${g + 1}`}
                  choices={['Yes', 'No']}
                  pass="Yes"
                  data={data}
                  set={set}
                />
                <Choice
                  id={v('pf')}
                  label={`Visual ${g + 1}`}
                  choices={['Pass', 'Fail']}
                  pass="Pass"
                  data={data}
                  set={set}
                />
                <div className="col-12 col-md-4">
                  <label className="form-label fw-semibold mb-1" htmlFor={v('site')}>
                    Site {g + 1}
                  </label>
                  <select
                    id={v('site')}
                    className="form-select"
                    value={(data[v('site')] as string) ?? ''}
                    onChange={(e) => set(v('site'), e.target.value)}
                  >
                    <option value="">Select…</option>
                    {['North', 'South', 'East', 'West'].map((s) => (
                      <option key={s}>{s}</option>
                    ))}
                  </select>
                </div>
              </div>
            </div>
            <div className="col-12">
              <div className="form-check">
                <input
                  id={v('check')}
                  type="checkbox"
                  className="form-check-input"
                  checked={data[v('check')] === true}
                  onChange={(e) => set(v('check'), e.target.checked)}
                />
                <label className="form-check-label" htmlFor={v('check')}>
                  Cleaned {g + 1}
                </label>
              </div>
            </div>
          </div>
        </div>
      </fieldset>
    </div>
  )
}

export function PlainForm({ groups }: { groups: number }) {
  const [data, setData] = useState<Data>({})
  const set = (id: string, value: string | boolean) => setData((d) => ({ ...d, [id]: value }))
  return (
    <div className="row g-3">
      {Array.from({ length: groups }, (_, g) => (
        <Group key={g} g={g} data={data} set={set} />
      ))}
    </div>
  )
}
