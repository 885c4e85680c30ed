import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../../schemas/form-layout'
import { FieldDiff, showValue } from './field-diff'
import { layoutLabels } from './layout-labels'
import { recordHistoryValue } from '../record-values'
import type { RecordDetail } from '../../../schemas/records'

const LAYOUT: FormLayout = {
  version: 2,
  title: 'Problem Report',
  controls: [
    {
      type: 'row',
      children: [{ type: 'serial', variable: 'serialNumber', label: 'Serial number', required: true }],
    },
    { type: 'multitext', variable: 'notes', label: 'Notes' },
  ],
}

const cells = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (c) => c.textContent,
      ),
    )

describe('history diff', () => {
  it('labels a record’s fields from its layout, nested controls included', () => {
    expect(layoutLabels(LAYOUT)).toEqual({ 'data.serialNumber': 'Serial number', 'data.notes': 'Notes' })
    expect(layoutLabels(null)).toEqual({})
  })

  it('lists only the changed fields, before and after, with layout labels', () => {
    render(
      <FieldDiff
        entry={{
          before: { 'data.notes': 'Leak', 'data.serialNumber': 'NWT:1', 'data.repairItems': [] },
          after: {
            'data.notes': 'Fixed',
            'data.serialNumber': 'NWT:1',
            'data.repairItems': ['Gasket', 'Seal'],
          },
        }}
        labels={layoutLabels(LAYOUT)}
      />,
    )
    expect(cells()).toEqual([
      ['Notes', 'Leak', 'Fixed'],
      ['repairItems', '—', 'Gasket, Seal'],
    ])
  })

  it('names an entity’s own columns in words and a review state by its label', () => {
    render(
      <FieldDiff
        entry={{
          before: { reviewState: 'reviewed', supplierId: 1, productSerialNumber: 'NWT:1' },
          after: { reviewState: 'approved', supplierId: 2, productSerialNumber: 'NWT:2' },
        }}
      />,
    )
    expect(cells()).toEqual([
      ['Review state', 'Reviewed', 'Approved'],
      ['Supplier ID', '1', '2'],
      ['Product serial number', 'NWT:1', 'NWT:2'],
    ])
  })

  it('shows a created entity’s fields with an empty before, and markup as text', () => {
    render(<FieldDiff entry={{ before: null, after: { name: '<b>Acme</b>' } }} />)
    expect(cells()).toEqual([['Name', '—', '<b>Acme</b>']])
    expect(document.querySelector('b')).toBeNull()
  })

  it('labels each value Before and After for a phone, where the stacked grid hides the column titles', () => {
    render(<FieldDiff entry={{ before: { kind: null }, after: { kind: 'lapsed' } }} />)
    const row = screen.getAllByRole('row')[1]!
    // The stacked grid (styles.css, max-width 575.98px) draws each cell's data-label before its value.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => [c.dataset.label, c.textContent]),
    ).toEqual([
      ['Before', '—'],
      ['After', 'lapsed'],
    ])
  })

  it('says so when nothing changed', () => {
    render(<FieldDiff entry={{ before: { name: 'A' }, after: { name: 'A' } }} />)
    expect(screen.getByText('No field changed.')).toBeTruthy()
    expect(showValue({ a: 1 })).toBe('{"a":1}')
  })

  it('reads a record’s values as its view does: timespans, dates, tests, n/a, equipment, text as typed', () => {
    const layout: FormLayout = {
      version: 2,
      title: 'Repair',
      controls: [
        { type: 'timespan', variable: 'took', label: 'Time to repair', unit: 'hours' },
        { type: 'datepicker', variable: 'tested', label: 'Tested on' },
        { type: 'singletext', variable: 'note', label: 'Note' },
        { type: 'testField', testType: 'numeric', variable: 'ratio', label: 'Turns ratio', naOption: true },
        { type: 'testEquipment', variable: 'devices', label: 'Test equipment' },
      ],
    }
    const record = {
      recordId: 7,
      recordTypeId: 1,
      productSerialNumber: 'NWT:1',
      recordTypeName: 'Repair',
      data: {},
      testEquipmentUsed: [
        { testEquipmentId: 2, serialNumber: 'EPN-TE:2', status: 'valid', policy: 'warn', override: null },
      ],
    } as unknown as RecordDetail
    render(
      <FieldDiff
        entry={{
          before: {
            'data.took': 'PT3H',
            'data.tested': '2026-11-24T09:30:00Z',
            'data.note': '2026-11-24',
            'data.ratio': { value: 0.5, passOrFail: 'Pass' },
            'data.devices': [],
            recordDate: '2026-11-24T09:30:00.000Z',
            testResult: 'pass',
            category: 'test',
          },
          after: {
            'data.took': 'PT90M',
            'data.tested': '2026-11-25T10:00:00Z',
            'data.note': '2026-11-25',
            'data.ratio': { value: null, passOrFail: '-' },
            'data.devices': [2],
            recordDate: '2026-11-25T10:00:00.000Z',
            testResult: 'fail',
            category: 'problemReport',
          },
        }}
        labels={layoutLabels(layout)}
        format={recordHistoryValue(record, layout)}
      />,
    )
    expect(cells()).toEqual([
      ['Time to repair', '3 hours', '1.5 hours'],
      ['Tested on', '24/11/2026 09:30', '25/11/2026 10:00'],
      ['Note', '2026-11-24', '2026-11-25'],
      ['Turns ratio', '0.5 (Pass)', 'n/a'],
      ['Test equipment', '—', 'EPN-TE:2'],
      ['Record date', '24/11/2026 09:30', '25/11/2026 10:00'],
      ['Test result', 'Pass', 'Fail'],
      ['Category', 'Test', 'Problem Report'],
    ])
  })
})
