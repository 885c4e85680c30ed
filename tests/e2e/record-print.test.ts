import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { navigate, screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'

/**
 * Audit walk-cert F4–F6: a record prints as its content (no buttons; Pass/Fail legible without
 * background graphics), the read-only form prints a long note whole, and a superseded record's page
 * says so (with a link to the newer record) whatever its review state.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p), { viewport: { width: 1366, height: 900 } })

async function adminCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const login = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.viewAll }).toString(),
  })
  const { token } = (await login.json()) as { token: string }
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(res.status).toBeLessThan(300)
  return (await res.json()) as T
}

type Item = { recordId: number; recordTypeId: number; recordTypeName: string; data?: Record<string, unknown> }
const records = async (filters: { field: string; value: string }[]) =>
  (
    await adminCall<{ result: Item[] }>(
      'GET',
      `/svc/data/api/InstrumentTestRecord/Records/page/1/size/50/filter/${encodeURIComponent(JSON.stringify({ filters }))}`,
    )
  ).result

const style = (selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property)

describe('printing a record', () => {
  it('a superseded record says so; its printout has no buttons and legible results', async () => {
    // A retest of the demo's failed NWT:1003 routine test supersedes it.
    const { recordId: newer } = await adminCall<{ recordId: number }>(
      'POST',
      '/svc/submission/api/InstrumentTest/upload-single',
      {
        supplierId: 1,
        productTypeId: 100200,
        recordTypeId: 1,
        data: {
          serialNumber: 'NWT:1003',
          testDate: new Date().toISOString(),
          testedBy: 'K. Retest',
          bushingSerial: 'NWB:2003',
          testEquipment: [1],
          ratioError: { value: 0.2 },
          insulationResistance: { value: 5000 },
          noLoadLoss: { value: 1 },
          vectorGroup: { value: 'Dyn11' },
          appliedVoltage: { value: 'Pass' },
          oilLevelOk: { value: 'Yes' },
        },
      },
    )
    const [old] = await records([{ field: 'superseded', value: 'true' }])
    expect(old).toBeDefined()

    await signIn(page, baseUrl, 'viewAll', '/')
    await navigate(page, baseUrl, `/Records/${old.recordId}`)
    const notice = page.getByRole('note', { name: 'Superseded' })
    await expect.poll(() => notice.innerText()).toContain(`replaced by record ${newer}`)
    await screenshot(page, 'record-print-superseded')

    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('button', { name: 'Certificate (PDF)' }).isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Back' }).isVisible()).toBe(false)
    expect(await notice.isVisible()).toBe(true)
    // Dark words in a border, whatever becomes of the badge's fill.
    expect(await style('.verdict[data-result="Fail"]', 'color')).toBe('rgb(88, 21, 28)')
    expect(await style('.verdict[data-result="Fail"]', 'border-top-width')).toBe('2px')
    expect(await style('.verdict[data-result="Pass"]', 'color')).toBe('rgb(10, 54, 34)')
    await screenshot(page, 'record-print-media')
    await page.emulateMedia({ media: 'screen' })

    await notice.getByRole('link', { name: `record ${newer}` }).click()
    await page.waitForURL((url) => url.pathname === `/Records/${newer}`)
    expect(await page.getByRole('note', { name: 'Superseded' }).count()).toBe(0)
  })

  it('the read-only form prints a long note whole', async () => {
    const [report] = (await records([{ field: 'productSerialNumber', value: 'NWT:1003' }])).filter(
      (r) => r.recordTypeName === 'Problem Report',
    )
    const detail = await adminCall<Item & { productTypeId: number; supplierId: number; data: object }>(
      'GET',
      `/svc/data/api/InstrumentTestRecord/Record/${report.recordId}`,
    )
    const notes =
      Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}: weeping around the gasket seat.`).join('\n') +
      '\nLAST LINE OF THE NOTE.'
    await adminCall('PUT', `/svc/submission/api/InstrumentTest/Record/${report.recordId}`, {
      supplierId: detail.supplierId,
      productTypeId: detail.productTypeId,
      recordTypeId: detail.recordTypeId,
      data: { ...detail.data, notes },
    })

    await signIn(page, baseUrl, 'viewAll', '/Records')
    await page.getByRole('link', { name: `View record ${report.recordId} of NWT:1003` }).click()
    const textarea = page.getByLabel('Notes')
    await expect.poll(() => textarea.inputValue()).toBe(notes)
    const screenHeight = (await textarea.boundingBox())!.height

    await page.emulateMedia({ media: 'print' })
    expect(await textarea.isVisible()).toBe(false)
    const copy = page.locator('[data-variable="notes"] .print-text')
    expect(await copy.getAttribute('data-text')).toBe(notes)
    expect((await copy.boundingBox())!.height).toBeGreaterThan(10 * screenHeight)
    expect(await page.getByRole('button', { name: 'Edit' }).isVisible()).toBe(false)
    await screenshot(page, 'record-print-long-note')
  })
})
