import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { anywhere, containsAny } from '../db/contains'
import { ATTRIBUTE_KEYS } from '../../schemas/entities/attribute'
import { shortPageTotal } from '../../schemas/paging'
import type { PRODUCT_SORT_FIELDS } from '../../schemas/records/index'
import { RECORD_MESSAGES, type Product, type ProductsFilter } from '../../schemas/records/index'
import { dateOfText, RECORD_DATE_RANGE } from '../../schemas/records/values'
import { badRequest } from '../http-error'
import type { Db } from '../db/client'
import { assetManufacturers, assetModels, products } from '../db/schema/index'
import { rowsOf } from '../submissions/write/sql-batch'
import { pageRowToProduct, productsPageSql, type ProductPageRow } from './products-page-sql'

const SORT_COLUMNS = {
  id: products.id,
  serialNumber: products.serialNumber,
  productSerialNumber: products.productSerialNumber,
  assetManufacturerName: assetManufacturers.name,
  assetModel: assetModels.name,
  dateOfLastRecord: products.dateOfLastRecord,
  currentStatus: products.currentStatus,
} as const satisfies Record<(typeof PRODUCT_SORT_FIELDS)[number], unknown>

const texts = (list: readonly (string | number)[] | undefined) =>
  (list ?? []).map((v) => String(v).trim()).filter(Boolean)

const DAY_MS = 86_400_000

/**
 * One end of a DateOfLastRecord range as its condition, the date read as the records filter reads one
 * (`dateOfText`: ISO 8601, DD/MM/YYYY or DD-MM-YYYY, a time without a zone as UTC). A bare day names the
 * whole UTC day: as `from` its start, as `to` up to (not including) the next day's start, so a product
 * last recorded at 10:00 on the `to` day is in; a full timestamp stays the instant given.
 */
function dateBound(v: unknown, end: boolean): SQL | undefined {
  const text = v == null ? '' : String(v).trim()
  if (text === '') return undefined
  const read = dateOfText(text)
  if (!read) throw badRequest(RECORD_MESSAGES.badFilterShape(`"${text}" is not a date`))
  const column = products.dateOfLastRecord
  if (!end) return gte(column, read.date)
  if (read.timed) return lte(column, read.date)
  const next = read.date.getTime() + DAY_MS
  // No record is dated after 31/12/9999 (RECORD_DATE_RANGE), and the day after it is no date a driver
  // writes; the condition stays, so a product never recorded stays out as it does for any other `to`.
  return next > RECORD_DATE_RANGE.latest
    ? lte(column, new Date(RECORD_DATE_RANGE.latest))
    : lt(column, new Date(next))
}

/** The {from,to}, [from,to] or "from|to" of a DateOfLastRecord filter as its conditions. */
function dateRangeCondition(value: unknown): SQL | undefined {
  let from: unknown, to: unknown
  if (Array.isArray(value)) [from, to] = value
  else if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>
    from = v.from ?? v.start ?? v.startDate
    to = v.to ?? v.end ?? v.endDate
  } else [from, to] = String(value ?? '').split('|')
  return and(dateBound(from, false), dateBound(to, true))
}

/** Conditions of one attribute filter (SPEC §7: attribute {key, value}). */
function attributeCondition(key: string, value: unknown): SQL | undefined {
  if (key === ATTRIBUTE_KEYS.currentStatus) {
    const wanted = (Array.isArray(value) ? value : [value]).map((v) => String(v ?? '').toLowerCase())
    const parts: SQL[] = []
    const known = wanted.filter((v) => v === 'pass' || v === 'fail')
    if (known.length) parts.push(inArray(products.currentStatus, known))
    // n/a: no record with a conclusion yet (SPEC §4 "Product status").
    if (wanted.some((v) => v === 'n/a' || v === '-' || v === 'other' || v === ''))
      parts.push(or(isNull(products.currentStatus), eq(products.currentStatus, 'other'))!)
    return parts.length ? or(...parts) : undefined
  }
  if (key === ATTRIBUTE_KEYS.dateOfLastRecord) return dateRangeCondition(value)
  if (key === ATTRIBUTE_KEYS.serialNumberPrefix) return eq(products.serialNumberPrefix, String(value ?? ''))
  throw badRequest(RECORD_MESSAGES.badFilterShape(`unknown attribute ${key}`))
}

/** The WHERE conditions of a products page, and which name tables its filter reads. */
function filterConditions(filter: ProductsFilter, supplierId: number | undefined) {
  const conditions: (SQL | undefined)[] = []
  if (supplierId !== undefined) conditions.push(eq(products.assetManufacturerId, supplierId))
  const serials = texts(filter.serialNumbers)
  if (serials.length) {
    // SPEC §9: the grid filters fuzzily — a serial matches any part of the full serial, in any case
    // ('NWT:3' finds NWT:3 and NWT:30; '1001' finds NWT:1001).
    conditions.push(containsAny(products.productSerialNumber, serials))
  }
  // The Supplier and Product Type column filters too (audit h-admin F6): a name matches any part of it, in
  // any case ('contoso' finds Contoso Switchgear, 'ring main' Ring Main Unit). A Product Type given as an
  // id (digits only) stays an exact id.
  const makers = texts(filter.assetManufacturerNames)
  if (makers.length) conditions.push(containsAny(assetManufacturers.name, makers))
  const models = texts(filter.assetModels)
  if (models.length) {
    const ids = models.filter((m) => /^\d+$/.test(m)).map(Number)
    const names = models.filter((m) => !/^\d+$/.test(m))
    conditions.push(
      or(
        ids.length ? inArray(products.assetModelId, ids) : undefined,
        ...names.map((n) => ilike(assetModels.name, anywhere(n))),
      ),
    )
  }
  if (filter.ParentAssetId != null && filter.ParentAssetId !== '') {
    const parent = Number(filter.ParentAssetId)
    if (!Number.isInteger(parent))
      throw badRequest(RECORD_MESSAGES.badFilterShape('ParentAssetId must be an id'))
    // The product itself and its children (SPEC §2 "filter to the product and its children").
    conditions.push(or(eq(products.id, parent), eq(products.parentId, parent)))
  }
  const attributes =
    filter.attribute == null ? [] : Array.isArray(filter.attribute) ? filter.attribute : [filter.attribute]
  for (const a of attributes) conditions.push(attributeCondition(a.key, a.value))
  return { conditions, models, makers }
}

/**
 * `GET {meta}/api/assets/page/{page}/size/{size}/filter/{json}`: one page of products with SPEC §7's
 * filter keys; supplier-view callers only see their supplier's products.
 */
export async function productsPage(
  db: Db,
  filter: ProductsFilter,
  page: number,
  size: number,
  supplierId: number | undefined,
): Promise<{ totalCount: number; totalPages: number; result: Product[] }> {
  const { conditions, models, makers } = filterConditions(filter, supplierId)

  const sortField = filter.sortField || 'id'
  // Own keys only: `in` would also accept inherited names such as constructor or toString.
  if (!Object.hasOwn(SORT_COLUMNS, sortField))
    throw badRequest(RECORD_MESSAGES.badProductSortField(sortField))
  const column = SORT_COLUMNS[sortField as keyof typeof SORT_COLUMNS]
  const direction = String(filter.sortDirection ?? 'asc').toLowerCase() === 'desc' ? desc : asc

  const statements = productsPageSql({
    where: and(...conditions),
    order: {
      key: `${sortField} ${direction === desc ? 'desc' : 'asc'}`,
      build: () => [
        // A product never recorded is the oldest: first oldest-first, last newest-first (the index's
        // `NULLS FIRST` read either way); other columns keep PostgreSQL's default (nulls as largest).
        column === products.dateOfLastRecord
          ? sql`${column} ${sql.raw(direction === desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`
          : direction(column),
        direction(products.id),
      ],
    },
    // Name tables join the key queries only when a filter or the sort refers to them, so PostgreSQL
    // plans those on `products` and its indexes alone.
    keyJoins: {
      page: {
        assetModel: sortField === 'assetModel' || models.length > 0,
        assetManufacturer: sortField === 'assetManufacturerName' || makers.length > 0,
      },
      count: { assetModel: models.length > 0, assetManufacturer: makers.length > 0 },
    },
    page,
    size,
  })
  const rows = rowsOf<ProductPageRow>(await db.execute(statements.rows))
  // A short page says the total itself; otherwise the count, exact up to the horizon and "at least"
  // beyond it (see page-count.ts).
  const totalCount =
    shortPageTotal(page, size, rows.length) ??
    Number(rowsOf<{ n: number }>(await db.execute(statements.count))[0].n)
  const result = rows.map(pageRowToProduct)
  return { totalCount, totalPages: Math.ceil(totalCount / size), result }
}
