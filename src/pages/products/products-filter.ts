import type { ListQuery } from '../../../runtime/grid'
import { ATTRIBUTE_KEYS } from '../../../schemas/entities/attribute'
import type { ProductsFilter } from '../../../schemas/records'

/** Grid column ids; they are also the server's sort fields (PRODUCT_SORT_FIELDS). */
export const PRODUCT_COLUMN = {
  serial: 'productSerialNumber',
  supplier: 'assetManufacturerName',
  productType: 'assetModel',
  lastRecord: 'dateOfLastRecord',
  status: 'currentStatus',
} as const

/** SPEC §4 "Product status" values the Status toggle filter offers; n/a means no record yet. */
export const PRODUCT_STATUSES = ['pass', 'fail', 'n/a'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

/** The Status filter's text: the chosen statuses joined by commas ('' for all). */
export const statusesOf = (text: string | undefined): ProductStatus[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s): s is ProductStatus => (PRODUCT_STATUSES as readonly string[]).includes(s))

/** The Last Record filter's text: 'YYYY-MM-DD|YYYY-MM-DD', either side optional. */
export function dateRangeOf(text: string | undefined): { from: string; to: string } {
  const [from = '', to = ''] = (text ?? '').split('|')
  return { from: from.trim(), to: to.trim() }
}

export const dateRangeText = (from: string, to: string): string => (from || to ? `${from}|${to}` : '')

/**
 * The products page's `{url-encoded JSON}` (SPEC §7) from the grid's query: text filters become the
 * list keys (serialNumbers, assetManufacturerNames, assetModels), Status and Last Record become
 * attribute filters, the product filter becomes ParentAssetId, and the sort goes as sortField/Direction.
 */
export function productsFilter(query: ListQuery, parentId: number | null): ProductsFilter {
  const f = query.filter
  const out: ProductsFilter = {}
  const text = (id: string) => f[id]?.trim()
  if (text(PRODUCT_COLUMN.serial)) out.serialNumbers = [text(PRODUCT_COLUMN.serial)!]
  if (text(PRODUCT_COLUMN.supplier)) out.assetManufacturerNames = [text(PRODUCT_COLUMN.supplier)!]
  if (text(PRODUCT_COLUMN.productType)) out.assetModels = [text(PRODUCT_COLUMN.productType)!]
  const attributes: { key: string; value: unknown }[] = []
  const statuses = statusesOf(f[PRODUCT_COLUMN.status])
  if (statuses.length) attributes.push({ key: ATTRIBUTE_KEYS.currentStatus, value: statuses })
  const range = dateRangeOf(f[PRODUCT_COLUMN.lastRecord])
  if (range.from || range.to) {
    attributes.push({
      key: ATTRIBUTE_KEYS.dateOfLastRecord,
      // The end day is included up to its last millisecond (dates are UTC, SPEC §9).
      value: {
        from: range.from ? `${range.from}T00:00:00.000Z` : null,
        to: range.to ? `${range.to}T23:59:59.999Z` : null,
      },
    })
  }
  if (attributes.length === 1) out.attribute = attributes[0]
  else if (attributes.length > 1) out.attribute = attributes
  if (parentId != null) out.ParentAssetId = parentId
  if (query.sort) {
    out.sortField = query.sort.field
    out.sortDirection = query.sort.direction
  }
  return out
}

// Names the ?filter= parameter may use for each column, lower-cased (Home and other pages link here).
const URL_FILTERS: Record<string, string> = {
  productserialnumber: PRODUCT_COLUMN.serial,
  serialnumber: PRODUCT_COLUMN.serial,
  serial: PRODUCT_COLUMN.serial,
  assetmanufacturername: PRODUCT_COLUMN.supplier,
  suppliername: PRODUCT_COLUMN.supplier,
  supplier: PRODUCT_COLUMN.supplier,
  assetmodel: PRODUCT_COLUMN.productType,
  producttype: PRODUCT_COLUMN.productType,
  producttypeid: PRODUCT_COLUMN.productType,
  currentstatus: PRODUCT_COLUMN.status,
  status: PRODUCT_COLUMN.status,
}

/**
 * The initial grid filter from `?filter=&value=` (SPEC §2 Products), e.g. Home's Product Search sends
 * filter=productSerialNumber. `?filter=ParentAssetId&value={id}` starts filtered to a product.
 */
export function initialFromUrl(params: URLSearchParams): {
  filter: Record<string, string>
  parentId: number | null
} {
  const name = (params.get('filter') ?? '').trim().toLowerCase()
  const value = (params.get('value') ?? '').trim()
  if (!name || !value) return { filter: {}, parentId: null }
  if (name === 'parentassetid' || name === 'product') {
    const id = Number(value)
    return { filter: {}, parentId: Number.isInteger(id) && id > 0 ? id : null }
  }
  const column = URL_FILTERS[name]
  return { filter: column ? { [column]: value } : {}, parentId: null }
}
