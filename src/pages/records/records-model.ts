import type { ListQuery } from '../../../runtime/grid'
import type { ConfigurationEntry } from '../../../schemas/entities/configuration'
import {
  CATEGORY_IDS,
  CATEGORY_NAMES,
  readableCategories,
  resultLabel,
  REVIEW_STATE_LABELS,
  type CategoryFilter,
  type RecordListItem,
  type ReviewState,
} from '../../../schemas/records'
import type { RecordsFilter } from '../../../schemas/records'
import type { RoleView } from '../../../schemas/roles'

/** A choice of the category dropdown: one category filter value, or 'all'. */
export type CategoryChoice = CategoryFilter | 'all'

/** SPEC §1 category names, as the dropdown shows them. */
export const CATEGORY_LABELS: Record<CategoryChoice, string> = { all: 'All', ...CATEGORY_NAMES }

/**
 * The categories a viewer may browse (SPEC §6, `readableCategories`): configurator and view-all users
 * see every category, the others the ITRViewer ids of their session; with the ITRCATEGORY list (SPEC §7)
 * only the categories it holds. 'All' is offered first once three or more are available; the dropdown is
 * hidden when there is only one choice.
 */
export function categoryChoices(
  view: RoleView,
  recordViewCategories: readonly number[],
  listed?: readonly ConfigurationEntry[],
): CategoryChoice[] {
  const ids = listed && new Set(listed.map((entry) => entry.id))
  const allowed = readableCategories(view, recordViewCategories).filter(
    (c) => !ids || ids.has(CATEGORY_IDS[c]),
  )
  return allowed.length >= 3 ? ['all', ...allowed] : allowed
}

/** The names the category lists show: ITRCATEGORY's values where it has them, SPEC §1's otherwise. */
export function categoryLabels(
  listed: readonly ConfigurationEntry[] | undefined,
): Record<CategoryChoice, string> {
  const labels = { ...CATEGORY_LABELS }
  for (const entry of listed ?? []) {
    const category = (Object.keys(CATEGORY_IDS) as CategoryFilter[]).find((c) => CATEGORY_IDS[c] === entry.id)
    if (category && entry.value.trim()) labels[category] = entry.value.trim()
  }
  return labels
}

/** One `filters[]` entry of SPEC §7. */
export type RecordFilterEntry = { field: string; value: string | number | (string | number)[] }

/** The filters of SPEC §2's query parameters filter, value, secondaryFilter and additionalValue. */
export function urlFilters(params: URLSearchParams): RecordFilterEntry[] {
  const out: RecordFilterEntry[] = []
  const add = (field: string | null, value: string | null) => {
    if (field?.trim() && value?.trim()) out.push({ field: field.trim(), value: value.trim() })
  }
  add(params.get('filter'), params.get('value'))
  add(params.get('secondaryFilter'), params.get('additionalValue'))
  return out
}

/** Readable names of the URL filter fields, for the 'Filtered by' note. */
const FIELD_NAMES: Record<string, string> = {
  productserialnumber: 'Serial',
  serialnumber: 'Serial',
  producttypeid: 'Product type',
  recordtypeid: 'Record type',
  testequipment: 'Test equipment',
  supplierid: 'Supplier',
  productid: 'Product',
  deviceownerid: 'Device owner',
  suspect: 'Suspect',
  status: 'Status',
  serialcontains: 'Serial containing',
  suppliercontains: 'Supplier containing',
  customercontains: 'Customer containing',
}

export const filterFieldName = (field: string): string => FIELD_NAMES[field.toLowerCase()] ?? field

/** Grid column ids; the sortable ones are also the server's sort fields (RECORD_SORT_FIELDS). */
export const RECORD_COLUMN = {
  serial: 'productSerialNumber',
  productType: 'productTypeName',
  recordType: 'recordTypeName',
  result: 'testResult',
  supplier: 'supplierName',
  jobNumber: 'jobNumber',
  customer: 'customerName',
  faultItem: 'faultItems',
  repairItem: 'repairItems',
  faultDescriptive: 'faultDescriptives',
  repairDescriptive: 'repairDescriptives',
  date: 'recordDate',
  status: 'reviewState',
} as const

/**
 * Column filter → SPEC §7 filter field. The text boxes match any part in any case (SPEC §9 "Fuzzy
 * filtering is on in grids"): Serial, Supplier and Customer send the `…Contains` fields, not the exact
 * productSerialNumber/supplier/customer that SPEC §2's links and the export dialog's lists use.
 */
const FILTER_FIELD: Record<string, string> = {
  [RECORD_COLUMN.serial]: 'serialContains',
  [RECORD_COLUMN.result]: 'result',
  [RECORD_COLUMN.supplier]: 'supplierContains',
  [RECORD_COLUMN.jobNumber]: 'jobNumber',
  [RECORD_COLUMN.customer]: 'customerContains',
  [RECORD_COLUMN.faultItem]: 'faultItem',
  [RECORD_COLUMN.repairItem]: 'repairItem',
  [RECORD_COLUMN.faultDescriptive]: 'faultDescriptive',
  [RECORD_COLUMN.repairDescriptive]: 'repairDescriptive',
  [RECORD_COLUMN.status]: 'status',
}

/** Columns that carry a filter box on the records grid. */
export const FILTERABLE_COLUMNS = new Set(Object.keys(FILTER_FIELD))

/** The columns of a category (SPEC §2 Records): Serial and Product Type, then the category's own, Date. */
export function columnsOf(category: CategoryChoice): string[] {
  const C = RECORD_COLUMN
  const middle: Record<CategoryChoice, string[]> = {
    all: [C.recordType],
    test: [C.recordType, C.result, C.supplier],
    despatch: [C.jobNumber, C.customer],
    problemReport: [C.faultItem, C.repairItem, C.faultDescriptive, C.repairDescriptive],
    calibration: [],
  }
  // Issue #19: every category shows the review status.
  return [C.serial, C.productType, ...middle[category], C.status, C.date]
}

/** The records page's review switches (issue #19). */
export interface ReviewToggles {
  /** Only the records waiting for the caller. */
  myQueue?: boolean
  /** Hide records a newer record of the same product and record type superseded. */
  hideSuperseded?: boolean
}

/**
 * Issue #19: 'My queue' and the re-test chain (superseded records hidden unless asked), as filter entries:
 * /Records' switches and Home's 'Review queue' count ask the same list.
 */
export function reviewFilters(review: ReviewToggles): RecordFilterEntry[] {
  const filters: RecordFilterEntry[] = []
  if (review.myQueue) filters.push({ field: 'queue', value: 'mine' })
  if (review.hideSuperseded) filters.push({ field: 'superseded', value: 'false' })
  return filters
}

/**
 * The records page's `{encoded JSON}` (SPEC §7): the URL filters, the category (none for All: SPEC §9 has
 * no 'all' category value, and the server applies the viewer's own category scope anyway), the grid's
 * column filters, and the sort.
 */
export function recordsFilter(
  query: ListQuery,
  category: CategoryChoice,
  base: readonly RecordFilterEntry[],
  suspectOnly = false,
  review: ReviewToggles = {},
): RecordsFilter {
  const filters: RecordFilterEntry[] = [...base]
  if (category !== 'all') filters.push({ field: 'category', value: category })
  // Issue #15.3: records an impact case made suspect, whatever their disposition.
  if (suspectOnly) filters.push({ field: 'suspect', value: 'true' })
  filters.push(...reviewFilters(review))
  for (const [column, raw] of Object.entries(query.filter)) {
    const field = FILTER_FIELD[column]
    const value = raw.trim()
    if (field && value) filters.push({ field, value })
  }
  const out: RecordsFilter = { filters }
  if (query.sort) {
    out.sortField = query.sort.field
    out.sortDirection = query.sort.direction
  }
  return out
}

/**
 * Whether a records filter narrows the list beyond 'My queue' and the default hiding of superseded
 * records: a URL or column filter, 'Suspect only', or a category the viewer picked from several (a viewer
 * with one category has nothing to pick). Walk s14: an empty queue under such a filter said 'Nothing
 * waits for you' while records waited outside the filter.
 */
export function narrowsBeyondQueue(filter: RecordsFilter, categoryPicked: boolean): boolean {
  return (filter.filters ?? []).some((entry) => {
    const field = entry.field.toLowerCase()
    if (field === 'category') return categoryPicked
    if (field === 'queue') return false
    return !(field === 'superseded' && String(entry.value).toLowerCase() === 'false')
  })
}

/** Query parameter value that opens /Records with 'My queue' on (`/Records?queue=mine`, from Home). */
export const QUEUE_PARAM = { name: 'queue', mine: 'mine' } as const

/** Filter fields that match any part of the text, by the name of their grid column. */
const CONTAINS_NAMES: Record<string, string> = {
  serialcontains: 'Serial',
  suppliercontains: 'Supplier',
  customercontains: 'Customer',
  jobnumber: 'Job No.',
  batchnumber: 'Batch No.',
  faultitem: 'Fault Item',
  repairitem: 'Repair Item',
  faultdescriptive: 'Fault Descriptive',
  repairdescriptive: 'Repair Descriptive',
}

/** SPEC §1's name of a category filter value, in any case. */
const categoryLabel = (value: string): string => {
  const key = (Object.keys(CATEGORY_LABELS) as CategoryChoice[]).find(
    (k) => k.toLowerCase() === value.toLowerCase(),
  )
  return key ? CATEGORY_LABELS[key] : value
}

const valuesOf = (entry: RecordFilterEntry): string[] =>
  (Array.isArray(entry.value) ? entry.value : [entry.value]).map((v) => String(v).trim()).filter(Boolean)

/**
 * One `filters[]` entry of the records page as a short readable phrase (for the export dialog's
 * "Also as on the Records page: …" line), or null when it has no value.
 */
export function filterNote(entry: RecordFilterEntry): string | null {
  const field = entry.field.toLowerCase()
  const values = valuesOf(entry)
  if (values.length === 0) return null
  const quoted = values.map((v) => `'${v}'`).join(' or ')
  const words = values.map((v) => v.toLowerCase())
  if (CONTAINS_NAMES[field]) return `${CONTAINS_NAMES[field]} contains ${quoted}`
  switch (field) {
    case 'superseded':
      return words[0] === 'false' ? 'superseded records hidden' : 'superseded records only'
    case 'suspect':
      return words.some((w) => ['true', 'any', 'yes'].includes(w))
        ? 'suspect records only'
        : `suspect records (${values.join(', ')}) only`
    case 'queue':
      return 'only the records waiting for you (My queue)'
    case 'result':
      return `Result ${values.map((v) => resultLabel(v.toLowerCase())).join(' or ')}`
    case 'status':
      return `Status ${values
        .map((v) => REVIEW_STATE_LABELS[v.toLowerCase() as ReviewState] ?? v)
        .join(' or ')}`
    case 'category':
      return `Category ${values.map(categoryLabel).join(' or ')}`
    case 'supplier':
    case 'customer':
      return `${field === 'supplier' ? 'Supplier' : 'Customer'} ${quoted}`
    default:
      return `${filterFieldName(entry.field)} ${values.join(', ')}`
  }
}

/**
 * Where a record's View action goes (SPEC §2): /DataEntry with the record for form records (so it
 * opens read-only in its form), /Records/{id} for the others.
 */
export function viewLinkOf(record: RecordListItem): string {
  if (record.captureType !== 'form') return `/Records/${record.recordId}`
  const params = new URLSearchParams()
  if (record.productTypeId != null) params.set('producttype', String(record.productTypeId))
  params.set('recordtype', String(record.recordTypeId))
  params.set('record', String(record.recordId))
  if (record.supplierId != null) params.set('supplier', String(record.supplierId))
  return `/DataEntry?${params}`
}
