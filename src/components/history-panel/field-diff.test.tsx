import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../../schemas/form-layout'
import { FieldDiff, showValue } from './field-diff'
import { layoutLabels } from './layout-labels'

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

  it('says so when nothing changed', () => {
    render(<FieldDiff entry={{ before: { name: 'A' }, after: { name: 'A' } }} />)
    expect(screen.getByText('No field changed.')).toBeTruthy()
    expect(showValue({ a: 1 })).toBe('{"a":1}')
  })
})
