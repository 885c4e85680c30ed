import { describe, expect, it } from 'vitest'
import { EXPORT_TEXTS, exportFilter, initialExportForm } from './export-form'

describe('initialExportForm', () => {
  it('starts from the grid category and its serial and product type filters', () => {
    const form = initialExportForm('test', [
      { field: 'productSerialNumber', value: 'NWT:1001' },
      { field: 'productTypeId', value: '100200' },
    ])
    expect(form).toMatchObject({
      category: 'test',
      serialNumber: 'NWT:1001',
      productTypeId: 100200,
      fixed: [],
    })
  })

  it('keeps URL filters the dialog has no field for, and sends them first', () => {
    const form = initialExportForm('all', [{ field: 'testEquipment', value: '2' }])
    expect(form.fixed).toEqual([{ field: 'testEquipment', value: '2' }])
    expect(exportFilter(form)).toEqual({
      filter: {
        filters: [
          { field: 'testEquipment', value: '2' },
          { field: 'category', value: 'all' },
        ],
      },
    })
  })
})

describe('exportFilter (SPEC §7 ExcelExport filters)', () => {
  it('sends the category, the common fields and only the chosen section', () => {
    const form = {
      ...initialExportForm('despatch', []),
      serialNumber: ' NWT:1 ',
      recordTypeIds: [5, 6],
      productTypeId: 100200,
      results: ['pass' as const],
      customers: ['UK Power'],
      jobNumber: 'J-1',
      batchNumber: '',
    }
    expect(exportFilter(form)).toEqual({
      filter: {
        filters: [
          { field: 'category', value: 'despatch' },
          { field: 'productSerialNumber', value: 'NWT:1' },
          { field: 'recordTypeId', value: [5, 6] },
          { field: 'productTypeId', value: 100200 },
          { field: 'customer', value: ['UK Power'] },
          { field: 'jobNumber', value: 'J-1' },
        ],
      },
    })
  })

  it('sends Test results and suppliers, and Problem Report lists for their categories', () => {
    const test = exportFilter({
      ...initialExportForm('test', []),
      results: ['fail', 'n/a'],
      supplierNames: ['Acme'],
    })
    expect(test).toEqual({
      filter: {
        filters: [
          { field: 'category', value: 'test' },
          { field: 'result', value: ['fail', 'n/a'] },
          { field: 'supplier', value: ['Acme'] },
        ],
      },
    })
    const problem = exportFilter({
      ...initialExportForm('problemReport', []),
      repairDescriptives: ['Replaced'],
    })
    expect(problem).toEqual({
      filter: {
        filters: [
          { field: 'category', value: 'problemReport' },
          { field: 'repairDescriptive', value: ['Replaced'] },
        ],
      },
    })
  })

  it('reads dd-MM-yyyy dates only when their toggle is on', () => {
    const form = {
      ...initialExportForm('all', []),
      useStart: true,
      start: '01-02-2024',
      useEnd: false,
      end: 'junk',
    }
    expect(exportFilter(form)).toEqual({
      filter: { filters: [{ field: 'category', value: 'all' }], startDate: '2024-02-01' },
    })
    expect(exportFilter({ ...form, useEnd: true, end: '31-03-2024' })).toMatchObject({
      filter: { startDate: '2024-02-01', endDate: '2024-03-31' },
    })
  })

  it('refuses a date that is not dd-MM-yyyy and an end before the start', () => {
    const form = { ...initialExportForm('all', []), useStart: true, start: '2024-02-01' }
    expect(exportFilter(form)).toEqual({ errors: { start: EXPORT_TEXTS.dateFormat } })
    expect(exportFilter({ ...form, start: '10-02-2024', useEnd: true, end: '09-02-2024' })).toEqual({
      errors: { end: EXPORT_TEXTS.endBeforeStart },
    })
  })
})
