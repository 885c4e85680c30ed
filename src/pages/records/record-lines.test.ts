import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../../schemas/form-layout'
import type { RecordDetail } from '../../../schemas/records'
import { formatValue } from '../../components/record-values'
import { humanise, recordLines } from './record-lines'

const layout: FormLayout = {
  version: 2,
  title: 'Transformer test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Transformer serial', required: true },
    {
      type: 'group',
      variable: 'result',
      label: 'Insulation tests',
      children: [
        { type: 'testField', testType: 'numeric', variable: 'ratio', label: 'Turns ratio', min: 0, max: 1 },
      ],
    },
  ],
}

const record: RecordDetail = {
  recordId: 12,
  recordTypeId: 3,
  productTypeId: 100200,
  supplierId: 1,
  customerId: null,
  productSerialNumber: 'NWT:1001',
  serialNumberPrefix: 'NWT:',
  productTypeName: 'Distribution Transformer',
  recordTypeName: 'Routine test',
  testResult: 'pass',
  supplierName: 'Northwind Transformers',
  recordDate: '2024-05-06T07:08:00.000Z',
  category: 'test',
  captureType: 'form',
  data: { extraNote: 'kept', ratio: { value: 0.5, passOrFail: 'Pass' }, serial: 'NWT:1001', result: 'Pass' },
}

describe('recordLines (SPEC §2 record detail)', () => {
  it('starts with what the record is, dates as DD/MM/YYYY HH:mm UTC', () => {
    const lines = recordLines(record, layout)
    expect(lines.slice(0, 7).map((l) => [l.label, l.value])).toEqual([
      ['Record ID', '12'],
      ['Serial', 'NWT:1001'],
      ['Product Type', 'Distribution Transformer'],
      ['Record Type', 'Routine test'],
      ['Category', 'Test'],
      ['Date', '06/05/2024 07:08'],
      ['Result', 'Pass'],
    ])
  })

  it('labels captured values from the layout, in layout order, then the unlabelled ones', () => {
    const data = recordLines(record, layout).filter((l) => l.key.startsWith('data.'))
    expect(data.map((l) => [l.label, l.value])).toEqual([
      ['Transformer serial', 'NWT:1001'],
      ['Insulation tests', 'Pass'],
      ['Turns ratio', '0.5 (Pass)'],
      ['Extra note', 'kept'],
    ])
  })

  it('falls back to readable names without a layout', () => {
    const data = recordLines(record, null).filter((l) => l.key.startsWith('data.'))
    expect(data.map((l) => l.label)).toEqual(['Extra note', 'Ratio', 'Serial', 'Result'])
  })
})

describe('formatValue', () => {
  it('shows lists, booleans, empties and n/a test fields plainly', () => {
    expect(formatValue(['Bushing', 'Tap changer'])).toBe('Bushing, Tap changer')
    expect(formatValue(true)).toBe('Yes')
    expect(formatValue(null)).toBe('—')
    expect(formatValue({ value: null, passOrFail: 'n/a' })).toBe('n/a')
    expect(formatValue('2026-11-24')).toBe('24/11/2026')
    expect(formatValue('2026-11-24T09:30:00Z')).toBe('24/11/2026 09:30')
    expect(humanise('repair_descriptives')).toBe('Repair descriptives')
  })

  it('shows a text that only looks like a date exactly as typed (audit s9 F3)', () => {
    // Days that do not exist, and texts that merely start with a date, are not dates.
    expect(formatValue('2026-99-99')).toBe('2026-99-99')
    expect(formatValue('2026-02-30')).toBe('2026-02-30')
    expect(formatValue('2026-02-30T25:99 see note')).toBe('2026-02-30T25:99 see note')
    expect(formatValue('2026-02-28T24:00:00Z')).toBe('2026-02-28T24:00:00Z')
    // A text control's value is shown as typed even when it is a real date.
    expect(formatValue('2026-11-24', true)).toBe('2026-11-24')
  })

  it("shows a text control's value as typed on the record, and a datepicker's as a date", () => {
    const withText: FormLayout = {
      ...layout,
      controls: [
        ...layout.controls,
        { type: 'singletext', variable: 'note', label: 'Note' },
        { type: 'datepicker', variable: 'tested', label: 'Tested on' },
        { type: 'timespan', variable: 'took', label: 'Time to repair', unit: 'hours' },
      ],
    }
    const lines = recordLines(
      {
        ...record,
        data: { ...record.data, note: '2026-11-24', tested: '2026-11-24T09:30:00Z', took: 'PT90M' },
      },
      withText,
    )
    expect(lines.find((l) => l.key === 'data.note')?.value).toBe('2026-11-24')
    expect(lines.find((l) => l.key === 'data.tested')?.value).toBe('24/11/2026 09:30')
    // A timespan in its control's unit, as typed (it is stored as an ISO 8601 duration).
    expect(lines.find((l) => l.key === 'data.took')?.value).toBe('1.5 hours')
  })

  // Walk s12: a calibration's stored group 'Fail' for nothing measured, and its outcome as on its certificate.
  it("gives a calibration its outcome as its Result, and 'not measured' for a group nothing was measured in", () => {
    const calibration: RecordDetail = {
      ...record,
      category: 'calibration',
      testResult: '-',
      data: { result: 'Fail' },
    }
    const lines = recordLines(calibration, layout, 'Calibration not required')
    expect(lines.find((l) => l.key === 'calibrationOutcome')).toEqual({
      key: 'calibrationOutcome',
      label: 'Result',
      value: 'Calibration not required',
    })
    expect(lines.filter((l) => l.label === 'Result')).toHaveLength(1)
    expect(lines.find((l) => l.key === 'data.result')?.value).toBe('not measured')
    // A test record's stored group result is shown as stored.
    expect(
      recordLines({ ...record, data: { result: 'Fail' } }, layout).find((l) => l.key === 'data.result')
        ?.value,
    ).toBe('Fail')
  })
})
