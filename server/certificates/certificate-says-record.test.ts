import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../schemas/form-layout/index'
import { RATIO_TABLE_CONTROLS, measuredRows } from '../../schemas/form-layout/table-fixture'
import type { RecordDetail } from '../../schemas/records/index'
import { certificateModel, valueText } from './certificate-model'

/** Audit s9 F2–F5: a certificate says exactly what the stored record says. */

const record = (data: Record<string, unknown>, extra: Partial<RecordDetail> = {}): RecordDetail => ({
  recordId: 21,
  recordTypeId: 8,
  productSerialNumber: 'NWT:1001',
  recordTypeName: 'Audit Table Test',
  productTypeName: 'Transformer',
  supplierName: 'Northwind',
  testResult: 'pass',
  recordDate: '2026-07-01T10:00:00.000Z',
  category: 'test',
  layoutVersion: 1,
  createdAt: '2026-07-01T10:05:00.000Z',
  parameters: [{ key: 'noLoadLossMax', value: '1100', unit: 'W' }],
  data,
  ...extra,
})

const model = (
  layout: FormLayout,
  r: RecordDetail,
  approval?: Parameters<typeof certificateModel>[0]['approval'],
) =>
  certificateModel({
    record: r,
    layout,
    equipment: [],
    files: [],
    audit: { edits: 0, lastBy: null, lastAt: null, createdBy: 'bob' },
    organisation: 'Eastern Power',
    url: 'https://itr.example/Records/21',
    approval,
  })

/** The audit's record type 8: a loss table limited by a product-type parameter, a margin and its test. */
const LOSS: FormLayout = {
  version: 2,
  title: 'Audit table',
  controls: [
    { type: 'datepicker', variable: 'testDate', label: 'Test date' },
    { type: 'singletext', variable: 'comment', label: 'Comment' },
    {
      type: 'table',
      variable: 'loss',
      label: 'Loss per tap',
      columns: [
        {
          type: 'testField',
          variable: 'measured',
          label: 'Measured',
          testType: 'numeric',
          unit: 'W',
          maxParam: 'noLoadLossMax',
        },
        {
          type: 'calculated',
          variable: 'margin',
          label: 'Margin',
          formula: 'param.noLoadLossMax - measured',
          unit: 'W',
        },
        {
          type: 'testField',
          variable: 'marginTest',
          label: 'Margin ≥ 0',
          testType: 'numeric',
          min: 0,
          valueFrom: 'margin',
        },
        { type: 'singletext', variable: 'note', label: 'Note' },
      ],
    },
  ],
}

describe('certificate model after audit s9', () => {
  it('F2: lays a table out as a table — row labels, captions with units and resolved limits, marks, result', () => {
    const m = model(
      LOSS,
      record({ loss: [{ measured: 500, note: '2026-99-99' }, { measured: 1200 }], testDate: '2026-07-01' }),
    )
    const section = m.sections.find((s) => s.title === 'Loss per tap')!
    expect(section.mark).toBe('FAIL')
    expect(section.table).toEqual({
      head: ['#', 'Measured (W)\n≤ 1100 W', 'Margin (W)', 'Margin ≥ 0\n≥ 0', 'Note'],
      rows: [
        ['1', '500 W · PASS', '600 W', '600 · PASS', '2026-99-99'],
        ['2', '1200 W · FAIL', '-100 W', '-100 · FAIL', '—'],
      ],
      marks: [
        ['', 'PASS', '', 'PASS', ''],
        ['', 'FAIL', '', 'FAIL', ''],
      ],
    })
    expect(JSON.stringify(m.sections)).not.toContain('{\\"')
    // Another product type's parameter gives the column another limit.
    const tap = model(
      LOSS,
      record(
        { loss: [{ measured: 500 }] },
        { parameters: [{ key: 'noLoadLossMax', value: '40', unit: 'W' }] },
      ),
    )
    expect(tap.sections.find((s) => s.table)!.table!.head[1]).toBe('Measured (W)\n≤ 40 W')
    expect(tap.sections.find((s) => s.table)!.mark).toBe('FAIL')
  })

  it('F2: the ratio table keeps its fixed row labels and row header, and a missing parameter says so', () => {
    const layout: FormLayout = { version: 2, title: 'Ratio', controls: RATIO_TABLE_CONTROLS }
    const ratios = measuredRows([1.001])
    const m = model(layout, record({ nameplate: 1, ratios }))
    const section = m.sections.find((s) => s.title === 'Ratio per tap and phase')!
    expect(section.mark).toBe('PASS')
    expect(section.table!.head[0]).toBe('Tap / phase')
    expect(section.table!.head[3]).toBe('Within ±0.5 %\n-0.5 to 0.5')
    expect(section.table!.rows[0].slice(0, 4)).toEqual(['Tap 1 A', '1.001 · PASS', '0.100 %', '0.1 · PASS'])
    expect(section.table!.rows).toHaveLength(15)
    const unset = model(LOSS, record({ loss: [{ measured: 500 }] }, { parameters: [] }))
    expect(unset.sections.find((s) => s.table)!.table!.head[1]).toBe(
      'Measured (W)\nLimit not set (parameter noLoadLossMax)',
    )
  })

  it('F3: only a datepicker’s valid date is formatted; free text is printed exactly as stored', () => {
    for (const text of ['2026-99-99', '2026-02-30T25:99 see note', '1999-01-01 is when the unit was built'])
      expect(model(LOSS, record({ comment: text })).sections[0].rows).toContainEqual({
        label: 'Comment',
        value: text,
      })
    const rows = (testDate: string) => model(LOSS, record({ testDate })).sections[0].rows
    expect(rows('2026-07-01')).toContainEqual({ label: 'Test date', value: '01/07/2026' })
    expect(rows('2026-07-01T13:45:00Z')).toContainEqual({ label: 'Test date', value: '01/07/2026 13:45' })
    expect(rows('2026-02-30')).toContainEqual({ label: 'Test date', value: '2026-02-30' })
    expect(rows('2026-02-03T25:99Z')).toContainEqual({ label: 'Test date', value: '2026-02-03T25:99Z' })
    expect(valueText('2026-07-01')).toBe('2026-07-01')
  })

  it('F4/F5: stamps, approvals and the signature line follow the stored state', () => {
    const at = (iso: string) => new Date(iso)
    const of = (extra: Partial<RecordDetail>, approval?: Parameters<typeof model>[2]) =>
      model(LOSS, record({}, extra), approval)
    expect(of({ reviewState: 'submitted' }).stamps).toEqual(['DRAFT — not approved'])
    expect(of({ reviewState: 'reviewed' }).stamps).toEqual(['DRAFT — not approved'])
    const rejected = of({ reviewState: 'rejected' })
    expect(rejected.stamps).toEqual(['REJECTED — not valid'])
    expect(rejected.signature.label).toBe('Approved by (rejected)')
    expect(of({ reviewState: 'none', supersededById: 22 }).stamps).toEqual([
      'SUPERSEDED — replaced by record 22',
    ])
    const approval = {
      reviewed: { by: 'reviewer', at: at('2026-07-02T09:00:00Z'), revision: 1 },
      approved: { by: 'approver', at: at('2026-07-03T11:30:00Z'), revision: 1 },
    }
    const approved = of({ reviewState: 'approved', supersededById: 22, revision: 1 }, approval)
    expect(approved.stamps).toEqual(['SUPERSEDED — replaced by record 22'])
    expect(approved.approvals).toEqual([
      'Reviewed by reviewer on 02/07/2026 09:00 UTC',
      'Approved by approver on 03/07/2026 11:30 UTC',
    ])
    expect(approved.signature).toEqual({ label: 'Approved by', name: 'approver' })
    // One step: the reviewer's review approves it, named once.
    expect(of({ reviewState: 'approved' }, { ...approval, reviewed: null }).approvals).toEqual([
      'Approved by approver on 03/07/2026 11:30 UTC',
    ])
    const revised = { ...approval, approved: { ...approval.approved, revision: 2 } }
    expect(of({ reviewState: 'approved', revision: 2 }, revised).approvals[1]).toBe(
      'Approved by approver on 03/07/2026 11:30 UTC (revision 2)',
    )
    expect(of({ reviewState: 'approved', revision: 3 }, revised).approvals[1]).toBe(
      'Approved by approver on 03/07/2026 11:30 UTC (revision 2; the record has changed since: it is now revision 3)',
    )
  })
})
