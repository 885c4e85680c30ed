import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { Viewer } from '../../server/access/viewer'
import { RecordWriter } from '../../server/submissions/write/record-writer'
import { SubmissionPreparer } from '../../server/submissions/prepare'
import type { PreparedRecord } from '../../server/submissions/types'
import { startTestServer, type TestServer } from '../support/api'
import { recordFixtures, seedKnownRecords, type RecordFixtures } from './records-fixtures'

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/**
 * The one record writer (server/submissions/write/record-writer.ts) must leave the database the same whether
 * a CSV batch is written in one call or record by record, as submissions are: the same
 * products (created in the same order, same parents — also re-parented by a later row — and summaries),
 * customers, records and links. Both run on the same starting data in a transaction that is rolled back;
 * ids differ between the runs (sequences do not roll back), so the snapshots name rows by serial.
 */
describe('Record writer: one batch or one by one', () => {
  let server: TestServer
  let fx: RecordFixtures
  let equipmentId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    equipmentId = (await seedKnownRecords(server, fx)).equipmentId
  })
  afterAll(() => server.close())

  async function snapshot(db: Db) {
    const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))
    return {
      products: await q(sql`
        SELECT p.asset_model_id, p.product_serial_number, p.asset_manufacturer_id, pp.product_serial_number AS parent,
               p.date_of_last_record::text AS last, p.current_status
        FROM products p LEFT JOIN products pp ON pp.id = p.parent_id ORDER BY p.id`),
      customers: await q(sql`SELECT name FROM customers ORDER BY id`),
      records: await q(sql`
        SELECT r.category, r.product_serial_number, p.product_serial_number AS product, c.name AS customer,
               r.record_date::text AS date, r.test_result, r.job_number, r.batch_number, r.fault_items, r.data,
               r.file_name, r.layout_version, r.supplier_id, r.product_type_id,
               (SELECT array_agg(t.test_equipment_id ORDER BY t.test_equipment_id) FROM record_test_equipment t
                WHERE t.record_id = r.id) AS equipment
        FROM records r LEFT JOIN products p ON p.id = r.product_id LEFT JOIN customers c ON c.id = r.customer_id
        ORDER BY r.id`),
      productEquipment: await q(sql`
        SELECT p.product_serial_number, l.test_equipment_id FROM product_test_equipment l
        JOIN products p ON p.id = l.product_id ORDER BY 1, 2`),
    }
  }

  it('writes a batch as writing its records one by one does, in the same order', async () => {
    const db = server.database.db
    const [who] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM users WHERE username = 'internal'`),
    )
    const submitter = new Viewer({
      id: who.id,
      claims: { ITRInternalUser: true, ITRSubmitter: true, ITRViewer: [1, 2, 3, 4] },
    })
    const test = (serial: string, bushing: string | null, day: number, result: string) => ({
      kind: 'single' as const,
      input: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.test,
        fileName: 'batch.csv',
        data: {
          serial,
          testDate: `2026-05-${String(day).padStart(2, '0')}T08:00:00Z`,
          equipment: [equipmentId],
          result,
          // Values that give the result claimed (the server judges, issue #12).
          ratio:
            result === 'Fail'
              ? { value: 1.5, passOrFail: 'Fail' }
              : result === 'Pass'
                ? { value: 0.5, passOrFail: 'Pass' }
                : { value: null, passOrFail: 'n/a' },
          ...(bushing ? { bushing } : {}),
        },
      },
    })
    const despatch = (serial: string, customer: string, day: number) => ({
      kind: 'despatch' as const,
      input: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.despatch,
        data: { serial, date: `2026-06-0${day}T00:00:00Z`, job: `JOB-${day}`, customer, batch: 'B1' },
      },
    })
    const inputs = [
      test('NWT:1', 'NWB:5', 1, 'Pass'), // stored product, new component
      test('NWT:500', 'NWB:6', 2, 'Fail'), // new product and component
      test('NWT:501', 'NWB:5', 3, 'n/a'), // the component moves to a new parent
      test('NWT:500', null, 4, 'Pass'), // the same new product again, newer
      test('NWT:500', null, 1, 'Fail'), // an older record: the summary keeps the newest
      despatch('NWT:501', 'Acme Utilities', 5), // stored customer (other case below)
      despatch('NWT:500', 'New Customer Ltd', 6),
      despatch('NWT:1', 'new customer ltd', 7),
      test('NWT:502', null, 8, 'Pass'), // two tests of a new product at the same time: the later row wins
      test('NWT:502', null, 8, 'Fail'),
    ]
    const preparer = new SubmissionPreparer(db)
    const prepared: PreparedRecord[] = []
    for (const { kind, input } of inputs) prepared.push(await preparer.prepare(kind, input, submitter))

    const run = async (write: (tx: Db) => Promise<void>) => {
      let taken: Awaited<ReturnType<typeof snapshot>> | undefined
      const rollback = new Error('rollback')
      await db
        .transaction(async (tx) => {
          await write(tx as unknown as Db)
          taken = await snapshot(tx as unknown as Db)
          throw rollback
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error
        })
      return taken!
    }
    const oneByOne = await run(async (tx) => {
      const writer = new RecordWriter(tx)
      for (const p of prepared) await writer.write(p, who.id, null)
    })
    const batched = await run(async (tx) => {
      await new RecordWriter(tx).writeAll(prepared, who.id, null)
    })

    // The same batch through COPY (issue #17.3), which CSV files of 1,000 rows and more take: records and
    // products straight into their tables with reserved ids, links through staging tables; forced here
    // from the first row.
    const staged = await run(async (tx) => {
      await new RecordWriter(tx, { stageFromRows: 1 }).writeAll(prepared, who.id, null)
    })

    // The same through the staging tables for records and products too, as before issue #17.3's direct
    // COPY (the way a batch still goes when a concurrent writer took one of its product keys).
    const viaStaging = await run(async (tx) => {
      await new RecordWriter(tx, { stageFromRows: 1, copyDirect: false }).writeAll(prepared, who.id, null)
    })

    expect(batched).toEqual(oneByOne)
    expect(staged).toEqual(oneByOne)
    expect(viaStaging).toEqual(oneByOne)
    // The cases above really happened: a re-parented component and a summary from the newest test.
    const bushing = oneByOne.products.find(
      (p) => (p as { product_serial_number: string }).product_serial_number === 'NWB:5',
    )
    expect(bushing).toMatchObject({ parent: 'NWT:501' })
    const nwt500 = oneByOne.products.find(
      (p) => (p as { product_serial_number: string }).product_serial_number === 'NWT:500',
    )
    expect(nwt500).toMatchObject({ current_status: 'pass' })
    const nwt502 = oneByOne.products.find(
      (p) => (p as { product_serial_number: string }).product_serial_number === 'NWT:502',
    )
    expect(nwt502).toMatchObject({ current_status: 'fail' })
    expect(oneByOne.records).toHaveLength(inputs.length + 7)
    // One customer per name ignoring case; the stored one is reused.
    const names = (oneByOne.customers as { name: string }[]).map((c) => c.name.toLowerCase())
    expect(names.filter((n) => n === 'new customer ltd')).toHaveLength(1)
    expect(names.filter((n) => n === 'acme utilities')).toHaveLength(1)
    // Every test record links the equipment it used, and the product links it too.
    const nwt501 = (
      oneByOne.records as { product: string; equipment: number[] | null; category: string }[]
    ).find((r) => r.product === 'NWT:501' && r.category !== 'despatch')
    expect(nwt501?.equipment).toEqual([equipmentId])
    expect(oneByOne.productEquipment).toContainEqual({
      product_serial_number: 'NWT:501',
      test_equipment_id: equipmentId,
    })
  })
})
