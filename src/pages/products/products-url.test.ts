import { describe, expect, it } from 'vitest'
import { productsParamsOf, productsViewOf } from './products-url'

const P = (s: string) => new URLSearchParams(s)
const view = (
  filter: Record<string, string>,
  more: { parentId?: number; page?: number; sort?: string } = {},
) => {
  const [field, direction] = more.sort?.split('.') ?? []
  return {
    query: {
      page: more.page ?? 0,
      size: 10,
      filter,
      sort: field ? { field, direction: direction as 'asc' | 'desc' } : undefined,
    },
    parentId: more.parentId ?? null,
  }
}

describe('productsViewOf (the /Products view of a URL)', () => {
  it('reads SPEC §2 ?filter=&value= as before, and nothing as the first unfiltered page', () => {
    expect(productsViewOf(P(''))).toEqual(view({}))
    expect(productsViewOf(P('filter=productSerialNumber&value=TX:1001'))).toEqual(
      view({ productSerialNumber: 'TX:1001' }),
    )
    expect(productsViewOf(P('filter=ParentAssetId&value=5'))).toEqual(view({}, { parentId: 5 }))
  })

  it("reads the page's own filters, product, sort and 1-based page; bad values are ignored", () => {
    expect(
      productsViewOf(
        P('serial=NWT&supplier=Acme&productType=Meter&lastRecord=2024-01-01|&status=fail,n/a&product=7'),
      ),
    ).toEqual(
      view(
        {
          productSerialNumber: 'NWT',
          assetManufacturerName: 'Acme',
          assetModel: 'Meter',
          dateOfLastRecord: '2024-01-01|',
          currentStatus: 'fail,n/a',
        },
        { parentId: 7 },
      ),
    )
    expect(productsViewOf(P('page=2&sort=dateOfLastRecord.desc'))).toEqual(
      view({}, { page: 1, sort: 'dateOfLastRecord.desc' }),
    )
    expect(productsViewOf(P('page=0&sort=colour.desc&product=abc'))).toEqual(view({}))
    expect(productsViewOf(P('page=-3&sort=currentStatus.up'))).toEqual(view({}))
  })

  it("lets the page's own parameter win over ?filter=&value= for the same column", () => {
    expect(productsViewOf(P('filter=productSerialNumber&value=TX:1001&serial=TX')).query.filter).toEqual({
      productSerialNumber: 'TX',
    })
  })
})

describe('productsParamsOf (the URL of a /Products view)', () => {
  const url = (v: ReturnType<typeof view>, current = '') => productsParamsOf(v, P(current)).toString()

  it('leaves the first unfiltered page with no query at all', () => {
    expect(url(view({}))).toBe('')
  })

  it('writes filters, product, sort and page (counting from 1)', () => {
    expect(url(view({ currentStatus: 'fail' }, { page: 1 }))).toBe('status=fail&page=2')
    expect(url(view({}, { parentId: 5, sort: 'productSerialNumber.asc' }))).toBe(
      'product=5&sort=productSerialNumber.asc',
    )
    expect(url(view({ productSerialNumber: '  ' }))).toBe('')
  })

  it("keeps Home's ?filter=&value= as it came while it still says what the grid shows", () => {
    const home = 'filter=productSerialNumber&value=TX%3A1001'
    expect(url(view({ productSerialNumber: 'TX:1001' }), home)).toBe(home)
    expect(url(view({ productSerialNumber: 'TX:1001', currentStatus: 'pass' }, { page: 1 }), home)).toBe(
      `${home}&status=pass&page=2`,
    )
    // Changed in the grid: the page's own parameter says it, the entry pair goes.
    expect(url(view({ productSerialNumber: 'TX' }), home)).toBe('serial=TX')
    expect(url(view({}), home)).toBe('')
    expect(url(view({}, { parentId: 5 }), 'filter=ParentAssetId&value=5')).toBe(
      'filter=ParentAssetId&value=5',
    )
    expect(url(view({}, { parentId: 6 }), 'filter=ParentAssetId&value=5')).toBe('product=6')
  })

  it('keeps parameters it does not own', () => {
    expect(url(view({ currentStatus: 'fail' }), 'success=true&page=4')).toBe('success=true&status=fail')
  })

  it('reads back what it writes', () => {
    const v = view(
      { productSerialNumber: 'NWT:1003', dateOfLastRecord: '|2024-02-01', currentStatus: 'pass,n/a' },
      { parentId: 9, page: 3, sort: 'assetModel.desc' },
    )
    expect(productsViewOf(productsParamsOf(v, P('')))).toEqual(v)
  })
})
