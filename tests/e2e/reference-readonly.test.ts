import { expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page

useBrowserPage((p) => (page = p))

it('shows reference data read-only to the internal view: View actions, no Add, no Save', async () => {
  await signIn(page, baseUrl, 'internal', '/Suppliers')
  await page.getByRole('table').getByText('Northwind Transformers').waitFor()
  expect(await page.getByRole('button', { name: 'Add new supplier' }).count()).toBe(0)
  await page.getByRole('link', { name: 'View Northwind Transformers' }).click()
  await page
    .getByText('You can view this supplier. Changes need the configurator or administrator role.')
    .waitFor()
  await page.getByRole('heading', { name: 'View Supplier', exact: true }).waitFor()
  expect(await page.getByLabel(/Name/).first().isDisabled()).toBe(true)
  // Nothing is asked of a user who only looks: no required mark on the name.
  expect(await page.locator('label', { hasText: /^Name/ }).first().innerText()).toBe('Name')
  expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0)
  // The serial ranges are readable without pressing an expander (which the disabled form cannot offer).
  const ranges = page.getByRole('table', { name: /^Serial ranges of / })
  await ranges.first().waitFor()
  await expect.poll(() => ranges.count()).toBe(3)
  await expect.poll(() => ranges.first().getByLabel('Prefix').first().inputValue()).toMatch(/^NW[TBC]:$/)
  await screenshot(page, 'supplier-read-only')
  await page.getByRole('button', { name: 'Back' }).click()
  await page.waitForURL('**/Suppliers')
})

it('offers Edit to a configurator', async () => {
  await signIn(page, baseUrl, 'configurator', '/Suppliers')
  await page.getByRole('link', { name: 'Edit Northwind Transformers' }).click()
  await page.getByRole('button', { name: 'Save' }).waitFor()
  await page.getByRole('heading', { name: 'Edit Supplier', exact: true }).waitFor()
})
