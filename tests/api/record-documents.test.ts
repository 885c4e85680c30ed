import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { recordDocuments, records } from '../../server/db/schema/index'
import { multipart, PDF, recordFixtures, seedKnownRecords, type RecordFixtures } from './records-fixtures'

/** Issue #13.5: documents are linked to records by a relation, written with the record and filled once for old rows. */
describe('record_documents', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    await seedKnownRecords(server, fx)
  })
  afterAll(() => server.close())
  const db = () => server.database.db

  it('is written with a record, replaced by its edit, and filled once for records stored before it', async () => {
    const doc = (
      await server.call('itr', 'POST', '/api/formDocuments', { as: 'internal', ...multipart('a.pdf', PDF) })
    ).json()
    const [equipment] = (await server.call('itr', 'GET', '/api/testEquipment', { as: 'internal' })).json()
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.test,
        data: {
          serial: 'NWT:70',
          testDate: '2026-03-01T10:00:00Z',
          equipment: [equipment.id],
          ratio: 0.5,
          attachment: doc,
        },
      },
    })
    expect(res.statusCode).toBe(200)
    const recordId = res.json().recordId as number
    const links = () => db().select().from(recordDocuments).where(eq(recordDocuments.recordId, recordId))
    expect((await links()).map((l) => l.documentId)).toHaveLength(1)

    // A database from before the relation: the links are gone and the one-time step has not run.
    await db().delete(recordDocuments)
    await db().execute(sql`DELETE FROM app_settings WHERE key = 'record_documents_linked'`)
    await server.database.migrate()
    expect(await links()).toHaveLength(1)
    // It runs once: links removed again stay removed on the next start.
    await db().delete(recordDocuments)
    await server.database.migrate()
    expect(await links()).toHaveLength(0)
    const [row] = await db().select().from(records).where(eq(records.id, recordId))
    expect(JSON.stringify(row.data)).toContain(doc.savedFilename)
  })
})
