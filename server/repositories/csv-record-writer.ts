import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { customers } from '../db/schema/index'
import { planProducts, type ProductRef } from './csv-products'
import type { ProductSummary } from '../../schemas/records/index'
import { createdSummaries, refreshSummaries } from './product-summaries'
import { RecordWriter, recordColumns } from './record-writer'
import type { PreparedRecord } from './submission-prepare'

/** Rows per multi-row statement. */
const CHUNK = 1000

const chunks = <T>(list: readonly T[]): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK))
  return out
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/** A column written from JSON: its name in the table and in the JSON rows, and its SQL type. */
type JsonColumn = readonly [name: string, type: string]

const PRODUCT_COLUMNS: readonly JsonColumn[] = [
  ['serial_number_prefix', 'text'],
  ['serial_number', 'text'],
  ['product_serial_number', 'text'],
  ['asset_model_id', 'int'],
  ['asset_manufacturer_id', 'int'],
  ['date_of_last_record', 'timestamptz'],
  ['current_status', 'text'],
]

const RECORD_COLUMNS: readonly JsonColumn[] = [
  ['record_type_id', 'int'],
  ['category', 'text'],
  ['layout_version', 'int'],
  ['product_type_id', 'int'],
  ['supplier_id', 'int'],
  ['device_owner_id', 'int'],
  ['customer_id', 'int'],
  ['product_id', 'int'],
  ['test_equipment_id', 'int'],
  ['serial_number_prefix', 'text'],
  ['product_serial_number', 'text'],
  ['record_date', 'timestamptz'],
  ['test_result', 'text'],
  ['job_number', 'text'],
  ['batch_number', 'text'],
  ['fault_items', 'text'],
  ['repair_items', 'text'],
  ['fault_descriptives', 'text'],
  ['repair_descriptives', 'text'],
  ['data', 'jsonb'],
  ['file_name', 'text'],
  ['created_by', 'int'],
  ['job_id', 'int'],
]

/**
 * `INSERT INTO table (…) SELECT … FROM jsonb_to_recordset($1)`: a chunk of rows as one JSON parameter.
 * Building a 1,000-row VALUES list through the query builder cost more CPU than the database spent
 * writing it; one JSON.stringify does not. Works the same on PGlite and PostgreSQL.
 */
function insertJson(table: string, columns: readonly JsonColumn[], rows: readonly object[], tail = sql``) {
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '))
  const types = sql.raw(columns.map(([name, type]) => `"${name}" ${type}`).join(', '))
  return sql`INSERT INTO ${sql.raw(`"${table}"`)} (${names})
    SELECT ${names} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${types}) ${tail}`
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

    const links = new Map<string, { product_id: number; test_equipment_id: number }>()
    const rows = prepared.map((p, i) => {
      const ref = plan.recordProducts[i]
      const productId = ref ? idOf(ref) : null
      if (productId !== null)
        for (const testEquipmentId of p.testEquipmentIds)
          links.set(`${productId}:${testEquipmentId}`, {
            product_id: productId,
            test_equipment_id: testEquipmentId,
          })
      const c = recordColumns(p, {
        customerId: p.customerName ? customerIds.get(p.customerName.trim().toLowerCase())! : null,
        testEquipmentId: null,
        productId,
        serialNumberPrefix: p.product?.prefix ?? '',
        productSerialNumber: p.product ? `${p.product.prefix}${p.product.value}` : '',
      })
      return {
        record_type_id: c.recordTypeId,
        category: c.category,
        layout_version: c.layoutVersion,
        product_type_id: c.productTypeId,
        supplier_id: c.supplierId,
        device_owner_id: c.deviceOwnerId,
        customer_id: c.customerId,
        product_id: c.productId,
        test_equipment_id: c.testEquipmentId,
        serial_number_prefix: c.serialNumberPrefix,
        product_serial_number: c.productSerialNumber,
        record_date: c.recordDate.toISOString(),
        test_result: c.testResult,
        job_number: c.jobNumber,
        batch_number: c.batchNumber,
        fault_items: c.faultItems,
        repair_items: c.repairItems,
        fault_descriptives: c.faultDescriptives,
        repair_descriptives: c.repairDescriptives,
        data: c.data,
        file_name: c.fileName,
        created_by: userId,
        job_id: jobId,
      }
    })
    for (const part of chunks([...links.values()]))
      await this.db.execute(
        insertJson(
          'product_test_equipment',
          [
            ['product_id', 'int'],
            ['test_equipment_id', 'int'],
          ],
          part,
          sql`ON CONFLICT DO NOTHING`,
        ),
      )

    const recordLinks: { record_id: number; test_equipment_id: number }[] = []
    const documentLinks: { record_id: number; document_id: number }[] = []
    let index = 0
    for (const part of chunks(rows)) {
      const inserted = rowsOf<{ id: number }>(
        await this.db.execute(insertJson('records', RECORD_COLUMNS, part, sql`RETURNING id`)),
      )
      // Ids come from the sequence in insertion order (the JSON array's), so ascending ids line up with
      // the rows whatever order RETURNING lists them in.
      const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b)
      for (const id of ids) {
        for (const testEquipmentId of new Set(prepared[index].testEquipmentIds))
          recordLinks.push({ record_id: id, test_equipment_id: testEquipmentId })
        for (const documentId of prepared[index].documentIds)
          documentLinks.push({ record_id: id, document_id: documentId })
        index++
      }
    }
    for (const part of chunks(recordLinks))
      await this.db.execute(
        insertJson(
          'record_test_equipment',
          [
            ['record_id', 'int'],
            ['test_equipment_id', 'int'],
          ],
          part,
          sql`ON CONFLICT DO NOTHING`,
        ),
      )

    for (const part of chunks(documentLinks))
      await this.db.execute(
        insertJson(
          'record_documents',
          [
            ['record_id', 'int'],
            ['document_id', 'int'],
          ],
          part,
          sql`ON CONFLICT DO NOTHING`,
        ),
      )

    // Products inserted here already carry their summaries; stored ones (and one a concurrent upload
    // created first) get theirs from all their records.
    const touched = [
      ...new Set(
        rows.map((r) => r.product_id).filter((id): id is number => id !== null && !inserted.has(id)),
      ),
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
            'products',
            PRODUCT_COLUMNS,
            part.map((p) => ({
              serial_number_prefix: p.serialNumberPrefix,
              serial_number: p.serialNumber,
              product_serial_number: p.productSerialNumber,
              asset_model_id: p.assetModelId,
              asset_manufacturer_id: p.assetManufacturerId,
              date_of_last_record: summaries.get(p.key)?.dateOfLastRecord.toISOString() ?? null,
              current_status: summaries.get(p.key)?.currentStatus ?? null,
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
