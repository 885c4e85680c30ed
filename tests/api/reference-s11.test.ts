import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

// Audit h-admin F3: a descriptive's name may be up to 500 characters, and the SPA sends the name as the
// key and the short description too (src/pages/survey-repair/survey-repair-api.ts), so those copies take
// the name's 500 characters; 501 is refused with the name's own message.

describe('survey/repair descriptive names of 201–500 characters (audit h-admin F3)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const meta = (method: 'POST' | 'PUT' | 'DELETE', body: unknown) =>
    server.call('meta', method, '/api/Configuration/', { as: 'configurator', body })
  // The body the SPA's survey/repair form sends (descriptiveBody).
  const body = (domain: string, name: string, id?: number) => ({
    domain,
    ...(id !== undefined ? { id } : {}),
    key: name,
    value: name,
    description: name,
    shortDescription: name,
  })
  const descriptive = (id: number) =>
    server.call('itr', 'GET', `/api/faultRepairTypes/descriptives/${id}`, { as: 'configurator' })
  // 201 and 500 characters, with a non-BMP character counted as one (ajv counts code points).
  const name = (length: number, lead = 'Quote ') => lead + '𝛀' + 'x'.repeat(length - lead.length - 1)

  it.each([201, 322, 500])('stores a %i-character name as sent, and edits and deletes it', async (length) => {
    const text = name(length)
    expect([...text]).toHaveLength(length)
    const created = await meta('POST', body('ITRQUOTATIONDESCRIPTIVE', text))
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json() as number
    expect((await descriptive(id)).json()).toMatchObject({ id, name: text, descriptiveType: 'Quotation' })
    const list = (
      await server.call('meta', 'GET', '/api/Configuration/ITRQUOTATIONDESCRIPTIVE', {
        as: 'configurator',
      })
    ).json() as { id: number; key: string; value: string; shortDescription: string }[]
    expect(list.find((d) => d.id === id)).toMatchObject({ key: text, value: text, shortDescription: text })

    const renamed = name(length, 'Quote again ')
    const put = await meta('PUT', body('ITRQUOTATIONDESCRIPTIVE', renamed, id))
    expect(put.statusCode, put.body).toBe(204)
    expect((await descriptive(id)).json()).toMatchObject({ name: renamed })
    const del = await meta('DELETE', body('ITRQUOTATIONDESCRIPTIVE', renamed, id))
    expect(del.statusCode, del.body).toBe(204)
  })

  it("refuses a 501-character name with the name's own message, on create and on edit", async () => {
    const long = name(501)
    for (const domain of ['ITRFAULTDESCRIPTIVE', 'ITRREPAIRDESCRIPTIVE', 'ITRQUOTATIONDESCRIPTIVE']) {
      const res = await meta('POST', body(domain, long))
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('The Survey/Repair type name may be at most 500 characters.')
    }
    const created = await meta('POST', body('ITRFAULTDESCRIPTIVE', 'Short enough'))
    const id = created.json() as number
    const res = await meta('PUT', body('ITRFAULTDESCRIPTIVE', long, id))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('The Survey/Repair type name may be at most 500 characters.')
    expect((await descriptive(id)).json()).toMatchObject({ name: 'Short enough' })
  })

  it('still bounds a key or short description sent apart from the name at 500 characters', async () => {
    for (const field of ['key', 'shortDescription']) {
      const res = await meta('POST', {
        ...body('ITRFAULTDESCRIPTIVE', 'Loose bolt'),
        [field]: 'k'.repeat(501),
      })
      expect(res.statusCode, field).toBe(400)
      expect(res.json().message).toBe(`Body/${field} must NOT have more than 500 characters`)
    }
  })
})
