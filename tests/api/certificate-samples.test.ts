import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { pdfText } from '../support/pdf-text'
import { benchLayout } from '../../bench/runtime-demo/layouts'
import { recordType } from './records-fixtures'

/** Kept beside the e2e screenshots (gitignored) to be rendered with pdftoppm and looked at. */
const keep = (name: string, bytes: Buffer) => {
  fs.mkdirSync('screenshots', { recursive: true })
  fs.writeFileSync(`screenshots/${name}.pdf`, bytes)
}

const rows = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/**
 * Issue #16: the certificates to look at — a demo calibration record and a 300-control test record,
 * which flows over pages with every row whole and the header row repeated.
 */
describe('certificate samples', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const certificate = (id: number) =>
    server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}/certificate.pdf`, { as: 'viewAll' })

  it('a calibration record reads as a calibration certificate', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ filters: [{ field: 'category', value: 'calibration' }] }),
    )
    const page = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Records/page/1/size/1/filter/${filter}`,
      {
        as: 'viewAll',
      },
    )
    const [record] = page.json().result
    const res = await certificate(record.recordId)
    expect(res.statusCode).toBe(200)
    keep('certificate-calibration', res.rawPayload)
    const { text } = await pdfText(res.rawPayload)
    expect(text).toContain('Calibration certificate')
    expect(text).toContain(record.productSerialNumber)
  })

  it('a 300-control record flows over pages, numbered, every test with its result', async () => {
    const db = server.database.db
    const [offer] = rows<{ supplierId: number; productTypeId: number; serial: string }>(
      await db.execute(sql`
        SELECT sp.supplier_id AS "supplierId", sp.asset_model_id AS "productTypeId", r.prefix || r.max AS serial
        FROM supplier_products sp JOIN supplier_serial_ranges r ON r.supplier_product_id = sp.id
        ORDER BY sp.id, r.id LIMIT 1`),
    )
    const layout = benchLayout(300)
    const typeId = await recordType(
      server,
      'Transformer Full Inspection',
      'Test',
      'form',
      { serialField: 'serial' },
      { ...layout, controls: [{ type: 'serial', variable: 'serial', label: 'Serial' }, ...layout.controls] },
      [offer.productTypeId],
    )
    const data: Record<string, unknown> = { serial: offer.serial }
    for (let g = 0; g < 30; g++)
      Object.assign(data, {
        [`g${g}_text1`]: `REF-${g}-A`,
        [`g${g}_text2`]: `Lot ${g * 7}`,
        [`g${g}_date`]: '2026-07-01',
        [`g${g}_num1`]: 240 + (g % 5),
        [`g${g}_num2`]: g === 3 ? 0.1 : 2.5,
        [`g${g}_num3`]: 1.25,
        [`g${g}_yes`]: 'Yes',
        [`g${g}_pf`]: 'Pass',
        [`g${g}_site`]: 'North',
        [`g${g}_check`]: true,
      })
    const submitted = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'viewAll',
      body: { supplierId: offer.supplierId, productTypeId: offer.productTypeId, recordTypeId: typeId, data },
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
    const res = await certificate(submitted.json().recordId)
    expect(res.statusCode).toBe(200)
    keep('certificate-300', res.rawPayload)
    const { text, pages } = await pdfText(res.rawPayload)
    expect(pages).toBeGreaterThan(3)
    const perPage = text.split('\f')
    perPage.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages}`))
    for (const g of [0, 15, 29]) {
      expect(text).toContain(`Section ${g + 1}`)
      expect(text).toContain(`Voltage ${g + 1}`)
      expect(text).toContain(`Visual ${g + 1}`)
    }
    expect(text).toMatch(/Overall verdict: (FAIL|not judged)/)
    // The header row repeats on a page a table continues on.
    expect(perPage.slice(1).some((p) => p.includes('Test / field'))).toBe(true)
  })
})
