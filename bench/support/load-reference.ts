import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { submissionBody, type Targets } from './load-targets'

/** What the raw-SQL clients write with: the demo users and Northwind's id (the supplier user's own). */
interface ReferenceIds {
  internal: number
  supplier: number
  northwind: number
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows

async function referenceIds(db: Db): Promise<ReferenceIds> {
  const [ids] = rowsOf<ReferenceIds>(
    await db.execute(sql`SELECT
      (SELECT id FROM users WHERE username = 'internal') AS internal,
      (SELECT id FROM users WHERE username = 'supplier') AS supplier,
      (SELECT id FROM asset_manufacturers WHERE name = 'Northwind Transformers') AS northwind`),
  )
  return { internal: Number(ids.internal), supplier: Number(ids.supplier), northwind: Number(ids.northwind) }
}

/** A seeded generator (mulberry32), as the load clients use. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * One submission's rows as plain SQL in one transaction (issue #17.1's reference): the product upserted
 * with its summary (newest record's date and status), the record, the transformer's test-equipment links,
 * the audit row. The same body a load client would send, with no checks, judging or reads around it.
 */
async function rawSubmission(
  db: Db,
  targets: Targets,
  ids: ReferenceIds,
  supplier: boolean,
  next: () => number,
) {
  const body = JSON.parse(submissionBody(targets, supplier, next, 'reference')) as {
    supplierId: number | null
    recordTypeId: number
    productTypeId: number
    data: Record<string, unknown>
  }
  const serial = String(body.data.serial ?? body.data.serialNumber)
  const cut = serial.lastIndexOf(':') + 1
  const date = String(body.data.testDate)
  const result = body.data.errorAt5A === 1.4 ? 'fail' : 'pass'
  const supplierId = body.supplierId ?? ids.northwind
  const userId = supplier ? ids.supplier : ids.internal
  await db.transaction(async (tx) => {
    const [product] = rowsOf<{ id: number }>(
      await tx.execute(sql`INSERT INTO products AS p (serial_number_prefix, serial_number, product_serial_number,
          asset_model_id, asset_manufacturer_id, date_of_last_record, current_status)
        VALUES (${serial.slice(0, cut)}, ${serial.slice(cut)}, ${serial}, ${body.productTypeId}, ${supplierId},
          ${date}, ${result})
        ON CONFLICT (asset_model_id, product_serial_number) DO UPDATE SET
          date_of_last_record = greatest(p.date_of_last_record, excluded.date_of_last_record),
          current_status = CASE WHEN p.date_of_last_record IS NULL
            OR excluded.date_of_last_record >= p.date_of_last_record THEN excluded.current_status
            ELSE p.current_status END
        RETURNING id`),
    )
    const [record] = rowsOf<{ id: number }>(
      await tx.execute(sql`INSERT INTO records (record_type_id, category, layout_version, product_type_id,
          supplier_id, product_id, serial_number_prefix, product_serial_number, record_date, test_result, data,
          created_by)
        VALUES (${body.recordTypeId}, 'test', 1, ${body.productTypeId}, ${supplierId}, ${product.id},
          ${serial.slice(0, cut)}, ${serial}, ${date}, ${result}, ${JSON.stringify(body.data)}::jsonb, ${userId})
        RETURNING id`),
    )
    if (supplier) {
      const equipment = targets.transformers.equipmentId
      await tx.execute(sql`INSERT INTO product_test_equipment (product_id, test_equipment_id)
        VALUES (${product.id}, ${equipment}) ON CONFLICT DO NOTHING`)
      await tx.execute(sql`INSERT INTO record_test_equipment (record_id, test_equipment_id, snapshot)
        VALUES (${record.id}, ${equipment}, '{}'::jsonb)`)
    }
    await tx.execute(sql`INSERT INTO audit_log (user_id, user_name, user_view, entity, entity_id, action, after)
      VALUES (${userId}, ${supplier ? 'supplier' : 'internal'}, ${supplier ? 'supplier' : 'internal'},
        'record', ${String(record.id)}, 'create', ${JSON.stringify({ id: record.id, data: body.data })}::jsonb)`)
  })
}

/** The median (nearest rank) of samples. */
const median = (samples: number[]) => [...samples].sort((x, y) => x - y)[Math.ceil(samples.length / 2) - 1]

/**
 * The raw-SQL reference of the load benchmark: `clients` concurrent clients (half of them the supplier's
 * transformer tests) each committing plain transactions for `seconds`; answers transactions per second.
 */
export async function referenceThroughput(db: Db, targets: Targets, clients: number, seconds: number) {
  const ids = await referenceIds(db)
  const deadline = Date.now() + seconds * 1000
  let stored = 0
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const next = random(7000 + index)
      while (Date.now() < deadline) {
        await rawSubmission(db, targets, ids, index % 2 === 1, next)
        stored++
      }
    }),
  )
  return stored / seconds
}

/** The median of `count` raw transactions run one at a time (the reference of one submission alone). */
export async function referenceAlone(db: Db, targets: Targets, count: number): Promise<number> {
  const ids = await referenceIds(db)
  const next = random(9000)
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    await rawSubmission(db, targets, ids, i % 2 === 1, next)
    samples.push(performance.now() - start)
  }
  return median(samples)
}

/** The median of `count` submissions sent one at a time over HTTP (`submit` sends one and awaits it). */
export async function submissionsAlone(count: number, submit: (index: number) => Promise<void>) {
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    await submit(i)
    samples.push(performance.now() - start)
  }
  return median(samples)
}
