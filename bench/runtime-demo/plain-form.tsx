import { useState } from 'react'
import {
  checkField,
  Choice,
  choiceResult,
  groupCard,
  Numeric,
  numericResult,
  selectField,
  Text,
  type Data,
} from './plain-fields'

const SITES = ['North', 'South', 'East', 'West']

/**
 * The benchmark's reference: the same fields as `benchLayout` written by hand as one plain controlled
 * React form — one state object, every input controlled, results worked out in render — with the same
 * Bootstrap markup, captions and live pass/fail badges, and no form library.
 */

/** What each part of a section needs: its number, its field ids, the data and the setter. */
interface Section {
  g: number
  v: (name: string) => string
  data: Data
  set(id: string, v: string | boolean): void
}

// The parts below are called as functions, not rendered as components, so the React tree (and the work
// the benchmark compares) stays that of one hand-written form.

/** The section's three text inputs. */
const textRow = ({ g, v, data, set }: Section) => (
  <div className="row g-3">
    <Text id={v('text1')} label={`Reference ${g + 1}.1`} data={data} set={set} />
    <Text id={v('text2')} label={`Reference ${g + 1}.2`} data={data} set={set} />
    <Text id={v('date')} label={`Date ${g + 1}`} data={data} set={set} />
  </div>
)

/** The section's three numeric tests with their limits and badges. */
const numericRow = ({ g, v, data, set }: Section) => (
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
)

/** The section's two choices with their badges, and the site select. */
const choiceRow = ({ g, v, data, set }: Section) => (
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
    {selectField({ id: v('site'), label: `Site ${g + 1}`, values: SITES, data, set })}
  </div>
)

/** The section's 'Cleaned' checkbox, which its result also requires. */
const cleanedCheck = ({ g, v, data, set }: Section) =>
  checkField({ id: v('check'), label: `Cleaned ${g + 1}`, data, set })

/** One section: its result needs every test passed and the checkbox ticked. */
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
  const section: Section = { g, v, data, set }
  return groupCard(
    `Section ${g + 1}`,
    groupResult,
    <>
      <div className="col-12">{textRow(section)}</div>
      <div className="col-12">{numericRow(section)}</div>
      <div className="col-12">{choiceRow(section)}</div>
      <div className="col-12">{cleanedCheck(section)}</div>
    </>,
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
