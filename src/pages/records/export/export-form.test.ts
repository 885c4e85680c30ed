import { describe, expect, it } from 'vitest'
import { recordsFilter } from '../records-model'
import { EXPORT_TEXTS, exportFilter, gridEntries, gridFiltersNote, initialExportForm } from './export-form'

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

describe("the dialog starts from the grid's filter (the export holds the grid's records)", () => {
  // The grid as left by a user: a URL serial, category Test, Suspect only, 'Show superseded' off and
  // the Serial and Supplier boxes filled, sorted by serial on page 3.
  const grid = recordsFilter(
    {
      page: 2,
      size: 10,
      filter: { productSerialNumber: '1003', supplierName: 'North' },
      sort: { field: 'productSerialNumber', direction: 'asc' },
    },
    'test',
    [
      { field: 'productSerialNumber', value: 'NWT:1006' },
      { field: 'productTypeId', value: '100200' },
      { field: 'testEquipment', value: '4' },
    ],
    true,
    { myQueue: true, hideSuperseded: true },
  )

  it("sends every grid filter, less the sort, with the dialog's category and fields", () => {
    const form = initialExportForm('test', gridEntries(grid))
    expect(form).toMatchObject({ category: 'test', serialNumber: 'NWT:1006', productTypeId: 100200 })
    const sent = exportFilter(form)
    expect(sent).toEqual({
      filter: {
        filters: [
          { field: 'testEquipment', value: '4' },
          { field: 'suspect', value: 'true' },
          { field: 'queue', value: 'mine' },
          { field: 'superseded', value: 'false' },
          { field: 'serialContains', value: '1003' },
          { field: 'supplierContains', value: 'North' },
          { field: 'category', value: 'test' },
          { field: 'productSerialNumber', value: 'NWT:1006' },
          { field: 'productTypeId', value: 100200 },
        ],
      },
    })
    // The same conditions as the grid's, each once: only sort and paging are left out.
    const key = (f: { field: string; value?: unknown }) => `${f.field.toLowerCase()}=${String(f.value)}`
    if (!('filter' in sent)) throw new Error('refused')
    expect(new Set(sent.filter.filters!.map(key))).toEqual(new Set(grid.filters!.map(key)))
    expect(sent.filter).not.toHaveProperty('sortField')
  })

  it('sends what tests/api/records-fuzzy-filters.test.ts exports for a Test grid with a Serial box', () => {
    const test = recordsFilter(
      {
        page: 0,
        size: 10,
        filter: { productSerialNumber: 'wt:1' },
        sort: { field: 'recordDate', direction: 'desc' },
      },
      'test',
      [],
      false,
      { myQueue: false, hideSuperseded: true },
    )
    expect(exportFilter(initialExportForm('test', gridEntries(test)))).toEqual({
      filter: {
        filters: [
          { field: 'superseded', value: 'false' },
          { field: 'serialContains', value: 'wt:1' },
          { field: 'category', value: 'test' },
        ],
      },
    })
  })

  it("merges what the user sets in the dialog with the grid's filters", () => {
    const form = {
      ...initialExportForm('test', gridEntries(grid)),
      serialNumber: '',
      results: ['fail' as const],
      useStart: true,
      start: '01-02-2024',
    }
    const sent = exportFilter(form)
    if (!('filter' in sent)) throw new Error('refused')
    expect(sent.filter.startDate).toBe('2024-02-01')
    expect(sent.filter.filters).toEqual(
      expect.arrayContaining([
        { field: 'superseded', value: 'false' },
        { field: 'serialContains', value: '1003' },
        { field: 'result', value: ['fail'] },
      ]),
    )
    // The URL serial shows in the Serial Number field: cleared there, it is no longer sent.
    expect(sent.filter.filters!.some((f) => f.field === 'productSerialNumber')).toBe(false)
  })

  it("names the grid's filters it applies besides its own fields", () => {
    expect(gridFiltersNote(initialExportForm('test', gridEntries(grid)))).toBe(
      "Also as on the Records page: Test equipment 4; suspect records only; only the records waiting for you (My queue); superseded records hidden; Serial contains '1003'; Supplier contains 'North'.",
    )
    const plain = recordsFilter({ page: 0, size: 10, filter: {} }, 'all', [], false, {
      hideSuperseded: false,
    })
    expect(gridFiltersNote(initialExportForm('all', gridEntries(plain)))).toBeNull()
  })

  it("ticks the Test grid's Result in the dialog's results, where it can be changed", () => {
    const test = recordsFilter({ page: 0, size: 10, filter: { testResult: 'n/a' } }, 'test', [])
    const form = initialExportForm('test', gridEntries(test))
    expect(form.results).toEqual(['n/a'])
    expect(form.fixed).toEqual([])
    expect(exportFilter({ ...form, results: ['fail', 'n/a'] })).toEqual({
      filter: {
        filters: [
          { field: 'category', value: 'test' },
          { field: 'result', value: ['fail', 'n/a'] },
        ],
      },
    })
    // Outside Test the dialog sends no results: the grid's result stays a fixed filter.
    expect(initialExportForm('all', [{ field: 'result', value: 'pass' }]).fixed).toEqual([
      { field: 'result', value: 'pass' },
    ])
  })

  it("takes the dropdown's category as the dialog's own; a URL's other category still holds", () => {
    const grid = recordsFilter({ page: 0, size: 10, filter: {} }, 'test', [
      { field: 'category', value: 'despatch' },
    ])
    const form = initialExportForm('test', gridEntries(grid))
    expect(form.fixed).toEqual([{ field: 'category', value: 'despatch' }])
    expect(gridFiltersNote(form)).toBe('Also as on the Records page: Category Despatch.')
  })

  it('keeps a product type filter it cannot show in its field, as the grid sends it', () => {
    const form = initialExportForm('all', [{ field: 'productTypeId', value: [100200, 100201] }])
    expect(form.productTypeId).toBeNull()
    expect(form.fixed).toEqual([{ field: 'productTypeId', value: [100200, 100201] }])
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
    expect(exportFilter({ ...form, start: '' })).toEqual({
      errors: { start: 'Enter the date as dd-MM-yyyy.' },
    })
    // In the format but no day: said as the form's date fields and the filters say it (walk s14).
    expect(exportFilter({ ...form, start: '31-02-2024' })).toEqual({
      errors: { start: '31-02-2024 is not a date.' },
    })
    expect(exportFilter({ ...form, start: '10-02-2024', useEnd: true, end: '09-02-2024' })).toEqual({
      errors: { end: EXPORT_TEXTS.endBeforeStart },
    })
  })
})
