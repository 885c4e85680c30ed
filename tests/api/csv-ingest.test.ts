import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { jobs, products, records } from '../../server/db/schema/index'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

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
})
