import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'

/**
 * Issue #14 end to end, all through the visual designer (the JSON view only to check): a configurator
 * builds a transformer ratio test — a 5 × 3 table whose deviation cells are calculated from the measured
 * ratio and the product type's nameplate ratio (`param.nameplateRatio`) and judged at ±0.5 %, plus a field
 * shown only when a checkbox is ticked — and gives it to a product type; a technician captures it, pastes a
 * block of values, sees per-cell and overall results, saves; the record view shows the table.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p), { viewport: { width: 1366, height: 1000 } })

const NAME = `Ratio Test ${Date.now() % 100000}`
const inspector = () => page.getByRole('complementary', { name: 'Inspector' })
const designer = () => page.getByRole('region', { name: 'Form designer' })
const canvas = () => page.getByRole('region', { name: 'Canvas' })
const card = (path: string) => page.getByTestId(`control-${path}`)
const ownLabel = () =>
  inspector()
    .getByLabel(/^Label\*?$/)
    .first()
const ownVariable = () =>
  inspector()
    .getByLabel(/^Variable\*?$/)
    .first()

async function nav(label: string) {
  const link = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label })
  if (!(await link.isVisible()))
    await page
      .getByRole('button', { name: /navigation/i })
      .first()
      .click()
  await link.click()
}

/** Adds a palette control at the end of the form (nothing selected), selects it and names it. */
async function add(kind: string, path: string, label: string, variable: string) {
  await canvas().click({ position: { x: 5, y: 5 } })
  await page.getByRole('button', { name: `Add ${kind}` }).click()
  await card(path).click()
  await ownLabel().fill(label)
  await ownVariable().fill(variable)
}

/** Pastes `text` into a cell as a spreadsheet's copy arrives. */
async function paste(label: string, text: string) {
  const cell = page.getByLabel(label, { exact: true })
  await cell.click()
  await cell.evaluate((el, t) => {
    const data = new DataTransfer()
    data.setData('text/plain', t)
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, text)
}

/** Builds the table's columns: measured ratio, deviation from the nameplate ratio, the ±0.5 % test. */
async function buildColumns() {
  await inspector().getByRole('button', { name: 'Value Numeric test', exact: true }).click()
  const measured = inspector().getByRole('group', { name: 'Column Value' })
  await measured.getByLabel('Min', { exact: true }).fill('')
  await measured.getByLabel('Max', { exact: true }).fill('')
  await measured.getByLabel('Variable', { exact: true }).fill('measured')
  await measured.getByLabel('Label', { exact: true }).fill('Measured ratio')

  await inspector().getByLabel('Kind of column to add').selectOption({ label: 'Calculated' })
  await inspector().getByRole('button', { name: 'Add column' }).click()
  const deviation = inspector().getByRole('group', { name: 'Column Calculated' })
  await deviation.getByLabel('Variable', { exact: true }).fill('deviation')
  await deviation
    .getByLabel(/^Formula/)
    .fill('(measured - param.nameplateRatio) / param.nameplateRatio * 100')
  await deviation.getByLabel('Unit', { exact: true }).fill('%')
  await deviation.getByLabel('Decimal places').fill('3')
  await deviation.getByLabel('Label', { exact: true }).fill('Deviation')

  await inspector().getByLabel('Kind of column to add').selectOption({ label: 'Numeric test' })
  await inspector().getByRole('button', { name: 'Add column' }).click()
  const test = inspector().getByRole('group', { name: 'Column Numeric test' })
  await test.getByLabel('Min', { exact: true }).fill('-0.5')
  await test.getByLabel('Max', { exact: true }).fill('0.5')
  await test.getByLabel('Value from (calculated column)').selectOption('deviation')
  await test.getByLabel('Variable', { exact: true }).fill('withinLimit')
  await test.getByLabel('Label', { exact: true }).fill('Within ±0.5 %')
}

/** The designer part: controls, condition, table, mappings; saved. */
async function buildRecordType() {
  await signIn(page, baseUrl, 'configurator', '/')
  await nav('Record Types')
  await page.getByRole('button', { name: 'Add new record type' }).click()
  await page.getByRole('heading', { name: 'Create New Record Type' }).waitFor()
  await page.getByLabel('Name', { exact: true }).fill(NAME)
  await page.getByLabel('Record Category').selectOption('Test')
  await page.getByLabel('Form', { exact: true }).check()

  await add('Serial lookup', '0', 'Transformer serial number', 'serial')
  await add('Date', '1', 'Test date', 'testDate')
  await add('Checkbox', '2', 'Class I equipment', 'classI')
  await add('Text', '3', 'Earth bond location', 'earthBond')
  const visible = inspector().getByRole('group', { name: 'Visible if' })
  await visible.getByRole('button', { name: 'Add condition' }).click()
  await visible.getByLabel('Visible if, condition 1: variable').selectOption('classI')
  await visible.getByLabel('Visible if, condition 1: value').selectOption('true')
  await card('3').getByText('Shown if classI equals true').waitFor()
  await screenshot(page, 'ratio-designer-condition')

  await add('Group', '4', 'Ratio test', 'ratioTest')
  await card('4').click()
  await page.getByRole('button', { name: 'Add Table' }).click()
  await card('4.0').click()
  await ownLabel().fill('Ratio per tap and phase')
  await ownVariable().fill('ratios')
  await inspector().getByRole('button', { name: 'Make rows' }).click()
  await buildColumns()
  await card('4.0').getByText('15 fixed rows').waitFor()
  await card('4.0').getByText('= (measured - param.nameplateRatio) / param.nameplateRatio * 100').waitFor()
  await screenshot(page, 'ratio-designer-table')

  // The JSON view holds the same design.
  await designer().getByRole('tab', { name: 'JSON' }).click()
  await page.locator('.monaco-editor .view-lines').getByText('"visibleIf"').first().waitFor()
  await designer().getByRole('tab', { name: 'Design' }).click()

  await page.getByLabel('Serial Field', { exact: true }).fill('serial')
  await page.getByLabel('Date of Record Field').fill('testDate')
  await page.getByLabel('Test Result Field').fill('ratioTest')
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/DataPointTypes') && r.request().method() !== 'GET'),
    page.getByRole('button', { name: 'Save' }).click(),
  ])
  expect(saved.status(), await saved.text()).toBeLessThan(300)
  await page.waitForURL(/\/RecordTypes(\?|$)/)
}

/** The product type whose parameters hold the nameplate ratio offers the new record type. */
async function offerOnProductType() {
  await nav('Product Types')
  await page
    .getByRole('table', { name: 'Product Types' })
    .getByRole('link', { name: 'Edit Distribution Transformer 11kV' })
    .click()
  await page.getByRole('heading', { name: 'Edit Product Type' }).waitFor()
  await page.getByRole('button', { name: 'Add new record type' }).click()
  await page.getByLabel('Record type', { exact: true }).last().selectOption({ label: NAME })
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('table', { name: 'Product Types' }).waitFor()
}

describe('a ratio test built in the visual designer (issue #14)', () => {
  it('is built, captured with a pasted block against the product type’s nameplate ratio, saved and shown', async () => {
    await buildRecordType()
    await offerOnProductType()
    await page.getByRole('button', { name: 'Log Out' }).click()
    // Log Out loads the login; wait for it so the next navigation does not race that load.
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByLabel('Username').waitFor()

    await signIn(page, baseUrl, 'internal', '/')
    await nav('Add New Record')
    await page.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Northwind Transformers' })
    await page
      .getByLabel('Product Type', { exact: true })
      .selectOption({ label: 'Distribution Transformer 11kV' })
    await page.getByLabel('Record Type', { exact: true }).selectOption({ label: NAME })
    await page.getByRole('button', { name: 'Enter Data' }).click()
    const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
    const serial = `NWT:${4001 + (Date.now() % 900)}`
    await field('Transformer serial number').fill(serial)
    await field('Test date').fill('02-05-2026')

    // The condition: the earth bond field is there only while Class I is ticked.
    expect(await page.getByRole('textbox', { name: 'Earth bond location' }).count()).toBe(0)
    await page.getByRole('checkbox', { name: 'Class I equipment' }).check()
    await page.getByRole('textbox', { name: 'Earth bond location' }).fill('Tank lug')

    // Nameplate ratio 25.4 (the product type's parameter): 25.6 is 0.787 % out, the rest within 0.5 %.
    const measured = ['25.40', '25.45', '25.35', '25.41', '25.39', '25.60', ...Array(9).fill('25.42')]
    await paste('Measured ratio, Tap 1 A', measured.join('\n'))
    await page.getByLabel('Deviation, Tap 2 C', { exact: true }).getByText('0.787').waitFor()
    await page.getByLabel('Within ±0.5 %, Tap 2 C result').getByText('Fail').waitFor()
    expect(await page.getByLabel('Within ±0.5 %, Tap 1 B result').innerText()).toContain('Pass')
    await page.getByRole('status', { name: 'Ratio per tap and phase result' }).getByText('Fail').waitFor()
    await expect.poll(() => page.locator('.result-icon').getAttribute('data-result')).toBe('Fail')
    await screenshot(page, 'ratio-capture-fail')

    // Re-measured: every cell passes, so the table, its group and the record pass.
    await page.getByLabel('Measured ratio, Tap 2 C', { exact: true }).fill('25.41')
    await page.getByLabel('Within ±0.5 %, Tap 2 C result').getByText('Pass').waitFor()
    await page.getByRole('status', { name: 'Ratio per tap and phase result' }).getByText('Pass').waitFor()
    await expect.poll(() => page.locator('.result-icon').getAttribute('data-result')).toBe('Pass')
    await screenshot(page, 'ratio-capture-pass')

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/svc/submission/') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Save' }).click(),
    ])
    expect(response.status(), await response.text()).toBe(200)
    const { recordId } = (await response.json()) as { recordId: number }

    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()
    await nav('Records')
    await page.getByLabel('Filter by Serial').fill(serial)
    await page.getByRole('link', { name: new RegExp(`^View record ${recordId} of`) }).click()
    // A form record opens read-only in /DataEntry, its table as captured, judged with the stored parameters.
    const table = page.getByRole('table', { name: 'Ratio per tap and phase' })
    await expect
      .poll(() => page.getByLabel('Measured ratio, Tap 2 C', { exact: true }).inputValue())
      .toBe('25.41')
    expect(await page.getByLabel('Measured ratio, Tap 2 C', { exact: true }).isDisabled()).toBe(true)
    expect(await table.getByLabel('Deviation, Tap 2 C', { exact: true }).innerText()).toBe('0.039')
    expect(await table.getByLabel('Within ±0.5 %, Tap 1 C result').innerText()).toContain('Pass')
    expect(await table.getByRole('row').count()).toBe(16)
    expect(await page.getByRole('status', { name: 'Ratio per tap and phase result' }).innerText()).toContain(
      'Pass',
    )
    expect(await page.locator('.result-icon').getAttribute('data-result')).toBe('Pass')
    expect(await page.getByLabel('Test parameters').innerText()).toMatch(/nameplateRatio\s+25\.4/)
    await screenshot(page, 'ratio-record-view')
  })
})
