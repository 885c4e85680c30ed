import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { auditLog } from '../../server/db/schema/index'
import { isFormulaLike, toCell } from '../../server/records/export/cells'

/**
 * The fourth audit of 28 Nov (docs/decisions.md): identifiers keep their leading zeros in exports, a
 * History panel lists the newest changes, filters choosing many items fit, the Audit page reads dates as
 * every other filter does, and certificate settings hold only text a certificate can print.
 */
describe('fourth audit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it('exports an identifier with leading zeros as text, other numbers as numbers', () => {
    expect(['007', '000123', '0042'].map(toCell)).toEqual(['007', '000123', '0042'])
    // Text still; the sheet writer quotes it (quotePrefix) as any text starting with '-'.
    expect(toCell('-007')).toBe('-007')
    expect(isFormulaLike('-007')).toBe(true)
    expect(['0', '0.5', '42', '-3.25'].map(toCell)).toEqual([0, 0.5, 42, -3.25])
  })

  it('a History panel lists the newest 1,000 changes, oldest first', async () => {
    await server.database.db.insert(auditLog).values(
      Array.from({ length: 1003 }, (_, i) => ({
        at: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
        userName: 'admin',
        entity: 'deviceOwner',
        entityId: '987654',
        action: 'update',
        before: { name: `Owner ${i}` },
        after: { name: `Owner ${i + 1}` },
      })),
    )
    const res = await server.call('config', 'GET', '/api/Audit/deviceOwner/987654', { as: 'viewAll' })
    expect(res.statusCode).toBe(200)
    const entries = res.json() as { after: { name: string } }[]
    expect(entries).toHaveLength(1000)
    expect(entries[0].after.name).toBe('Owner 4')
    expect(entries.at(-1)!.after.name).toBe('Owner 1003')
  })

  it('takes a records filter of a few thousand characters, and says when one is too long', async () => {
    const page = (filter: string) =>
      server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/Records/page/1/size/10/filter/${encodeURIComponent(filter)}`,
        { as: 'viewAll' },
      )
    const many = JSON.stringify({
      filters: [{ field: 'faultItem', value: Array.from({ length: 60 }, (_, i) => `Fault item ${i}`) }],
    })
    expect(many.length).toBeGreaterThan(500)
    expect((await page(many)).statusCode).toBe(200)
    const huge = await page(JSON.stringify({ filters: [{ field: 'jobNumber', value: 'x'.repeat(8000) }] }))
    expect(huge.statusCode).toBe(400)
    expect(huge.json().message).toBe('The filter is too long: at most 8000 characters.')
  })

  it('the Audit page refuses a date that is no calendar date, as the records filter does', async () => {
    const audit = (filter: object) =>
      server.call(
        'config',
        'GET',
        `/api/Audit/page/1/size/10/filter/${encodeURIComponent(JSON.stringify(filter))}`,
        {
          as: 'viewAll',
        },
      )
    for (const [from, message] of [
      ['2026-02-31', '"2026-02-31" in "from" is not a valid date.'],
      ['1', '"1" in "from" is not a valid date.'],
    ]) {
      const res = await audit({ from })
      expect(res.statusCode, from).toBe(400)
      expect(res.json().message).toBe(message)
    }
    expect((await audit({ from: '2026-01-01', to: '01/02/2026' })).statusCode).toBe(200)
  })

  it('certificate settings refuse text the certificate cannot print, naming it', async () => {
    const put = (organisationName: string) =>
      server.call('config', 'PUT', '/api/Settings/certificate', {
        as: 'viewAll',
        body: { organisationName, addressLine: '', logo: null },
      })
    const cjk = await put('東京電力 Grid')
    expect(cjk.statusCode).toBe(400)
    expect(cjk.json().message).toBe(
      'The certificate cannot print these characters of the organisation name: 東 京 電 力. Its font covers Latin, Greek, Cyrillic, Hebrew and Arabic letters.',
    )
    const control = await put('Grid\u0001Co')
    expect(control.statusCode).toBe(400)
    expect(control.json().message).toContain(': U+0001.')
    expect((await put('Ελληνικά Δίκτυα — Ωμ µ')).statusCode).toBe(200)
    const stored = await server.database.db.execute(
      sql`SELECT value FROM app_settings WHERE key LIKE '%certificate%'`,
    )
    expect(JSON.stringify(stored)).toContain('Ελληνικά')
  })
})
