import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { Product } from '../../schemas/records/index'
import { countHorizon } from '../../schemas/paging'
import { renderedOnce } from '../db/rendered-sql'
import { assetManufacturers, assetModels, products } from '../db/schema/index'
import { pendingDispositions, pendingFlags } from '../impact-cases/retests'
import { pendingReview } from '../reviews/pending'
import { toProduct, type ProductRow } from './products'

/**
 * The products page's two statements in drizzle's `sql`, the parts that never change rendered once
 * (server/db/rendered-sql.ts, issue #17.4): the query builder spent longer building the page's select
 * than the database spent reading it.
 */

/** Which name tables a key query joins (only those its filter or sort reads). */
export interface ProductKeyJoins {
  assetModel: boolean
  assetManufacturer: boolean
}

/**
 * `SELECT <product columns AS their keys>, the two names, 'Retest required' and 'Recalled' (#15.3, one
 * probe for both) and 'pending review' (#19) FROM products <name joins>`.
 */
const pageHead = () =>
  renderedOnce('products: page head', () => {
    const columns = Object.entries(getTableColumns(products)).map(
      ([key, column]) => sql`${column} AS ${sql.identifier(key)}`,
    )
    return sql`SELECT ${sql.join(columns, sql`, `)}, ${assetModels.name} AS "assetModel",
        ${assetManufacturers.name} AS "assetManufacturerName",
        ${pendingDispositions()} AS "pending", ${pendingReview()} AS "pendingReview"
      FROM ${products}
      JOIN ${assetModels} ON ${assetModels.id} = ${products.assetModelId}
      LEFT JOIN ${assetManufacturers} ON ${assetManufacturers.id} = ${products.assetManufacturerId}`
  })

/**
 * `SELECT products.id FROM products` with the name joins asked for. Every product has its type (NOT
 * NULL foreign key): a left join to it matches the same rows as the page's inner join.
 */
const keyFrom = (joins: ProductKeyJoins) =>
  renderedOnce(`products: keys ${joins.assetModel} ${joins.assetManufacturer}`, () => {
    const parts = [sql`SELECT ${products.id} FROM ${products}`]
    if (joins.assetModel)
      parts.push(sql`LEFT JOIN ${assetModels} ON ${assetModels.id} = ${products.assetModelId}`)
    if (joins.assetManufacturer)
      parts.push(
        sql`LEFT JOIN ${assetManufacturers} ON ${assetManufacturers.id} = ${products.assetManufacturerId}`,
      )
    return sql.join(parts, sql` `)
  })

/**
 * A page's statements: its `size` ids found on `products` (and only the name tables its filter or sort
 * needs), then those rows joined with their names; and the count, exact up to `countHorizon`.
 * `orderKey` names `order` (the sort field and direction), which is rendered once per key.
 */
export function productsPageSql(options: {
  where: SQL | undefined
  order: { key: string; build: () => SQL[] }
  keyJoins: { page: ProductKeyJoins; count: ProductKeyJoins }
  page: number
  size: number
}): { rows: SQL; count: SQL } {
  const { where, page, size } = options
  const order = renderedOnce(`products: order ${options.order.key}`, () =>
    sql.join(options.order.build(), sql`, `),
  )
  const condition = where ?? sql`true`
  const offset = (page - 1) * size
  return {
    rows: sql`${pageHead()}
      JOIN (${keyFrom(options.keyJoins.page)} WHERE ${condition} ORDER BY ${order} LIMIT ${size} OFFSET ${offset}) page_ids
        ON page_ids.id = "products"."id"
      ORDER BY ${order}`,
    count: sql`SELECT count(*)::int AS n FROM (${keyFrom(options.keyJoins.count)} WHERE ${condition}
      LIMIT ${countHorizon(offset, size)}) capped`,
  }
}

/** A row of a page's `rows` as the driver answers it: timestamps as the database's text. */
export type ProductPageRow = Omit<ProductRow, 'dateOfLastRecord' | 'createdAt'> & {
  dateOfLastRecord: string | null
  createdAt: string
  assetModel: string | null
  assetManufacturerName: string | null
  /** `pendingDispositions`: pending retest and recall as bits (null: neither). */
  pending: number | null
  pendingReview: boolean
}

/** A page row as the page answers it; timestamps read exactly as drizzle reads a timestamptz. */
export function pageRowToProduct(row: ProductPageRow): Product & {
  retestRequired: boolean
  recalled: boolean
  pendingReview: boolean
} {
  const { assetModel, assetManufacturerName, pending, pendingReview, ...own } = row
  const product: ProductRow = {
    ...own,
    dateOfLastRecord: own.dateOfLastRecord === null ? null : new Date(own.dateOfLastRecord),
    createdAt: new Date(own.createdAt),
  }
  return {
    ...toProduct({ product, assetModel, assetManufacturerName }),
    ...pendingFlags(pending),
    pendingReview,
  }
}
