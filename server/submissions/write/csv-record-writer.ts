import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import {
  customers,
  productTestEquipment,
  products,
  recordDocuments,
  records,
  recordTestEquipment,
} from '../../db/schema/index'
import { planProducts, type ProductRef } from './csv-products'
import type { ProductSummary } from '../../../schemas/records/index'
import { createdSummaries, refreshSummaries } from '../../products/product-summaries'
import { RecordWriter, recordColumns } from './record-writer'
import type { PreparedRecord } from '../types'

/** Rows per multi-row statement. */
const CHUNK = 1000

const chunks = <T>(list: readonly T[]): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK))
  return out
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/**
 * `INSERT INTO table (…) SELECT … FROM jsonb_to_recordset($1)`: a chunk of rows as one JSON parameter.
 * Building a 1,000-row VALUES list through the query builder cost more CPU than the database spent
 * writing it; one JSON.stringify does not. Works the same on PGlite and PostgreSQL. Rows are keyed by the
 * drizzle schema's property names (as `db.insert` takes them); column names and SQL types come from the
 * schema, so this writer names no column of its own.
 */
function insertJson(table: PgTable, rows: readonly Record<string, unknown>[], tail = sql``) {
  const columns = getTableColumns(table)
  const keys = Object.keys(rows[0] ?? {})
  const names = keys.map((key) => {
    const column = columns[key]
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`)
    return column.name
  })
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '))
  const types = sql.raw(names.map((name, i) => `"${name}" ${columns[keys[i]].getSQLType()}`).join(', '))
  // JSON.stringify writes a Date as its ISO text, which timestamptz reads back exactly.
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key, i) => [names[i], row[key]]))),
  )
  return sql`INSERT INTO ${table} (${list})
    SELECT ${list} FROM jsonb_to_recordset(${json}::jsonb) AS x(${types}) ${tail}`
}

/**
 * Writes a checked CSV batch in the caller's transaction with the same result as RecordWriter.write on
 * each record in order — the same customers, products (and parent links), links and product summaries,
 * ids in the same order — but in multi-row statements of 1,000 rows instead of six to eight statements
 * per record, so 100,000 rows are a few hundred statements (DESIGN.md §8: ≥ 20,000 rows/s).
 */
export class CsvRecordWriter {
  constructor(private readonly db: Db) {}

  async writeAll(
    prepared: readonly PreparedRecord[],
    userId: number | null,
    jobId: number | null,
  ): Promise<void> {
    // Calibration records create and update test equipment one by one; CSV uploads never carry them, but
    // should one arrive, the one-record writer keeps its exact rules.
    if (prepared.some((p) => p.calibration)) {
      const writer = new RecordWriter(this.db)
      for (const p of prepared) await writer.write(p, userId, jobId)
      return
    }
    const customerIds = await this.customers(prepared)
    const plan = await planProducts(this.db, prepared)
    const summaries = createdSummaries(prepared, plan.recordProducts)
    const { ids: productIds, inserted } = await this.createProducts(plan.created, summaries)
    const idOf = (ref: ProductRef) => ('id' in ref ? ref.id : productIds.get(ref.key)!)
    await this.moveParents(plan.parents, idOf)

    const links = new Map<string, { productId: number; testEquipmentId: number }>()
    const rows = prepared.map((p, i) => {
      const ref = plan.recordProducts[i]
      const productId = ref ? idOf(ref) : null
      if (productId !== null)
        for (const testEquipmentId of p.testEquipmentIds)
          links.set(`${productId}:${testEquipmentId}`, { productId, testEquipmentId })
      return {
        ...recordColumns(p, {
          customerId: p.customerName ? customerIds.get(p.customerName.trim().toLowerCase())! : null,
          testEquipmentId: null,
          productId,
          serialNumberPrefix: p.product?.prefix ?? '',
          productSerialNumber: p.product ? `${p.product.prefix}${p.product.value}` : '',
        }),
        createdBy: userId,
        jobId,
      }
    })
    for (const part of chunks([...links.values()]))
      await this.db.execute(insertJson(productTestEquipment, part, sql`ON CONFLICT DO NOTHING`))

    const recordLinks: { recordId: number; testEquipmentId: number }[] = []
    const documentLinks: { recordId: number; documentId: number }[] = []
    let index = 0
    for (const part of chunks(rows)) {
      const inserted = rowsOf<{ id: number }>(
        await this.db.execute(insertJson(records, part, sql`RETURNING id`)),
      )
      // Ids come from the sequence in insertion order (the JSON array's), so ascending ids line up with
      // the rows whatever order RETURNING lists them in.
      const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b)
      for (const id of ids) {
        for (const testEquipmentId of new Set(prepared[index].testEquipmentIds))
          recordLinks.push({ recordId: id, testEquipmentId })
        for (const documentId of prepared[index].documentIds) documentLinks.push({ recordId: id, documentId })
        index++
      }
    }
    for (const part of chunks(recordLinks))
      await this.db.execute(insertJson(recordTestEquipment, part, sql`ON CONFLICT DO NOTHING`))

    for (const part of chunks(documentLinks))
      await this.db.execute(insertJson(recordDocuments, part, sql`ON CONFLICT DO NOTHING`))

    // Products inserted here already carry their summaries; stored ones (and one a concurrent upload
    // created first) get theirs from all their records.
    const touched = [
      ...new Set(rows.map((r) => r.productId).filter((id): id is number => id !== null && !inserted.has(id))),
    ]
    if (touched.length) await refreshSummaries(this.db, touched)
  }

  /** Customers by lower-cased name, created on first use (CustomersRepository.findOrCreate, batched). */
  private async customers(prepared: readonly PreparedRecord[]): Promise<Map<string, number>> {
    const names = new Map<string, string>()
    for (const p of prepared) {
      if (!p.customerName) continue
      const clean = p.customerName.trim()
      if (!names.has(clean.toLowerCase())) names.set(clean.toLowerCase(), clean)
    }
    const ids = new Map<string, number>()
    for (const part of chunks([...names.values()])) {
      await this.db
        .insert(customers)
        .values(part.map((name) => ({ name })))
        .onConflictDoNothing()
      const found = rowsOf<{ id: number; name: string }>(
        await this.db.execute(sql`SELECT id, lower(name) AS name FROM customers
          WHERE lower(name) IN (${sql.join(
            part.map((n) => sql`${n.toLowerCase()}`),
            sql`, `,
          )})`),
      )
      for (const row of found) ids.set(row.name, Number(row.id))
    }
    return ids
  }

  /**
   * Inserts the planned products in order with their summaries; a concurrent writer's row with the same
   * key is used instead. Answers every planned product's id and the ids this batch inserted.
   */
  private async createProducts(
    created: Awaited<ReturnType<typeof planProducts>>['created'],
    summaries: ReadonlyMap<string, ProductSummary>,
  ) {
    const ids = new Map<string, number>()
    const inserted = new Set<number>()
    for (const part of chunks(created)) {
      const rows = rowsOf<{ id: number; asset_model_id: number; product_serial_number: string }>(
        await this.db.execute(
          insertJson(
            products,
            part.map((p) => ({
              serialNumberPrefix: p.serialNumberPrefix,
              serialNumber: p.serialNumber,
              productSerialNumber: p.productSerialNumber,
              assetModelId: p.assetModelId,
              assetManufacturerId: p.assetManufacturerId,
              dateOfLastRecord: summaries.get(p.key)?.dateOfLastRecord ?? null,
              currentStatus: summaries.get(p.key)?.currentStatus ?? null,
            })),
            sql`ON CONFLICT DO NOTHING RETURNING id, asset_model_id, product_serial_number`,
          ),
        ),
      )
      for (const r of rows) {
        ids.set(`${r.asset_model_id}\u0000${r.product_serial_number}`, Number(r.id))
        inserted.add(Number(r.id))
      }
      const missing = part.filter((p) => !ids.has(p.key))
      if (missing.length) {
        const found = rowsOf<{ id: number; asset_model_id: number; product_serial_number: string }>(
          await this.db.execute(sql`SELECT id, asset_model_id, product_serial_number FROM products
            WHERE (asset_model_id, product_serial_number) IN (${sql.join(
              missing.map((m) => sql`(${m.assetModelId}::int, ${m.productSerialNumber})`),
              sql`, `,
            )})`),
        )
        for (const r of found) ids.set(`${r.asset_model_id}\u0000${r.product_serial_number}`, Number(r.id))
      }
    }
    return { ids, inserted }
  }

  /** Sets each touched product's final parent where it differs from the stored one (one UPDATE per 1,000). */
  private async moveParents(
    parents: Awaited<ReturnType<typeof planProducts>>['parents'],
    idOf: (ref: ProductRef) => number,
  ) {
    const moves: [number, number][] = []
    for (const entry of parents.values()) {
      const parentId = entry.parent ? idOf(entry.parent) : null
      if (parentId !== null && parentId !== entry.storedParent) moves.push([idOf(entry.ref), parentId])
    }
    for (const part of chunks(moves))
      await this.db.execute(sql`UPDATE products SET parent_id = v.parent
        FROM (VALUES ${sql.join(
          part.map(([id, parent]) => sql`(${id}::int, ${parent}::int)`),
          sql`, `,
        )}) AS v(id, parent) WHERE products.id = v.id`)
  }
}
