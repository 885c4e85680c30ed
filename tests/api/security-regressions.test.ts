import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { dataPointTypes, records } from '../../server/db/schema/index'
import { appTables, snapshotter } from '../support/fuzz-snapshot'

const NUL = 'Text must not contain the NUL character (U+0000).'

/** Defects the fuzzer found (each was a 500), kept as plain regression tests. */
describe('fuzzer regressions', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('refuses a NUL character in a path segment, a query or a JSON body with 400 and changes nothing', async () => {
    // Sign in first: a login writes a refresh token.
    await server.tokenFor('configurator')
    await server.tokenFor('internal')
    const snapshot = snapshotter(server.database.db, await appTables(server.database.db))
    const before = await snapshot()
    const calls = [
      server.call('meta', 'PUT', '/api/assetmanufacturers/attributes/1/Note/%00/Note', {
        as: 'configurator',
      }),
      server.call('meta', 'PUT', '/api/Configuration/', {
        as: 'configurator',
        body: { domain: 'ITRREPAIRDESCRIPTIVE', id: 1, value: 'Seal\u0000', description: 'x' },
      }),
      server.call('itr', 'GET', '/api/testEquipment?serialNumber=%00', { as: 'internal' }),
      server.call('itr', 'POST', '/api/calibrators', { as: 'configurator', body: { name: 'a\u0000b' } }),
    ]
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(NUL)
    }
    expect(await snapshot()).toEqual(before)
  })

  it('refuses an id past the integer column with 400 and a message', async () => {
    const res = await server.call('meta', 'POST', '/api/assetmodels', {
      as: 'configurator',
      body: { name: 'Huge supplier id', assetManufacturerId: -1.6e43 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('A value in the request is out of range or not in the expected form.')
  })

  it('refuses a multipart upload cut off before its closing boundary with 400', async () => {
    const body = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n' +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4 cut short\r\n',
    )
    const res = await server.call('itr', 'POST', '/api/formDocuments', {
      as: 'internal',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('The upload could not be read: the multipart body is incomplete.')
  })

  it('answers 409 when a record type that records use is deleted, and keeps it', async () => {
    const [used] = await server.database.db
      .select({ id: dataPointTypes.id, name: dataPointTypes.name })
      .from(records)
      .innerJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
      .limit(1)
    const res = await server.call('meta', 'DELETE', `/api/datapointtypes/${used.id}`, { as: 'configurator' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(`Record type ${used.name} is in use and cannot be deleted.`)
    expect(
      (await server.call('meta', 'GET', `/api/DataPointTypes/${used.id}`, { as: 'configurator' })).statusCode,
    ).toBe(200)
  })
})
