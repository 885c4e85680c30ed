import { useState } from 'react'
import {
  badge,
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
import { cellResults, table, type Part } from './plain-table'

/**
 * The reference of the table variant (bench/form-table.ts): `tableFormLayout` written by hand as one plain
 * controlled React form — one state object, every input controlled, each cell's result, the table's and
 * the groups' results and the ten conditions worked out in render — with the same Bootstrap markup,
 * captions and badges as the runtime's table, and no form library.
 */

const WINDINGS = ['HV', 'LV', 'Both']
const AMBIENT = { id: 'ambient', label: 'Ambient temperature', min: 10, max: 40, step: 1, unit: '°C' }
const TAP_STEP = { id: 'tapStep', label: 'Tap step voltage', min: 1, max: 5, step: 1, unit: '%' }
/** The follow-up's choice tests, each shown while its condition holds. */
const FOLLOW_UP_CHOICES: { id: 'tapOperation' | 'retest'; label: string; choices: string[]; pass: string }[] =
  [
    { id: 'tapOperation', label: 'Tap changer operation', choices: ['Pass', 'Fail'], pass: 'Pass' },
    { id: 'retest', label: 'Retest booked', choices: ['Yes', 'No'], pass: 'Yes' },
  ]

/**
 * The ten conditions of `tableFormLayout` (its CONDITIONS), inline. The two `requiredIf` ones change
 * nothing on screen, as in the RecordForm (they are checked on Save), but are worked out all the same.
 */
function conditions(data: Data) {
  const tapChanger = data.tapChanger === true
  const referenced = typeof data.reference === 'string' && data.reference !== ''
  const ambientFails = numericResult(data.ambient, AMBIENT.min, AMBIENT.max) === 'Fail'
  const winding = data.winding
  return {
    tapStep: tapChanger,
    tapOperation: tapChanger,
    tapOperationRequired: referenced,
    tapNote: tapChanger,
    hvRemark: winding === 'HV' || winding === 'Both',
    lvRemark: winding === 'LV' || winding === 'Both',
    ambientReason: ambientFails,
    ambientNote: ambientFails,
    retest: referenced,
    witnessRequired: referenced,
  }
}

/** The controls above the table: reference, winding, ambient temperature and the tap changer box. */
function header({ data, set }: Part) {
  return (
    <>
      <div className="col-12">
        <div className="row g-3">
          <Text id="reference" label="Test reference" data={data} set={set} />
          {selectField({ id: 'winding', label: 'Winding', values: WINDINGS, data, set })}
          <Numeric {...AMBIENT} data={data} set={set} />
        </div>
      </div>
      <div className="col-12">
        {checkField({ id: 'tapChanger', label: 'On-load tap changer fitted', data, set })}
      </div>
    </>
  )
}

/** The conditional controls below the table: only those whose condition holds are rendered. */
function followUp(shown: ReturnType<typeof conditions>, { data, set }: Part) {
  const note = (text: string) => (
    <div className="col-12">
      <div className="alert alert-light border mb-0 py-2">{text}</div>
    </div>
  )
  return (
    <>
      {shown.tapNote && note('Readings at every tap position.')}
      {shown.ambientNote && note('Readings corrected to 20 °C.')}
      <div className="col-12">
        <div className="row g-3">
          {shown.tapStep && <Numeric {...TAP_STEP} data={data} set={set} />}
          {FOLLOW_UP_CHOICES.map((c) => shown[c.id] && <Choice key={c.id} {...c} data={data} set={set} />)}
        </div>
      </div>
      <div className="col-12">
        <div className="row g-3">
          {shown.hvRemark && <Text id="hvRemark" label="HV winding remark" data={data} set={set} />}
          {shown.lvRemark && <Text id="lvRemark" label="LV winding remark" data={data} set={set} />}
          {shown.ambientReason && (
            <Text id="ambientReason" label="Why the ambient is outside limits" data={data} set={set} />
          )}
        </div>
      </div>
      <div className="col-12">
        <div className="row g-3">
          <Text id="witness" label="Witness" data={data} set={set} />
        </div>
      </div>
    </>
  )
}

/** The whole form: header, the table in its group, the follow-up group, results worked out in render. */
export function PlainTableForm() {
  const [data, setData] = useState<Data>({})
  const part: Part = { data, set: (id, value) => setData((d) => ({ ...d, [id]: value })) }
  const shown = conditions(data)
  const results = cellResults(data)
  const tableResult = Object.values(results).every((r) => r === 'Pass') ? 'Pass' : 'Fail'
  const followUpTests = [
    shown.tapStep ? numericResult(data.tapStep, TAP_STEP.min, TAP_STEP.max) : 'n/a',
    ...FOLLOW_UP_CHOICES.map((c) => (shown[c.id] ? choiceResult(data[c.id], c.pass) : 'n/a')),
  ]
  // As the runtime's group badge: 'Not tested yet' until one of its tests has a value.
  const followUpTested = [data.tapStep, ...FOLLOW_UP_CHOICES.map((c) => data[c.id])].some(
    (v) => v !== undefined && v !== '',
  )
  const followUpResult = followUpTests.every((r) => r === 'Pass' || r === 'n/a') ? 'Pass' : 'Fail'
  const ambient = numericResult(data.ambient, AMBIENT.min, AMBIENT.max)
  // '-' until a test has an answer, then Pass only if every test and group passes.
  const answered = [ambient, ...followUpTests, ...Object.values(results)].some(
    (r) => r === 'Pass' || r === 'Fail',
  )
  const overall = !answered
    ? '-'
    : [ambient, tableResult, followUpResult].every((r) => r === 'Pass')
      ? 'Pass'
      : 'Fail'
  return (
    <>
      <h1 className="h3 d-flex align-items-center gap-2">Plain table form {badge(overall)}</h1>
      <div className="row g-3">
        {header(part)}
        {groupCard(
          'Measurements',
          tableResult,
          <div className="col-12">{table(tableResult, results, part)}</div>,
        )}
        {groupCard('Follow-up', followUpTested ? followUpResult : 'Not tested yet', followUp(shown, part))}
      </div>
    </>
  )
}
