import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { MESSAGES } from '../../schemas/messages'
import { launchBrowser, screenshot, signIn, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let browser: Browser
let context: BrowserContext
let page: Page
/** Writes (non-GET calls) the page made, to prove validation happens before any call. */
let writes: string[]

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
  writes = []
  page.on('request', (r: Request) => {
    if (r.method() !== 'GET' && r.url().includes('/svc/'))
      writes.push(`${r.method()} ${new URL(r.url()).pathname}`)
  })
})
afterEach(async () => {
  await context?.close()
})

const save = () => page.getByRole('button', { name: 'Save' }).click()
const expectBanner = async (text: string) => {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor()
}
const productSelects = () => page.getByRole('combobox', { name: 'Product type' })

describe('suppliers', () => {
  it('lists suppliers with ID/Name filters, and the view-all role may delete', async () => {
    await signIn(page, baseUrl, 'viewAll', '/Suppliers')
    await page.getByRole('heading', { name: 'Suppliers' }).waitFor()
    const grid = page.getByRole('table', { name: 'Suppliers' })
    await grid.getByRole('cell', { name: 'Northwind Transformers', exact: true }).waitFor()
    await expect
      .poll(() => grid.getByRole('button', { name: 'Delete Northwind Transformers' }).isVisible())
      .toBe(true)
    await page.getByLabel('Filter by Name').fill('northwnd')
    await expect.poll(() => grid.getByRole('row').count()).toBe(3) // header, filter row, one match
    await screenshot(page, 'ref-suppliers-list')
  })

  it('hides supplier delete from the configurator view', async () => {
    await signIn(page, baseUrl, 'configurator', '/Suppliers')
    const grid = page.getByRole('table', { name: 'Suppliers' })
    await grid.getByRole('link', { name: 'Edit Northwind Transformers' }).waitFor()
    expect(await grid.getByRole('button', { name: /^Delete/ }).count()).toBe(0)
  })

  it('shows every supplier rule before any call, then creates a supplier with a product type and a serial range', async () => {
    const name = `E2E Supplier ${Date.now()}`
    await signIn(page, baseUrl, 'viewAll', '/Suppliers')
    writes = []
    await page.getByRole('button', { name: 'Add new supplier' }).click()
    await page.getByRole('heading', { name: 'Create New Supplier' }).waitFor()

    await save()
    await page.getByText(MESSAGES.supplier.nameRequired).waitFor()
    await page.getByLabel(/^Name/).fill(name)

    const addProduct = page.getByRole('button', { name: 'Add new product type' })
    await addProduct.click()
    expect(await addProduct.isDisabled()).toBe(true)
    await save()
    await expectBanner(MESSAGES.supplier.emptyProduct)

    await productSelects().first().selectOption({ label: 'Ring Main Unit' })
    expect(await addProduct.isDisabled()).toBe(false)
    await page.getByRole('button', { name: 'Add new serial range' }).click()
    const ranges = page.getByRole('table', { name: 'Serial ranges of Ring Main Unit' })
    await ranges.waitFor()
    await save()
    await expectBanner(MESSAGES.supplier.prefixRequired)
    await ranges.getByLabel('Prefix').fill('E2E-RMU-')
    await save()
    await expectBanner(MESSAGES.supplier.minMaxRequired)
    await ranges.getByLabel('Min').fill('500')
    await ranges.getByLabel('Max').fill('100')
    await save()
    await expectBanner(MESSAGES.supplier.minBelowMax)
    await ranges.getByLabel('Max').fill('2147483648')
    await save()
    await expectBanner(MESSAGES.serialRange.outOfBounds)
    await ranges.getByLabel('Max').fill('900')

    // The same product type twice: the SPEC message, and the second row is reset.
    await addProduct.click()
    await productSelects().first().selectOption({ label: 'Ring Main Unit' })
    await page
      .getByRole('alert')
      .filter({ hasText: MESSAGES.supplier.duplicateProduct('Ring Main Unit') })
      .waitFor()
    expect(await productSelects().first().inputValue()).toBe('')
    await screenshot(page, 'ref-supplier-edit-validation')
    expect(writes).toEqual([])
    await page.getByRole('button', { name: 'Delete product type', exact: true }).click()

    await save()
    await page.waitForURL(/\/Suppliers\?success=true$/)
    await page.getByRole('status').filter({ hasText: 'Successfully added new supplier' }).waitFor()
    await page.getByLabel('Filter by Name').fill(name)
    const row = page
      .getByRole('table', { name: 'Suppliers' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) })
    await row.waitFor()
    expect(writes).toEqual([
      'POST /svc/meta/api/assetmanufacturers',
      expect.stringMatching(/^POST \/svc\/meta\/api\/assetmanufacturers\/attributes\/\d+$/),
    ])
    await screenshot(page, 'ref-suppliers-list-success')

    // Open it again: the product type and its range were stored.
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    await page.getByRole('heading', { name: 'Edit Supplier' }).waitFor()
    expect(await productSelects().first().locator('option:checked').textContent()).toBe('Ring Main Unit')
    await page.getByRole('button', { name: /1 serial range/ }).click()
    const stored = page.getByRole('table', { name: 'Serial ranges of Ring Main Unit' })
    expect(await stored.getByLabel('Prefix').inputValue()).toBe('E2E-RMU-')
    expect(await stored.getByLabel('Max').inputValue()).toBe('900')
    await screenshot(page, 'ref-supplier-edit')
  })

  it('marks the product row or the serial range field a save found at fault, on its page, and focuses it', async () => {
    await page.setViewportSize({ width: 400, height: 800 })
    await signIn(page, baseUrl, 'configurator', '/Suppliers/New')
    writes = []
    await page.getByLabel(/^Name/).fill(`E2E Marks ${Date.now()}`)
    await page.getByRole('button', { name: 'Add new product type' }).click()
    await save()
    await expectBanner(MESSAGES.supplier.emptyProduct)
    await expect.poll(() => productSelects().first().getAttribute('aria-invalid')).toBe('true')
    await productSelects().first().selectOption({ label: 'Ring Main Unit' })
    expect(await productSelects().first().getAttribute('aria-invalid')).toBeNull()

    // Four ranges, 3 a page: each new one goes first, so the first added is alone on page 2.
    const ranges = page.getByRole('table', { name: 'Serial ranges of Ring Main Unit' })
    const addRange = page.getByRole('button', { name: 'Add new serial range' })
    const fillRange = async (prefix: string, min: string, max: string) => {
      await addRange.click()
      await ranges.getByLabel('Prefix').first().fill(prefix)
      await ranges.getByLabel('Min').first().fill(min)
      await ranges.getByLabel('Max').first().fill(max)
    }
    await fillRange('E2E-M4-', '1', '2147483648')
    for (const n of [3, 2, 1]) await fillRange(`E2E-M${n}-`, '1', '9')
    await save()
    await expectBanner(MESSAGES.serialRange.outOfBounds)
    const max = ranges.getByLabel('Max')
    await expect.poll(() => ranges.getByLabel('Prefix').first().inputValue()).toBe('E2E-M4-')
    expect(await max.count()).toBe(1)
    expect(await max.getAttribute('aria-invalid')).toBe('true')
    expect(await ranges.getByLabel('Min').getAttribute('aria-invalid')).toBeNull()
    await expect.poll(() => max.evaluate((el) => el === document.activeElement)).toBe(true)
    await screenshot(page, 'ref-supplier-range-marked-400')
    await max.fill('900')
    expect(await max.getAttribute('aria-invalid')).toBeNull()
    // Editing keeps the page: the marked range stays in view.
    expect(await ranges.getByLabel('Prefix').inputValue()).toBe('E2E-M4-')
    expect(writes).toEqual([])
  })

  it('needs no prefix for a product type without serial number prefix', async () => {
    await signIn(page, baseUrl, 'configurator', '/Suppliers/New')
    await page.getByLabel(/^Name/).fill(`E2E NoPrefix ${Date.now()}`)
    await page.getByRole('button', { name: 'Add new product type' }).click()
    await productSelects().first().selectOption({ label: 'Generic Component' })
    await page.getByRole('button', { name: 'Add new serial range' }).click()
    const ranges = page.getByRole('table', { name: 'Serial ranges of Generic Component' })
    await ranges.getByLabel('Min').fill('1')
    await ranges.getByLabel('Max').fill('99')
    await save()
    await page.waitForURL(/\/Suppliers\?success=true$/)
  })
})
