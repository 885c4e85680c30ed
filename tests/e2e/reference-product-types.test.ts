import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { MESSAGES } from '../../schemas/messages'
import { DEMO_USER } from '../support/api'
import { launchBrowser, screenshot, signIn, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let browser: Browser
let context: BrowserContext
let page: Page
const recordTypeName = `E2E Test Record ${Date.now()}`

/** A record type to pick, made through the real {meta} call (the demo data has none). */
async function createRecordType() {
  const login = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.configurator }),
  })
  const { token } = (await login.json()) as { token: string }
  const res = await fetch(`${baseUrl}/svc/meta/api/DataPointTypes/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: recordTypeName,
      sensorTypeId: 1,
      units: 'Test',
      description: 'description',
    }),
  })
  if (!res.ok) throw new Error(`record type: ${res.status} ${await res.text()}`)
}

beforeAll(async () => {
  browser = await launchBrowser()
  await createRecordType()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
})
afterEach(async () => {
  await context?.close()
})

const grid = () => page.getByRole('table', { name: 'Product Types' })
const rowOf = (name: string) =>
  grid()
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })

describe('product types', () => {
  it('lists ID, Name and Parent with edit, show reports, and no delete for 100210', async () => {
    await signIn(page, baseUrl, 'configurator', '/ProductTypes')
    await page.getByLabel('Filter by Name').fill('Transformer Bushing')
    const bushing = rowOf('Transformer Bushing')
    await bushing.waitFor()
    expect(await bushing.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['100201', 'Transformer Bushing', 'Distribution Transformer 11kV']),
    )
    expect(
      await bushing.getByRole('link', { name: 'Show reports of Transformer Bushing' }).getAttribute('href'),
    ).toBe('/Records?filter=producttypeid&value=100201')
    await page.getByLabel('Filter by Name').fill('Generic Component')
    const generic = rowOf('Generic Component')
    await generic.getByRole('link', { name: 'Edit Generic Component' }).waitFor()
    expect(await generic.getByRole('button', { name: /^Delete/ }).count()).toBe(0)
    await page.getByLabel('Filter by Name').fill('')
    await screenshot(page, 'ref-product-types-list')
  })

  it('shows the product type rules, then creates a nested product type with a record type', async () => {
    const name = `E2E Sub Type ${Date.now()}`
    await signIn(page, baseUrl, 'configurator', '/ProductTypes')
    await page.getByRole('button', { name: 'Add new product type' }).click()
    await page.getByRole('heading', { name: 'Create New Product Type' }).waitFor()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText(MESSAGES.productType.nameRequired).waitFor()
    await page.getByLabel(/^Name/).fill(name)
    await page.getByLabel('Is this a sub component?').check()
    await page.getByLabel('Parent').selectOption({ label: 'Ring Main Unit' })
    await page.getByLabel('Product type missing serial number prefix').check()
    await page.getByRole('button', { name: 'Add new record type' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('alert').filter({ hasText: MESSAGES.productType.emptyRecordType }).waitFor()
    await page.getByRole('combobox', { name: 'Record type' }).selectOption({ label: recordTypeName })
    await screenshot(page, 'ref-product-type-edit')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/ProductTypes\?success=true$/)
    await page.getByRole('status').filter({ hasText: 'Successfully added new product type' }).waitFor()
    await page.getByLabel('Filter by Name').fill(name)
    const row = rowOf(name)
    expect(await row.getByRole('cell').nth(2).innerText()).toBe('Ring Main Unit')

    // Edit: the stored values come back, and the Parent list leaves the type itself out.
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    await page.getByRole('heading', { name: 'Edit Product Type' }).waitFor()
    expect(await page.getByLabel('Is this a sub component?').isChecked()).toBe(true)
    expect(await page.getByLabel('Product type missing serial number prefix').isChecked()).toBe(true)
    expect(await page.getByLabel('Parent').locator('option:checked').textContent()).toBe('Ring Main Unit')
    expect(await page.getByLabel('Parent').locator('option').allTextContents()).not.toContain(name)
    expect(
      await page.getByRole('combobox', { name: 'Record type' }).locator('option:checked').textContent(),
    ).toBe(recordTypeName)
    // Unticking the sub component removes the parent mapping.
    await page.getByLabel('Is this a sub component?').uncheck()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/\/ProductTypes$/)
    await page.getByLabel('Filter by Name').fill(name)
    expect(await rowOf(name).getByRole('cell').nth(2).innerText()).toBe('')
  })
  it('adds a record type row after the others and puts the focus in it (issue #11.26)', async () => {
    await signIn(page, baseUrl, 'configurator', '/ProductTypes/100200')
    await page.getByRole('heading', { name: 'Edit Product Type' }).waitFor()
    const selects = page.getByRole('combobox', { name: 'Record type' })
    await selects.first().waitFor()
    const before = await selects.count()
    await page.getByRole('button', { name: 'Add new record type' }).click()
    await expect.poll(() => selects.count()).toBe(before + 1)
    const last = selects.nth(before)
    await expect.poll(() => last.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await last.inputValue()).toBe('')
  })
})
