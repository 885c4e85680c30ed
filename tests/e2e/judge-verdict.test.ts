import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { screenshot, signIn, useBrowserPage, useFreshServer, enterRoutineTest } from '../support/e2e'

/**
 * Issue #12 end to end: a technician's value just outside its limit is Fail live, is stored Fail by the
 * server's judge, and every screen that shows the verdict says Fail.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p))

const serial = `NWT:${4001 + (Date.now() % 900)}`

async function adminGet<T>(path: string): Promise<T> {
  const login = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.viewAll }).toString(),
  })
  const { token } = (await login.json()) as { token: string }
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  return (await res.json()) as T
}

const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
const nav = async (label: string) => {
  const link = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label })
  if (!(await link.isVisible()))
    await page
      .getByRole('button', { name: /navigation/i })
      .first()
      .click()
  await link.click()
}

describe('the server judges what the technician entered', () => {
  it('a numeric test just outside its limit: live Fail, stored Fail, Fail in /Records, the record view and /Products', async () => {
    const [equipment] = await adminGet<{ id: number }[]>('/svc/itr/api/testEquipment')
    await signIn(page, baseUrl, 'internal', '/')
    await nav('Add New Record')
    await enterRoutineTest(page)

    await field('Transformer serial number').fill(serial)
    await field('Test date').fill('02-05-2026')
    await page.getByLabel('Test equipment used: test equipment ID').fill(String(equipment.id))
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page
      .locator('.itr-field[data-variable="testEquipment"] li, .itr-field[data-variable="testEquipment"] tr')
      .first()
      .waitFor()
    await field('Voltage ratio error').fill('0.51')
    await field('Insulation resistance HV–LV').fill('5000')
    await field('No-load loss').fill('1')
    await page.getByRole('radiogroup', { name: 'Vector group' }).getByText('Dyn11').click()
    await page.getByRole('radiogroup', { name: 'Applied voltage withstand' }).getByText('Pass').click()
    await page.getByRole('radiogroup', { name: 'Oil level within sight glass' }).getByText('Yes').click()
    await expect.poll(() => page.locator('.result-icon').getAttribute('data-result')).toBe('Fail')

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/svc/submission/') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Save' }).click(),
    ])
    expect(response.status()).toBe(200)
    const { recordId } = (await response.json()) as { recordId: number }
    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()

    await nav('Records')
    const records = page.getByRole('table', { name: 'Records' })
    // The Result column belongs to Test records (SPEC §2).
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Test' })
    await page.getByLabel('Filter by Serial', { exact: true }).fill(serial)
    const row = records.getByRole('row').filter({ hasText: serial })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.innerText()).toContain('Fail')
    await screenshot(page, 'judge-records-fail')

    await page.goto(`${baseUrl}/Records/${recordId}`)
    const tests = page.getByRole('table', { name: 'Tests' })
    const ratio = tests.getByRole('row').filter({ hasText: 'Voltage ratio error' })
    await expect.poll(() => ratio.innerText()).toMatch(/0\.51 %\s+Limits \u22120\.5\.\.0\.5 %\s+Fail/)
    expect(await page.getByLabel('Overall result').innerText()).toMatch(
      /Overall result\s*Fail\s*judged by layout revision \d+/,
    )
    await screenshot(page, 'judge-record-view')
    // The read-only data entry view says the same: Fail, and the revision that judged it.
    await page.goto(`${baseUrl}/DataEntry?record=${recordId}`)
    await page.getByText(/judged by layout revision \d+/).waitFor()
    await expect.poll(() => page.locator('.result-icon').getAttribute('data-result')).toBe('Fail')

    await nav('Products')
    await page.getByLabel('Filter by Serial Number').fill(serial)
    const product = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: serial })
    await expect.poll(() => product.count()).toBe(1)
    expect(await product.innerText()).toMatch(/Fail/i)
  })
})
