import { describe, expect, it } from 'vitest'
import { initialFromUrl, productsFilter } from './products-filter'

const q = (filter: Record<string, string>, sort?: { field: string; direction: 'asc' | 'desc' }) => ({
  page: 0,
  size: 10,
  filter,
  sort,
})

describe('productsFilter (SPEC §7 products page filter)', () => {
  it('sends nothing for an unfiltered grid', () => {
    expect(productsFilter(q({}), null)).toEqual({})
  })

  it('maps text filters to the list keys and the sort to sortField/sortDirection', () => {
    expect(
      productsFilter(
        q(
          { productSerialNumber: ' TX:1001 ', assetManufacturerName: 'Acme', assetModel: 'Meter' },
          { field: 'dateOfLastRecord', direction: 'desc' },
        ),
        null,
      ),
    ).toEqual({
      serialNumbers: ['TX:1001'],
      assetManufacturerNames: ['Acme'],
      assetModels: ['Meter'],
      sortField: 'dateOfLastRecord',
      sortDirection: 'desc',
    })
  })

  it('turns the Status toggle into a CurrentStatus attribute and ignores unknown values', () => {
    expect(productsFilter(q({ currentStatus: 'fail,n/a,bogus' }), null)).toEqual({
      attribute: { key: 'CurrentStatus', value: ['fail', 'n/a'] },
    })
  })

  it('sends both attributes as a list, the date range covering the whole end day, and ParentAssetId', () => {
    expect(
      productsFilter(q({ currentStatus: 'pass', dateOfLastRecord: '2024-01-01|2024-01-31' }), 42),
    ).toEqual({
      attribute: [
        { key: 'CurrentStatus', value: ['pass'] },
        {
          key: 'DateOfLastRecord',
          value: { from: '2024-01-01T00:00:00.000Z', to: '2024-01-31T23:59:59.999Z' },
        },
      ],
      ParentAssetId: 42,
    })
    expect(productsFilter(q({ dateOfLastRecord: '|2024-02-01' }), null).attribute).toEqual({
      key: 'DateOfLastRecord',
      value: { from: null, to: '2024-02-01T23:59:59.999Z' },
    })
  })
})

describe('initialFromUrl (?filter=&value=)', () => {
  it("reads Home's productSerialNumber search into the Serial Number column, ignoring case of the name", () => {
    expect(initialFromUrl(new URLSearchParams('filter=productSerialNumber&value=TX:1001'))).toEqual({
      filter: { productSerialNumber: 'TX:1001' },
      parentId: null,
    })
    expect(initialFromUrl(new URLSearchParams('filter=PRODUCTTYPEID&value=7')).filter).toEqual({
      assetModel: '7',
    })
  })

  it('reads ParentAssetId as the product filter and drops unknown names or empty values', () => {
    expect(initialFromUrl(new URLSearchParams('filter=ParentAssetId&value=12'))).toEqual({
      filter: {},
      parentId: 12,
    })
    expect(initialFromUrl(new URLSearchParams('filter=colour&value=red'))).toEqual({
      filter: {},
      parentId: null,
    })
    expect(initialFromUrl(new URLSearchParams('filter=productSerialNumber&value='))).toEqual({
      filter: {},
      parentId: null,
    })
  })
})
