import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { refreshSummaries } from '../../server/products/product-summaries'
import { STAGE_MIN_ROWS } from '../../server/submissions/write/staged-insert'
import { WRITE_CHUNK_ROWS } from '../../server/submissions/csv-writes'
import { startTestServer, type TestServer } from '../support/api'
import { assetManufacturers, dataPointTypes, jobs, products, records } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

describe('{submission}/api/InstrumentTest/upload-csv/', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const recordCount = async () => (await db().select({ n: count() }).from(records))[0].n
  const upload = (csv: string, as: 'internal' | 'supplier' = 'internal', extra: object = {}) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as,
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.csv,
        fileName: 'batch.csv',
        data: Buffer.from(csv).toString('base64'),
        ...extra,
      },
    })

  it('stores every row and answers the SPEC §8 upload text with the job', async () => {
    const csv =
      'serial,testDate,result\nNWT:201,01/03/2026 10:00,pass\nNWT:202,2026-03-02,fail\n\nNWT:203,03-03-2026,n/a\n'
    const res = await upload(csv)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      message: 'File uploaded successfully. You will be notified once the file is proccessed.',
      records: 3,
    })
    const stored = await db().select().from(records).where(eq(records.jobId, body.jobId))
    expect(stored.map((r) => [r.productSerialNumber, r.testResult, r.fileName])).toEqual([
      ['NWT:201', 'pass', 'batch.csv'],
      ['NWT:202', 'fail', 'batch.csv'],
      ['NWT:203', '-', 'batch.csv'],
    ])
    expect(stored[0].recordDate.toISOString()).toBe('2026-03-01T10:00:00.000Z')
    const [job] = await db().select().from(jobs).where(eq(jobs.id, body.jobId))
    expect(job).toMatchObject({ kind: 'csvIngest', status: 'done', result: { records: 3 } })
  })

  it('writes nothing when one row is bad, naming every bad row and its line', async () => {
    const before = await recordCount()
    const productsBefore = (await db().select({ n: count() }).from(products))[0].n
    const csv =
      'serial,testDate,result\nNWT:301,2026-03-01,pass\nNWT:9000,2026-03-01,pass\nNWT:302,tomorrow,pass\nNWT:303,31/02/2026,pass\nNWT:304,01/03/2026,pass\n'
    const res = await upload(csv)
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.message).toBe('The file was not uploaded: 3 of 5 rows have errors. Nothing was saved.')
    expect(body.details).toEqual([
      {
        line: 3,
        reason:
          'Serial number NWT:9000 is not within any serial range of Northwind Transformers for product type Distribution Transformer 11kV.',
      },
      { line: 4, reason: '"tomorrow" in "testDate" is not a valid date.' },
      { line: 5, reason: '"31/02/2026" in "testDate" is not a valid date.' },
    ])
    expect(await recordCount()).toBe(before)
    expect((await db().select({ n: count() }).from(products))[0].n).toBe(productsBefore)
    const [job] = await db().select().from(jobs).orderBy(jobs.id).limit(1).offset(1)
    expect(job.status).toBe('error')
  })

  it('refuses a header without the mapped serial column', async () => {
    const res = await upload('sn,testDate,result\nNWT:1,2026-01-01,pass\n')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('The CSV header has no column "serial".')
  })

  it('refuses content that is not base64, and a file without rows', async () => {
    const bad = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.csv,
        data: '%%%',
      },
    })
    expect(bad.json().message).toBe('The CSV file is not valid base64 content.')
    const empty = await upload('serial,testDate,result\n')
    expect(empty.json().message).toBe('The CSV file has no data rows.')
  })

  it('counts a short row as an error of its line', async () => {
    const res = await upload('serial,testDate,result\nNWT:401,2026-01-01\n')
    expect(res.json().details).toEqual([
      { line: 2, reason: 'The row has 2 values but the header has 3 columns.' },
    ])
  })

  it('refuses a supplier user uploading for another supplier', async () => {
    const res = await upload('serial,testDate,result\nCRM:1,2026-01-01,pass\n', 'supplier', {
      supplierId: fx.contoso,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('You may only submit records for your own supplier.')
  })

  // 1,300 new products with four rows each, a product's rows 1,300 rows apart, so the file spans two
  // write chunks and products created by the first get more rows in the second. Out of date order, one
  // same-time pair (the later row wins), and rows for NWT:201, stored by the first test.
  const PRODUCTS = 1_300
  const bigFile = () => {
    const days = [5, 9, 7, 9]
    const results = ['pass', 'fail', 'pass', 'n/a']
    const lines = ['serial,testDate,result']
    days.forEach((day, i) => {
      for (let n = 0; n < PRODUCTS; n++)
        lines.push(`NWT:${10_000 + n},2026-04-0${day} 10:00,${results[(n + i) % 4]}`)
    })
    lines.push('NWT:201,2026-02-01 10:00,fail', 'NWT:201,2026-01-01 10:00,pass')
    expect(lines.length - 1).toBeGreaterThan(WRITE_CHUNK_ROWS)
    expect(WRITE_CHUNK_ROWS).toBeGreaterThanOrEqual(STAGE_MIN_ROWS)
    return lines
  }

  it('stores nothing of a file whose bad row comes after its first chunk was written', async () => {
    const before = await recordCount()
    const productsBefore = (await db().select({ n: count() }).from(products))[0].n
    const lines = [...bigFile(), 'NWT:9000,2026-04-01 10:00,pass']
    const res = await upload(`${lines.join('\n')}\n`)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      `The file was not uploaded: 1 of ${lines.length - 1} rows have errors. Nothing was saved.`,
    )
    expect(res.json().details).toEqual([
      {
        line: lines.length,
        reason:
          'Serial number NWT:9000 is not within any serial range of Northwind Transformers for product type Distribution Transformer 11kV.',
      },
    ])
    expect(await recordCount()).toBe(before)
    expect((await db().select({ n: count() }).from(products))[0].n).toBe(productsBefore)
  })

  it('writes a file of several chunks through COPY with the summaries the row-by-row rule gives', async () => {
    const lines = bigFile()
    const res = await upload(`${lines.join('\n')}\n`)
    expect(res.statusCode).toBe(200)
    expect(res.json().records).toBe(lines.length - 1)

    const serials = ['NWT:201', ...Array.from({ length: PRODUCTS }, (_, n) => `NWT:${10_000 + n}`)]
    const summaries = (d: Db) =>
      d
        .select({
          serial: products.productSerialNumber,
          id: products.id,
          last: sql<string>`to_char(${products.dateOfLastRecord} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
          status: products.currentStatus,
        })
        .from(products)
        .where(inArray(products.productSerialNumber, serials))
        .orderBy(products.productSerialNumber)
    const written = await summaries(db())
    expect(written).toHaveLength(PRODUCTS + 1)
    // What the one-record writer computes from a product's records (refreshSummaries), rolled back after.
    const rollback = new Error('rollback')
    let recomputed: typeof written = []
    await db()
      .transaction(async (tx) => {
        await refreshSummaries(
          tx as unknown as Db,
          written.map((p) => p.id),
        )
        recomputed = await summaries(tx as unknown as Db)
        throw rollback
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error
      })
    expect(written).toEqual(recomputed)
    // Product 10000: fail at 9 Apr then n/a at the same time in a later row: the later row wins.
    expect(written.find((p) => p.serial === 'NWT:10000')).toMatchObject({ status: 'other' })
    expect(written.find((p) => p.serial === 'NWT:10001')).toMatchObject({ status: 'pass' })
    expect(written.find((p) => p.serial === 'NWT:201')?.last).toBe('2026-03-01 10:00:00.000000')
    // The re-test chain (issue #19.4) as the rule defines it over every product's records, whether the
    // product's rows fell in one chunk or several (a new product with one row of a chunk is not refreshed).
    const chains = await db().execute(sql`
      SELECT count(*)::int AS records,
             count(*) FILTER (WHERE superseded_by_id IS DISTINCT FROM next_id)::int AS wrong,
             count(next_id)::int AS superseded
      FROM (SELECT superseded_by_id,
                   lead(id) OVER (PARTITION BY product_id, record_type_id ORDER BY record_date, id) AS next_id
            FROM records WHERE product_serial_number IN (SELECT jsonb_array_elements_text(${JSON.stringify(serials)}::jsonb))) r`)
    const [chain] = (chains as unknown as { rows: { records: number; wrong: number; superseded: number }[] })
      .rows
    expect(chain.wrong).toBe(0)
    expect(chain.superseded).toBe(PRODUCTS * 3 + 2)
  })
  it('answers a replayed Idempotency-Key with the first upload and its job, leaving no job of its own (audit)', async () => {
    const jobCount = async () => (await db().select({ n: count() }).from(jobs))[0].n
    const csv = 'serial,testDate,result\nNWT:4301,2026-01-01,pass\n'
    const send = () =>
      server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
        as: 'internal',
        headers: { 'idempotency-key': 'csv-replay-1' },
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: fx.types.csv,
          data: Buffer.from(csv).toString('base64'),
        },
      })
    const first = await send()
    expect(first.statusCode).toBe(200)
    const [records0, jobs0] = [await recordCount(), await jobCount()]
    const replay = await send()
    expect(replay.json()).toEqual(first.json())
    expect([await recordCount(), await jobCount()]).toEqual([records0, jobs0])
    const [job] = await db().select().from(jobs).where(eq(jobs.id, first.json().jobId))
    expect(job.status).toBe('done')
  })

  it('never lets a category change and an upload of the same type both succeed, however they overlap (audit)', async () => {
    const fresh = await recordType(
      server,
      'Race CSV',
      'Test',
      'file',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'result' },
      null,
      [fx.transformer],
    )
    const lines = ['serial,testDate,result']
    for (let n = 0; n < 2_000; n++) lines.push(`NWT:${12_000 + n},2026-04-0${1 + (n % 9)} 10:00,pass`)
    const uploading = upload(`${lines.join('\n')}\n`, 'internal', { recordTypeId: fresh })
    // Started while the upload is under way (on PostgreSQL the two run at once; PGlite takes them in turn).
    await new Promise((resolve) => setTimeout(resolve, 60))
    const moving = server.call('meta', 'PUT', `/api/DataPointTypes/${fresh}`, {
      as: 'configurator',
      body: { name: 'Race CSV', sensorTypeId: 1, units: 'Despatch' },
    })
    const [uploaded, moved] = await Promise.all([uploading, moving])
    const stored = await db()
      .select({ category: records.category, n: count() })
      .from(records)
      .where(eq(records.recordTypeId, fresh))
      .groupBy(records.category)
    const [type] = await db()
      .select({ units: dataPointTypes.units })
      .from(dataPointTypes)
      .where(eq(dataPointTypes.id, fresh))
    if (moved.statusCode === 204) {
      // The category moved first: the upload read Despatch and stored nothing.
      expect(uploaded.statusCode).toBe(400)
      expect([type.units, stored]).toEqual(['Despatch', []])
    } else {
      expect(moved.statusCode).toBe(409)
      expect(moved.json().message).toBe('Record type Race CSV has records, so its category cannot change.')
      expect(uploaded.statusCode).toBe(200)
      expect([type.units, stored]).toEqual(['Test', [{ category: 'test', n: 2_000 }]])
    }
  })

  it('answers a supplier user uploading for a product type it cannot read like the read: 404, nothing stored (audit #5)', async () => {
    const read = await server.call('meta', 'GET', `/api/assetmodels/${fx.ringMainUnit}`, { as: 'supplier' })
    expect(read.statusCode).toBe(404)
    const before = await recordCount()
    const jobsBefore = (await db().select({ n: count() }).from(jobs))[0].n
    // The same answer for a record type captured by form: the read's answer comes first.
    for (const recordTypeId of [fx.types.csv, fx.types.test]) {
      const res = await upload('serial,testDate,result\nCRM:5,2026-01-01,pass\n', 'supplier', {
        productTypeId: fx.ringMainUnit,
        recordTypeId,
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ message: read.json().message })
      expect(res.json().message).toBe('Product type does not exist')
      expect(res.body).not.toContain('Ring Main Unit')
    }
    expect(await recordCount()).toBe(before)
    expect((await db().select({ n: count() }).from(jobs))[0].n).toBe(jobsBefore)
  })

  it("takes a supplier user's file for its own product type", async () => {
    const res = await upload('serial,testDate,result\nNWT:4001,2026-01-01,pass\n', 'supplier')
    expect(res.statusCode).toBe(200)
    expect(res.json().records).toBe(1)
  })
  it('refuses a file for a record type captured by form, and for a calibration type, storing nothing', async () => {
    const [before, jobsBefore] = [await recordCount(), (await db().select({ n: count() }).from(jobs))[0].n]
    const form = await upload('serial,testDate,result\nNWT:4201,2026-01-01,pass\n', 'internal', {
      recordTypeId: fx.types.test,
    })
    expect(form.statusCode).toBe(400)
    expect(form.json().message).toBe('Record type Fixture Test does not accept CSV uploads.')
    const calibration = await upload('serial,date\nEPN-TE:4201,2026-01-01\n', 'internal', {
      recordTypeId: fx.types.calibration,
    })
    expect(calibration.statusCode).toBe(400)
    expect(calibration.json().message).toBe('Record type Fixture Calibration does not accept CSV uploads.')
    expect([await recordCount(), (await db().select({ n: count() }).from(jobs))[0].n]).toEqual([
      before,
      jobsBefore,
    ])
  })

  describe('the header (audit #4)', () => {
    const METER_HEADER = 'serial,testDate,result,errorAt5A,errorAt60A,creepTest'
    let meter: { supplierId: number; productTypeId: number; recordTypeId: number }
    beforeAll(async () => {
      const [supplier] = await db()
        .select({ id: assetManufacturers.id })
        .from(assetManufacturers)
        .where(eq(assetManufacturers.name, 'Fabrikam Meters'))
      const [type] = await db()
        .select({ id: dataPointTypes.id })
        .from(dataPointTypes)
        .where(eq(dataPointTypes.name, 'Smart Meter Accuracy Batch'))
      meter = { supplierId: supplier.id, productTypeId: 100205, recordTypeId: type.id }
    })
    const jobCount = async () => (await db().select({ n: count() }).from(jobs))[0].n
    /** Uploads `csv` for the demo Smart Meter Accuracy Batch type, whose layout names every column. */
    const uploadMeters = (csv: string) => upload(csv, 'internal', meter)
    const refused = async (res: Awaited<ReturnType<typeof upload>>, message: string) => {
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(message)
    }

    it('refuses a column named twice, storing nothing (the earlier value is never lost)', async () => {
      const [before, jobsBefore] = [await recordCount(), await jobCount()]
      const res = await uploadMeters(`${METER_HEADER},errorAt5A\nFSM:501,01/05/2024,,0.2,-0.1,pass,9.9\n`)
      await refused(res, 'Columns named more than once in the CSV header: errorAt5A')
      expect([await recordCount(), await jobCount()]).toEqual([before, jobsBefore])
    })

    it('refuses a table cell addressed twice, however its row is written', async () => {
      const res = await upload('serial,testDate,result,t[1].v,t[01].v\nNWT:4101,2026-01-01,pass,1,2\n')
      await refused(res, 'Columns named more than once in the CSV header: t[1].v')
    })

    it('refuses a __proto__ column, even for a record type without a layout', async () => {
      const before = await recordCount()
      const noLayout = await upload('serial,testDate,result,__proto__\nNWT:4102,2026-01-01,pass,x\n')
      await refused(noLayout, 'Column names that cannot be record variables in the CSV header: __proto__')
      const meters = await uploadMeters(`${METER_HEADER},__proto__\nFSM:502,01/05/2024,,0.2,-0.1,pass,x\n`)
      await refused(meters, 'Column names that cannot be record variables in the CSV header: __proto__')
      expect(await recordCount()).toBe(before)
    })

    it('refuses columns that are neither layout variables nor mapped, naming each', async () => {
      const before = await recordCount()
      const res = await uploadMeters(
        `${METER_HEADER},bogusColumn,errorat5a,\nFSM:503,01/05/2024,,0.2,-0.1,pass,zzz,1,\n`,
      )
      await refused(res, 'Unknown columns in the CSV header: bogusColumn, errorat5a, column 9 (no name)')
      expect(await recordCount()).toBe(before)
    })

    it("takes the docs' example and the benchmark's header, in any column order", async () => {
      const docs = await uploadMeters(
        `${METER_HEADER}\nFSM:100,01/05/2024,pass,0.2,-0.1,pass\nFSM:101,01/05/2024 10:15,fail,1.4,0.3,pass\n`,
      )
      expect(docs.statusCode).toBe(200)
      expect(docs.json().records).toBe(2)
      const reordered = await uploadMeters(
        'creepTest,errorAt60A,serial,testDate,errorAt5A\npass,0.1,FSM:504,2026-03-01,0.1\n',
      )
      expect(reordered.statusCode).toBe(200)
    })

    it('still stores the extra columns of a record type without a layout, which has no variables to check', async () => {
      const res = await upload('serial,testDate,result,operator\nNWT:4103,2026-01-01,pass,J. Smith\n')
      expect(res.statusCode).toBe(200)
      const [row] = await db().select().from(records).where(eq(records.jobId, res.json().jobId))
      expect(row.data).toMatchObject({ operator: 'J. Smith' })
    })
  })
})
