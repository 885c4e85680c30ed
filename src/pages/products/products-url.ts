import { listParams, PAGE_SIZES, type ListQuery } from '../../../runtime/grid'
import { initialFromUrl, PRODUCT_COLUMN } from './products-filter'

/** What /Products keeps in its URL: the grid's query and the product it is narrowed to. */
export interface ProductsView {
  query: ListQuery
  /** The product shown with its children (the row's Filter action, or ?product=). */
  parentId: number | null
}

/** The query parameter of each column filter (Last Record as 'from|to', Status as 'fail,n/a'). */
const COLUMN_PARAMS: Record<string, string> = {
  [PRODUCT_COLUMN.serial]: 'serial',
  [PRODUCT_COLUMN.supplier]: 'supplier',
  [PRODUCT_COLUMN.productType]: 'productType',
  [PRODUCT_COLUMN.lastRecord]: 'lastRecord',
  [PRODUCT_COLUMN.status]: 'status',
}

const SORTABLE: ReadonlySet<string> = new Set(Object.values(PRODUCT_COLUMN))

/** The parameters this page owns; any other one in the URL is kept as it is. */
const OWNED = new Set(['filter', 'value', 'product', 'page', 'sort', ...Object.values(COLUMN_PARAMS)])

const idOf = (text: string | null): number | null =>
  text && /^\d{1,9}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null

/**
 * The view a /Products URL asks for. SPEC §2's `?filter=&value=` (Home's Product Search, or
 * `filter=ParentAssetId`) gives one filter; the page's own parameters (serial, supplier, productType,
 * lastRecord, status, product, sort, page) give the rest, and win over it.
 */
export function productsViewOf(params: URLSearchParams): ProductsView {
  const entry = initialFromUrl(params)
  const filter = { ...entry.filter }
  for (const [column, name] of Object.entries(COLUMN_PARAMS)) {
    const value = params.get(name)
    if (value?.trim()) filter[column] = value
  }
  return {
    query: {
      page: listParams.page(params.get('page')),
      size: PAGE_SIZES.list,
      filter,
      sort: listParams.sort(params.get('sort'), SORTABLE),
    },
    parentId: idOf(params.get('product')) ?? entry.parentId,
  }
}

/**
 * The URL parameters of `view`, from the `current` ones: SPEC §2's `?filter=&value=` stays as it came
 * as long as it still says what the grid shows (so Home's search link is not rewritten), the rest goes
 * in the page's own parameters; parameters the page does not own stay.
 */
export function productsParamsOf(view: ProductsView, current: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams()
  for (const [key, value] of current) if (!OWNED.has(key)) out.append(key, value)
  const entry = initialFromUrl(current)
  const entryColumn = Object.keys(entry.filter)[0]
  const keepEntry = entryColumn
    ? view.query.filter[entryColumn] === entry.filter[entryColumn]
    : entry.parentId != null && entry.parentId === view.parentId
  if (keepEntry) {
    out.set('filter', current.get('filter') ?? '')
    out.set('value', current.get('value') ?? '')
  }
  for (const [column, name] of Object.entries(COLUMN_PARAMS)) {
    const value = view.query.filter[column]
    if (value?.trim() && !(keepEntry && column === entryColumn)) out.set(name, value)
  }
  if (view.parentId != null && !(keepEntry && !entryColumn)) out.set('product', String(view.parentId))
  if (view.query.sort) out.set('sort', listParams.sortText(view.query.sort))
  if (view.query.page > 0) out.set('page', listParams.pageText(view.query.page))
  return out
}
