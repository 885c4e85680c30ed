import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'

/**
 * Issue #14.4 end to end: a configurator overrides an inherited test parameter on a sub-type's page; a
 * technician captures the demo 'Transformer Ratio and Loss Check', whose limits, deviation formula and
 * Class I condition read the transformer's parameters; the record view shows the values it was judged with.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p))

const serial = `NWT:${4001 + (Date.now() % 900)}`
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
const helpOf = (variable: string) => page.locator(`.itr-field[data-variable="${variable}"] .form-text`)

describe('test parameters from the product type', () => {
  it('a sub-type lists inherited parameters and overrides one on its page', async () => {
    await signIn(page, baseUrl, 'configurator', '/')
    await nav('Product Types')
    await page
      .getByRole('table', { name: 'Product Types' })
      .getByRole('link', { name: 'Edit On-load Tap Changer' })
      .click()
    await page.getByRole('heading', { name: 'Edit Product Type' }).waitFor()
    const section = page.getByRole('region', { name: 'Test parameters' })
    const inherited = section.getByRole('list', { name: 'Inherited test parameters' })
    await inherited.getByText('nameplateRatio').waitFor()
    expect(await inherited.innerText()).toContain('from Distribution Transformer 11kV')
    // Its own loss limit hides the parent's value of the same key.
    expect(await inherited.innerText()).not.toContain('noLoadLossMax')
    await expect.poll(() => section.getByLabel('Parameter key').first().inputValue()).toBe('noLoadLossMax')

    await inherited
      .getByRole('listitem')
      .filter({ hasText: 'ratioDeviationMax' })
      .getByRole('button', { name: 'Override' })
      .click()
    await expect.poll(() => section.getByLabel('Parameter key').count()).toBe(2)
    await section.getByLabel('Parameter value').nth(1).fill('1.0')
    await screenshot(page, 'product-type-parameters')

    // A key twice is refused before any call.
    await section.getByRole('button', { name: 'Add test parameter' }).click()
    await section.getByLabel('Parameter key').nth(2).fill('noLoadLossMax')
    await section.getByLabel('Parameter value').nth(2).fill('1')
    await page.getByRole('button', { name: 'Save' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Test parameter noLoadLossMax is listed twice.' })
      .waitFor()
    await section.getByRole('button', { name: 'Delete test parameter' }).nth(2).click()

    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/TestParameters') && r.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Save' }).click(),
    ])
    expect(saved.status()).toBe(204)
    await page.getByRole('table', { name: 'Product Types' }).waitFor()
    await page.goto(`${baseUrl}/ProductTypes/100202`)
    await expect.poll(() => section.getByLabel('Parameter value').nth(1).inputValue()).toBe('1.0')

    // On a phone the grid keeps every action within reach.
    await page.setViewportSize({ width: 400, height: 900 })
    await page.goto(`${baseUrl}/ProductTypes/100202`)
    await expect.poll(() => section.getByLabel('Parameter value').nth(1).inputValue()).toBe('1.0')
    await section.scrollIntoViewIfNeeded()
    for (const name of ['Add test parameter', 'Override'])
      expect(await section.getByRole('button', { name }).first().isVisible()).toBe(true)
    const del = await section.getByRole('button', { name: 'Delete test parameter' }).nth(1).boundingBox()
    expect(del && del.x + del.width).toBeLessThanOrEqual(400)
    await screenshot(page, 'product-type-parameters-400')
    await page.setViewportSize({ width: 1366, height: 900 })
  })

  it("the designer's preview tries the form with a chosen product type's parameters", async () => {
    await signIn(page, baseUrl, 'configurator', '/')
    await nav('Record Types')
    await page.getByLabel('Filter by Name').fill('Transformer Ratio and Loss Check')
    await page
      .getByRole('table', { name: 'Record Types' })
      .getByRole('link', { name: /^Edit Transformer Ratio and Loss Check/ })
      .click()
    const designer = page.getByRole('region', { name: 'Form designer' })
    await designer.getByRole('tab', { name: 'Preview' }).click()
    await expect
      .poll(() => helpOf('noLoadLoss').innerText())
      .toBe('Test parameter noLoadLossMax is not set for this product type.')
    await designer.getByLabel('Test parameters of').selectOption({ label: 'Distribution Transformer 11kV' })
    await expect.poll(() => helpOf('noLoadLoss').innerText()).toBe('Limits 0 to 1100 W')
    await designer.getByLabel('Test parameters of').selectOption({ label: 'On-load Tap Changer' })
    await expect.poll(() => helpOf('noLoadLoss').innerText()).toBe('Limits 0 to 40 W')
    await screenshot(page, 'designer-preview-parameters')
  })

  it('capture shows the limits of the chosen product type, computes the deviation and stores the values', async () => {
    await signIn(page, baseUrl, 'internal', '/')
    await nav('Add New Record')
    await page.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Northwind Transformers' })
    await page
      .getByLabel('Product Type', { exact: true })
      .selectOption({ label: 'Distribution Transformer 11kV' })
    await page
      .getByLabel('Record Type', { exact: true })
      .selectOption({ label: 'Transformer Ratio and Loss Check' })
    await page.getByRole('button', { name: 'Enter Data' }).click()
    await page.getByRole('heading', { name: 'Transformer Ratio and Loss Check' }).waitFor()

    expect(await helpOf('ratioDeviationTest').innerText()).toBe('At most 0.5 %')
    expect(await helpOf('noLoadLoss').innerText()).toBe('Limits 0 to 1100 W')
    const parameters = page.getByLabel('Test parameters')
    expect(await parameters.innerText()).toMatch(/nameplateRatio\s+25\.4/)

    await field('Transformer serial number').fill(serial)
    await field('Test date').fill('02-05-2026')
    await field('Measured ratio').fill('25.6')
    await expect.poll(() => page.locator('[data-variable="ratioDeviation"] output').innerText()).toBe('0.79')
    await expect.poll(() => page.locator('.result-icon').getAttribute('data-result')).toBe('Fail')
    await field('Measured ratio').fill('25.45')
    await expect.poll(() => page.locator('[data-variable="ratioDeviation"] output').innerText()).toBe('0.20')
    await field('No-load loss').fill('1000')
    // Class I: the earth continuity test is shown and required.
    await field('Earth continuity \\(Class I only\\)').fill('0.05')
    await expect.poll(() => page.locator('.result-icon').getAttribute('data-result')).toBe('Pass')
    await screenshot(page, 'capture-with-parameters')

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/svc/submission/') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Save' }).click(),
    ])
    expect(response.status(), await response.text()).toBe(200)
    const { recordId } = (await response.json()) as { recordId: number }

    await page.goto(`${baseUrl}/Records/${recordId}`)
    const deviation = page
      .getByRole('table', { name: 'Tests' })
      .getByRole('row')
      .filter({ hasText: 'Ratio deviation within limit' })
    await expect.poll(() => deviation.innerText()).toMatch(/0\.2 %\s+Limits .*0\.5 %\s+Pass/)
    expect(await page.getByLabel('Test parameters').innerText()).toMatch(/ratioDeviationMax\s+0\.5 %/)
    await screenshot(page, 'record-view-parameters')
  })
})
