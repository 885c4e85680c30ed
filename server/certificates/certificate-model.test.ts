import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../schemas/form-layout/index'
import type { RecordDetail } from '../../schemas/records/index'
import { certificateModel, valueText } from './certificate-model'

const layout: FormLayout = {
  version: 2,
  title: 'Loss check',
  controls: [
    { type: 'note', label: 'Measure at rated voltage.' },
    { type: 'checkbox', variable: 'classI', label: 'Class I' },
    {
      type: 'group',
      variable: 'tests',
      label: 'Losses',
      children: [
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'loss',
          label: 'No-load loss',
          unit: 'W',
          maxParam: 'lossMax',
        },
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'earth',
          label: 'Earth continuity',
          max: 0.1,
          naOption: true,
          visibleIf: { '==': [{ var: 'classI' }, true] },
        },
      ],
    },
  ],
}

const record = (data: Record<string, unknown>, extra: Partial<RecordDetail> = {}): RecordDetail => ({
  recordId: 7,
  recordTypeId: 3,
  productSerialNumber: 'NWT:7',
  recordTypeName: 'Loss check',
  productTypeName: 'Transformer',
  supplierName: 'Northwind',
  testResult: 'fail',
  recordDate: '2026-07-01T10:00:00.000Z',
  category: 'test',
  layoutVersion: 2,
  createdAt: '2026-07-01T10:05:00.000Z',
  parameters: [{ key: 'lossMax', value: '100', unit: 'W' }],
  data,
  ...extra,
})

const input = (r: RecordDetail) => ({
  record: r,
  layout,
  equipment: [],
  files: [
    { name: 'photo.jpg', image: { data: Buffer.from('jpeg'), width: 4, height: 3 } },
    { name: 'broken.png', image: { error: 'not a readable image' } },
    { name: 'report.pdf' },
  ],
  audit: { edits: 2, lastBy: 'alice', lastAt: new Date('2026-07-02T08:00:00Z'), createdBy: 'bob' },
  organisation: 'Eastern Power',
  url: 'https://itr.example/Records/7',
})

describe('certificate model', () => {
  it('judges with the stored parameters, leaves hidden controls out and marks each test in words', () => {
    const model = certificateModel(input(record({ classI: false, loss: 120, tests: 'Fail' })))
    const losses = model.sections.find((s) => s.title === 'Losses')!
    expect(losses.mark).toBe('FAIL')
    expect(losses.rows).toEqual([
      { label: 'No-load loss', value: '120 W', criterion: '≤ 100 W', mark: 'FAIL' },
    ])
    expect(model.sections[0]).toEqual({
      title: 'Record',
      notes: ['Measure at rated voltage.'],
      rows: [{ label: 'Class I', value: 'No' }],
    })
    expect(model.verdict).toBe('FAIL')
    expect(model.parameters).toEqual(['lossMax = 100 W'])
    expect(model.header).toContainEqual(['Captured by', 'bob on 01/07/2026 10:05 UTC'])
    expect(model.organisation).toBe('Eastern Power')
    expect(model.footer).toBe('Record 7 · NWT:7 · edited 2× — last by alice on 02/07/2026 08:00 UTC')
    expect(model.judged).toBe(true)
    expect(model.capturedBy).toBe('bob')
    expect(model.issued).toMatch(
      /^Issued on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC from record 7 as stored \(layout revision 2\)\./,
    )
    expect(model.images.map((i) => i.name)).toEqual(['photo.jpg'])
    expect(model.files).toEqual(['broken.png (image not shown: not a readable image)', 'report.pdf'])
    expect(model.heading).toBe('Test certificate')
    expect(model.stamps).toEqual([])
    expect(model.approvals).toEqual([])
    expect(model.signature).toEqual({ label: 'Authorised signature', name: '' })
  })

  it('shows a shown test and n/a as the form does', () => {
    const model = certificateModel(
      input(record({ classI: true, loss: 90, earth: { value: null, passOrFail: '-' } })),
    )
    const rows = model.sections.find((s) => s.title === 'Losses')!.rows
    expect(rows[1]).toEqual({ label: 'Earth continuity', value: 'n/a', criterion: '≤ 0.1', mark: 'N/A' })
  })

  it('writes values as text: dates as SPEC §9, lists joined, booleans in words', () => {
    const datepicker = { type: 'datepicker' } as const
    expect(valueText('2026-07-01', datepicker)).toBe('01/07/2026')
    expect(valueText('2026-07-01T13:45:00Z', datepicker)).toBe('01/07/2026 13:45')
    expect(valueText(['a', 'b'])).toBe('a, b')
    expect(valueText(true)).toBe('Yes')
    expect(valueText({ originalFilename: 'cert.pdf' })).toBe('cert.pdf')
    expect(valueText(null)).toBe('—')
    // A timespan in its control's unit (the row adds ' hours'), never the stored 'PT3H' (audit s9b F7).
    const timespan = { type: 'timespan', variable: 'took', label: 'Took', unit: 'hours' } as const
    expect(valueText('PT3H', timespan)).toBe('3')
    expect(valueText('PT90M', timespan)).toBe('1.5')
    expect(valueText('about three hours', timespan)).toBe('about three hours')
  })

  it('heads each category by its name: despatch and problem reports are records, not test certificates', () => {
    const headingOf = (category: string) =>
      certificateModel(input(record({}, { category: category as RecordDetail['category'] }))).heading
    expect(headingOf('test')).toBe('Test certificate')
    expect(headingOf('calibration')).toBe('Calibration certificate')
    expect(headingOf('despatch')).toBe('Despatch record')
    expect(headingOf('problemReport')).toBe('Problem report record')
  })

  it('says an unknown creator is unknown, dates in UTC, and the signature is the capturing account', () => {
    const model = certificateModel({
      ...input(record({})),
      audit: { edits: 0, lastBy: null, lastAt: null, createdBy: null },
    })
    expect(model.header).toContainEqual(['Captured by', 'unknown on 01/07/2026 10:05 UTC'])
    expect(model.header).toContainEqual(['Date', '01/07/2026 10:00 UTC'])
    expect(model.capturedBy).toBe('unknown')
  })

  it("frames a calibration by its stored outcome; no outcome, no box; the device's own link is no equipment", () => {
    const calibration = record({}, { category: 'calibration', testResult: '-', testEquipmentId: 5 })
    const of = (outcome?: { skipped: boolean; asFound: string; asLeft: string }) =>
      certificateModel({ ...input(calibration), calibration: outcome })
    expect(of({ skipped: false, asFound: 'fail', asLeft: 'pass' })).toMatchObject({
      verdict: 'PASS',
      judged: true,
      verdictLine: 'As found: FAIL · As left: PASS',
    })
    expect(of({ skipped: false, asFound: '-', asLeft: '-' }).verdictLine).toBe(
      'As found: not measured · As left: not measured',
    )
    expect(of({ skipped: true, asFound: '-', asLeft: '-' })).toMatchObject({
      verdict: '',
      verdictLine: 'Calibration not required',
    })
    expect(of()).toMatchObject({ verdict: '', judged: false })
    expect(of().verdictLine).toBeUndefined()
  })

  it('names a device linked without a snapshot with its state unrecorded, and the record line by serial', () => {
    const withEquipment: FormLayout = {
      ...layout,
      controls: [
        ...layout.controls,
        { type: 'testEquipment', variable: 'used', label: 'Test equipment used' },
      ],
    }
    const model = certificateModel({
      ...input(record({ used: [1, 2] }, { testEquipment: [1, 2], testEquipmentUsed: [] })),
      layout: withEquipment,
      equipment: [1, 2].map((id) => ({
        id,
        serialNumberPrefix: 'EPN-TE:',
        serialNumber: { full: `EPN-TE:${id}`, prefix: 'EPN-TE:', value: String(id) },
        description: 'Meter',
        owner: { id: 1, name: 'Eastern Power' },
        latestCalibration: {
          skipped: false,
          date: '2027-01-01T00:00:00Z',
          expires: '2028-01-01T00:00:00Z',
          calibrator: { id: 1, name: 'Precision' },
          certificate: null,
        },
      })) as Parameters<typeof certificateModel>[0]['equipment'],
    })
    expect(model.equipment).toEqual([
      ['EPN-TE:1', 'Meter', 'Eastern Power', '—', '—', '—', 'Not recorded with this record'],
      ['EPN-TE:2', 'Meter', 'Eastern Power', '—', '—', '—', 'Not recorded with this record'],
    ])
    expect(model.sections[0].rows).toContainEqual({
      label: 'Test equipment used',
      value: 'EPN-TE:1, EPN-TE:2',
    })
  })

  it("gives a rejected record's reason under its stamp", () => {
    const model = certificateModel({
      ...input(record({}, { reviewState: 'rejected' })),
      rejection: { by: 'reviewer', at: new Date('2026-07-03T09:30:00Z'), comment: 'Ratio not measured.' },
    })
    expect(model.stamps).toEqual(['REJECTED — not valid'])
    expect(model.stampNotes).toEqual(['Rejected by reviewer on 03/07/2026 09:30 UTC: Ratio not measured.'])
  })
})
