import { describe, expect, it } from 'vitest'
import type { RecordListItem } from '../../../schemas/records'
import {
  categoryChoices,
  columnsOf,
  filterNote,
  recordsFilter,
  urlFilters,
  viewLinkOf,
} from './records-model'

describe('categoryChoices (SPEC §6 records view)', () => {
  it('gives configurator and view-all users every category with All first', () => {
    expect(categoryChoices('configurator', [])).toEqual([
      'all',
      'test',
      'despatch',
      'problemReport',
      'calibration',
    ])
    expect(categoryChoices('viewAll', [1])).toEqual([
      'all',
      'test',
      'despatch',
      'problemReport',
      'calibration',
    ])
  })

  it("limits others to their ITRViewer ids, adding 'All' only from three categories", () => {
    expect(categoryChoices('internal', [1])).toEqual(['test'])
    expect(categoryChoices('internal', [3, 1])).toEqual(['test', 'problemReport'])
    expect(categoryChoices('internal', [1, 2, 4])).toEqual(['all', 'test', 'despatch', 'calibration'])
    expect(categoryChoices('internal', [])).toEqual([])
  })
})

describe('columnsOf (SPEC §2 records columns by category)', () => {
  it('shows Serial and Product Type, the category columns, Status (issue #19), then Date', () => {
    expect(columnsOf('all')).toEqual([
      'productSerialNumber',
      'productTypeName',
      'recordTypeName',
      'reviewState',
      'recordDate',
    ])
    expect(columnsOf('test')).toEqual([
      'productSerialNumber',
      'productTypeName',
      'recordTypeName',
      'testResult',
      'supplierName',
      'reviewState',
      'recordDate',
    ])
    expect(columnsOf('despatch')).toEqual([
      'productSerialNumber',
      'productTypeName',
      'jobNumber',
      'customerName',
      'reviewState',
      'recordDate',
    ])
    expect(columnsOf('problemReport')).toEqual([
      'productSerialNumber',
      'productTypeName',
      'faultItems',
      'repairItems',
      'faultDescriptives',
      'repairDescriptives',
      'reviewState',
      'recordDate',
    ])
    expect(columnsOf('calibration')).toEqual([
      'productSerialNumber',
      'productTypeName',
      'reviewState',
      'recordDate',
    ])
  })
})

describe('urlFilters and recordsFilter (SPEC §7 records page filter)', () => {
  it('reads filter/value and secondaryFilter/additionalValue, skipping empty pairs', () => {
    const params = new URLSearchParams(
      'filter=productSerialNumber&value=NWT:1&secondaryFilter=productTypeId&additionalValue=100200',
    )
    expect(urlFilters(params)).toEqual([
      { field: 'productSerialNumber', value: 'NWT:1' },
      { field: 'productTypeId', value: '100200' },
    ])
    expect(urlFilters(new URLSearchParams('filter=testEquipment&value='))).toEqual([])
  })

  it('adds the category, the column filters as their fields and the sort', () => {
    const filter = recordsFilter(
      {
        page: 1,
        size: 10,
        filter: { testResult: 'fail', supplierName: ' Acme ', recordTypeName: 'ignored' },
        sort: { field: 'recordDate', direction: 'asc' },
      },
      'test',
      [{ field: 'testEquipment', value: '4' }],
    )
    expect(filter).toEqual({
      filters: [
        { field: 'testEquipment', value: '4' },
        { field: 'category', value: 'test' },
        { field: 'result', value: 'fail' },
        { field: 'supplierContains', value: 'Acme' },
      ],
      sortField: 'recordDate',
      sortDirection: 'asc',
    })
  })

  it("sends the Serial, Supplier and Customer boxes as fuzzy 'contains' fields (SPEC §9), not exact ones", () => {
    const filter = recordsFilter(
      {
        page: 0,
        size: 10,
        filter: { productSerialNumber: '1003', supplierName: 'north', customerName: 'UTIL', jobNumber: 'J-' },
      },
      'all',
      [{ field: 'productSerialNumber', value: 'NWT:1006' }],
    )
    expect(filter.filters).toEqual([
      // SPEC §2's ?filter=productSerialNumber&value=… stays the exact field.
      { field: 'productSerialNumber', value: 'NWT:1006' },
      { field: 'serialContains', value: '1003' },
      { field: 'supplierContains', value: 'north' },
      { field: 'customerContains', value: 'UTIL' },
      { field: 'jobNumber', value: 'J-' },
    ])
  })

  it('adds Suspect only, My queue and superseded hidden before the column filters', () => {
    const filter = recordsFilter({ page: 0, size: 10, filter: {} }, 'test', [], true, {
      myQueue: true,
      hideSuperseded: true,
    })
    expect(filter.filters).toEqual([
      { field: 'category', value: 'test' },
      { field: 'suspect', value: 'true' },
      { field: 'queue', value: 'mine' },
      { field: 'superseded', value: 'false' },
    ])
  })

  it('sends no category entry for All (SPEC §9 has no such category value; issue #11.9)', () => {
    const filter = recordsFilter({ page: 1, size: 10, filter: {} }, 'all', [])
    expect(filter).toEqual({ filters: [] })
  })
})

describe('filterNote (the export dialog names the grid filters it applies)', () => {
  it('reads each grid filter as a short phrase', () => {
    const notes = [
      { field: 'superseded', value: 'false' },
      { field: 'suspect', value: 'true' },
      { field: 'suspect', value: ['retest', 'recall'] },
      { field: 'queue', value: 'mine' },
      { field: 'serialContains', value: '1003' },
      { field: 'supplierContains', value: 'North' },
      { field: 'customerContains', value: ['acme', 'grid'] },
      { field: 'jobNumber', value: 'J-1' },
      { field: 'faultItem', value: 'oil' },
      { field: 'result', value: 'n/a' },
      { field: 'status', value: 'submitted' },
      { field: 'testEquipment', value: '4' },
      { field: 'category', value: 'test' },
      { field: 'serialContains', value: '  ' },
    ].map(filterNote)
    expect(notes).toEqual([
      'superseded records hidden',
      'suspect records only',
      'suspect records (retest, recall) only',
      'only the records waiting for you (My queue)',
      "Serial contains '1003'",
      "Supplier contains 'North'",
      "Customer contains 'acme' or 'grid'",
      "Job No. contains 'J-1'",
      "Fault Item contains 'oil'",
      'Result n/a',
      'Status Submitted',
      'Test equipment 4',
      'Category Test',
      null,
    ])
  })
})

describe('viewLinkOf (SPEC §2 View)', () => {
  const base = {
    recordId: 9,
    recordTypeId: 3,
    productTypeId: 100200,
    supplierId: 2,
    productSerialNumber: 'NWT:1',
    recordTypeName: 'Routine',
    testResult: 'pass',
    recordDate: '2024-01-01T00:00:00Z',
  } satisfies RecordListItem
  it('opens form records in /DataEntry with the record, others on /Records/{id}', () => {
    expect(viewLinkOf({ ...base, captureType: 'form' })).toBe(
      '/DataEntry?producttype=100200&recordtype=3&record=9&supplier=2',
    )
    expect(viewLinkOf({ ...base, captureType: 'file' })).toBe('/Records/9')
  })
})
