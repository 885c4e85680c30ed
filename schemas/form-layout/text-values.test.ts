import { describe, expect, it } from 'vitest'
import type { FormLayout } from './layout-schema'
import { textDataReader } from './text-values'
import { isoDateOfText } from '../records/values'

const layout: FormLayout = {
  version: 2,
  title: 'CSV',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial' },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'checkbox', variable: 'sealed', label: 'Sealed' },
    { type: 'multiselect', variable: 'faults', label: 'Faults' },
    { type: 'testEquipment', variable: 'equipment', label: 'Equipment' },
    { type: 'timespan', variable: 'freq', label: 'Frequency', unit: 'months' },
    { type: 'timespan', variable: 'soak', label: 'Soak', unit: 'hours' },
    {
      type: 'group',
      variable: 'result',
      label: 'Tests',
      children: [
        {
          type: 'testField',
          variable: 'ratio',
          label: 'Ratio',
          testType: 'numeric',
          min: 0,
          max: 1,
          naOption: true,
        },
        { type: 'testField', variable: 'creep', label: 'Creep', testType: 'passFail' },
      ],
    },
  ],
}
const read = textDataReader(layout)

describe('CSV cells read by control kind (docs/csv-upload.md "Values")', () => {
  it('reads every kind of column as the form would store it', () => {
    expect(
      read({
        serial: ' NWT:1 ',
        date: '01/03/2026 10:15',
        sealed: 'Yes',
        faults: 'Oil leak; Rust',
        equipment: '7;9, 11',
        freq: '12',
        soak: 'pt2h',
        result: 'PASS',
        ratio: '0.5',
        creep: 'Fail',
        extra: 'kept as text',
      }),
    ).toEqual({
      serial: 'NWT:1',
      date: '2026-03-01T10:15:00Z',
      sealed: true,
      faults: ['Oil leak', 'Rust'],
      equipment: [7, 9, 11],
      freq: 'P12M',
      soak: 'PT2H',
      result: 'Pass',
      ratio: { value: 0.5, passOrFail: 'Pass' },
      creep: { value: 'Fail', passOrFail: 'Fail' },
      extra: 'kept as text',
    })
  })

  it('applies SPEC §4 to test fields: limits inclusive, n/a, unset', () => {
    expect(read({ ratio: '1' }).ratio).toEqual({ value: 1, passOrFail: 'Pass' })
    expect(read({ ratio: '1.01' }).ratio).toEqual({ value: 1.01, passOrFail: 'Fail' })
    expect(read({ ratio: 'N/A' }).ratio).toEqual({ value: null, passOrFail: 'n/a' })
    expect(read({ ratio: '-' }).ratio).toEqual({ value: null, passOrFail: '-' })
  })

  it('reads a choice in any case, and keeps other text for the data schema to refuse (audit walk-csv #1)', () => {
    const choices = textDataReader({
      controls: [
        { type: 'testField', variable: 'creep', label: 'Creep', testType: 'passFail' },
        {
          type: 'testField',
          variable: 'finish',
          label: 'Finish',
          testType: 'selection',
          choices: ['Good ', 'Poor'],
          passChoice: 'Good ',
        },
      ],
    })
    expect(choices({ creep: ' PASS ', finish: 'good' })).toEqual({
      creep: { value: 'Pass', passOrFail: 'Pass' },
      // A choice written with a space the cell's trimmed text cannot have.
      finish: { value: 'Good ', passOrFail: 'Pass' },
    })
    expect(choices({ creep: 'maybe' }).creep).toEqual({ value: 'maybe', passOrFail: 'Fail' })
  })

  it('blank cells: null, a checkbox false, a group result left out', () => {
    expect(read({ serial: '', sealed: ' ', result: '', ratio: null })).toEqual({
      serial: null,
      sealed: false,
      ratio: null,
    })
  })

  it('keeps text it cannot read, for the data schema to refuse naming the field', () => {
    expect(read({ sealed: 'perhaps', date: '31/02/2026', ratio: 'high', equipment: '7;x' })).toEqual({
      sealed: 'perhaps',
      date: '31/02/2026',
      ratio: 'high',
      equipment: [7, 'x'],
    })
  })

  it.each([
    ['2026-03-01', '2026-03-01'],
    ['2026-03-01T09:30:00Z', '2026-03-01T09:30:00Z'],
    ['01/03/2026', '2026-03-01'],
    ['1-3-2026', '2026-03-01'],
    ['2026-03-01 09:30', '2026-03-01T09:30:00Z'],
    ['29/02/2025', undefined],
    ['tomorrow', undefined],
  ])('date %s → %s', (text, iso) => {
    expect(isoDateOfText(text)).toBe(iso)
  })
})
