import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { launchBrowser, screenshot, signIn, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let browser: Browser
let context: BrowserContext
let page: Page

let apiToken: string | undefined
/** A call straight to the server as the admin demo user (to set up a record and its edits). */
async function adminCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  if (!apiToken) {
    const res = await fetch(`${baseUrl}/svc/auth/api/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.viewAll }).toString(),
    })
    apiToken = ((await res.json()) as { token: string }).token
  }
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${apiToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await context?.close()
})

async function openAsAdmin(path: string) {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
  await signIn(page, baseUrl, 'viewAll', path)
}

/** A full-page screenshot from the top, so the sticky top bar is where people see it. */
async function shot(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}

const historyPanel = () => page.locator('.history-panel')
const revisions = () => historyPanel().locator('.history-entry')
/** The rows of a diff table as [field, before, after]. */
const diffRows = (table: ReturnType<Page['locator']>) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent?.trim() ?? '')),
    )

describe('audit trail', () => {
  it('an admin renames a supplier and sees the change in its history panel and on /Audit', async () => {
    await openAsAdmin('/Suppliers')
    const grid = page.getByRole('table', { name: 'Suppliers' })
    await grid.getByRole('link', { name: 'Edit Contoso Switchgear' }).click()
    await page.getByRole('heading', { name: 'Edit Supplier' }).waitFor()
    // The panel starts collapsed.
    const toggle = historyPanel().getByRole('button', { name: /History/ })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')

    await page.getByLabel(/^Name/).fill('Contoso Switchgear Ltd')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/Suppliers(\?success=true)?$/)
    await grid.getByRole('link', { name: 'Edit Contoso Switchgear Ltd' }).click()
    await page.getByRole('heading', { name: 'Edit Supplier' }).waitFor()

    await historyPanel()
      .getByRole('button', { name: /History/ })
      .click()
    await expect.poll(() => revisions().count()).toBe(1)
    const change = revisions().first()
    expect(await change.innerText()).toMatch(/^Changed\s+admin\s+\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\s+Name$/)
    await change.getByRole('button').click()
    const diff = change.getByRole('table', { name: 'Changed fields' })
    await diff.waitFor()
    expect(await diffRows(diff)).toEqual([['Name', 'Contoso Switchgear', 'Contoso Switchgear Ltd']])
    await shot('audit-supplier-history')

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Audit' })
      .click()
    await page.getByRole('heading', { name: 'Audit' }).waitFor()
    await page.getByLabel('Entity').selectOption({ label: 'Supplier' })
    const audit = page.getByRole('table', { name: 'Audit' })
    const row = audit
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Supplier', exact: true }) })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.getByRole('cell', { name: 'admin', exact: true }).count()).toBe(1)
    await row.getByRole('button', { name: /Show the changes of Supplier/ }).click()
    const expanded = audit.getByRole('table', { name: 'Changed fields' })
    await expanded.waitFor()
    expect(await diffRows(expanded)).toEqual([['Name', 'Contoso Switchgear', 'Contoso Switchgear Ltd']])

    // Another user's name finds nothing; a date range before today finds nothing either.
    await page.getByLabel('User').fill('configurator')
    await audit.getByText('No changes match these filters.').waitFor()
    await page.getByLabel('User').fill('adm')
    await expect.poll(() => row.count()).toBe(1)
    // Typed dd-MM-yyyy, as every date picker of the app (SPEC §9).
    await page.getByLabel('To').fill('01-01-2001')
    await audit.getByText('No changes match these filters.').waitFor()
    await page.getByRole('button', { name: 'Clear Filters' }).click()
    await expect.poll(() => row.count()).toBe(1)
    expect(await page.getByLabel('User').inputValue()).toBe('')
    await shot('audit-page')
  })

  it('a Problem Report edited twice shows both revisions and the field diff', async () => {
    const suppliers = await adminCall<{ id: number; name: string }[]>(
      'GET',
      '/svc/meta/api/assetmanufacturers',
    )
    const types = await adminCall<{ id: number; name: string }[]>('GET', '/svc/meta/api/DataPointTypes')
    const body = {
      supplierId: suppliers.find((s) => s.name === 'Northwind Transformers')!.id,
      productTypeId: 100200,
      recordTypeId: types.find((t) => t.name === 'Problem Report')!.id,
      data: {
        serialNumber: 'NWT:1004',
        reportDate: '2026-05-01T08:00:00.000Z',
        faultItems: ['Oil leak'],
        faultDescriptives: ['Water ingress'],
        repairItems: ['Replaced gasket'],
        repairDescriptives: [],
        repairTime: 'PT3H',
        notes: 'Leak at the drain valve.',
      },
    }
    const { recordId } = await adminCall<{ recordId: number }>(
      'POST',
      '/svc/submission/api/InstrumentTest/upload-single',
      body,
    )
    const put = (data: object) =>
      adminCall('PUT', `/svc/submission/api/InstrumentTest/Record/${recordId}`, {
        ...body,
        data: { ...body.data, ...data },
      })
    await put({ notes: 'Gasket replaced, no further leak.' })
    await put({ notes: 'Gasket replaced, no further leak.', repairTime: 'PT4H' })

    await openAsAdmin(`/Records/${recordId}`)
    await page.getByRole('heading', { name: /Problem Report/ }).waitFor()
    await historyPanel()
      .getByRole('button', { name: /History/ })
      .click()
    await expect.poll(() => revisions().count()).toBe(3)
    const texts = await revisions().allInnerTexts()
    expect(texts.map((t) => t.split(/\s+/)[0])).toEqual(['Changed', 'Changed', 'Created'])
    // Each change says what it changed, by the layout's labels.
    expect(texts[0]).toMatch(/Time to repair$/)
    expect(texts[1]).toMatch(/Notes$/)
    // Each content change names the record revision it made (records.revision), not as a changed field.
    expect(texts.map((t) => /revision (\d+)/.exec(t)?.[1])).toEqual(['3', '2', '1'])

    // Newest first: the second edit changed the repair time, the first the notes (labels from the layout).
    await revisions().nth(0).getByRole('button').click()
    const latest = revisions().nth(0).getByRole('table', { name: 'Changed fields' })
    await latest.waitFor()
    // Values read as the record view shows them: a timespan in its control's unit, not 'PT3H'.
    expect(await diffRows(latest)).toEqual([['Time to repair', '3 hours', '4 hours']])
    await revisions().nth(1).getByRole('button').click()
    const first = revisions().nth(1).getByRole('table', { name: 'Changed fields' })
    await first.waitFor()
    const firstRows = await diffRows(first)
    expect(firstRows).toContainEqual([
      'Notes',
      'Leak at the drain valve.',
      'Gasket replaced, no further leak.',
    ])
    await shot('audit-record-history')

    // The read-only /DataEntry view of the record shows the same history.
    await page.goto(`${baseUrl}/DataEntry?record=${recordId}`)
    await page.getByRole('heading', { name: 'Problem Report' }).waitFor()
    await historyPanel()
      .getByRole('button', { name: /History/ })
      .click()
    await expect.poll(() => revisions().count()).toBe(3)
    await revisions().nth(0).getByRole('button').click()
    const onEntry = revisions().nth(0).getByRole('table', { name: 'Changed fields' })
    await onEntry.waitFor()
    expect(await diffRows(onEntry)).toEqual([['Time to repair', '3 hours', '4 hours']])
    await shot('audit-data-entry-history')
  })
})
