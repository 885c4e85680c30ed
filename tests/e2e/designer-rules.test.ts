import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page

useBrowserPage((p) => (page = p), { viewport: { width: 1440, height: 1000 } })

const card = (path: string) => page.getByTestId(`control-${path}`)
const inspector = () => page.getByRole('complementary', { name: 'Inspector' })
const designer = () => page.getByRole('region', { name: 'Form designer' })
const canvas = () => page.getByRole('region', { name: 'Canvas' })

/** Adds a palette control at the end of the form (nothing selected) and selects it. */
async function add(label: string, path: string) {
  await canvas().click({ position: { x: 5, y: 5 } })
  await page.getByRole('button', { name: `Add ${label}` }).click()
  await card(path).click()
}

describe('designer: conditions and calculated values (issue #14)', () => {
  it('builds a condition and a calculation in the visual designer; the preview shows, hides and computes', async () => {
    await signIn(page, baseUrl, 'configurator', '/RecordTypes/New')
    await page.getByRole('heading', { name: 'Create New Record Type' }).waitFor()
    await page.getByLabel('Form', { exact: true }).check()

    await add('Checkbox', '0')
    await inspector()
      .getByLabel(/^Label\*?$/)
      .fill('Class I equipment')
    await add('Text', '1')
    await inspector()
      .getByLabel(/^Label\*?$/)
      .fill('Earth resistance')
    await inspector()
      .getByLabel(/^Variable\*?$/)
      .fill('earth')

    // The condition builder: variable, operator, value from the checkbox's answers; no syntax typed.
    const visible = inspector().getByRole('group', { name: 'Visible if' })
    await visible.getByText('Always shown.').waitFor()
    await visible.getByRole('button', { name: 'Add condition' }).click()
    await visible.getByLabel('Visible if, condition 1: variable').selectOption('checkbox1')
    expect(await visible.getByLabel('Visible if, condition 1: operator').inputValue()).toBe('==')
    await visible.getByLabel('Visible if, condition 1: value').selectOption('true')
    await card('1').getByText('Shown if checkbox1 equals true').waitFor()
    await screenshot(page, 'designer-condition-builder')

    // A calculated value over a measured one.
    await add('Text', '2')
    await inspector()
      .getByLabel(/^Label\*?$/)
      .fill('Measured ratio')
    await inspector()
      .getByLabel(/^Variable\*?$/)
      .fill('measured')
    await add('Calculated value', '3')
    await inspector()
      .getByLabel(/^Label\*?$/)
      .fill('Deviation')
    await inspector()
      .getByLabel(/^Formula\*?$/)
      .fill('(measured - 10) / 10 * 100')
    await inspector().getByLabel('Unit', { exact: true }).fill('%')
    await card('3').getByText('(measured - 10) / 10 * 100').waitFor()
    // A formula naming no control is a problem on the card.
    await inspector()
      .getByLabel(/^Formula\*?$/)
      .fill('(measurd - 10) / 10 * 100')
    await card('3')
      .getByText(/names unknown variable "measurd"/)
      .waitFor()
    await inspector()
      .getByLabel(/^Formula\*?$/)
      .fill('(measured - 10) / 10 * 100')
    await card('3')
      .getByText(/names unknown variable/)
      .waitFor({ state: 'detached' })
    await screenshot(page, 'designer-calculated')

    // The JSON view holds the same rule.
    await designer().getByRole('tab', { name: 'JSON' }).click()
    await page.locator('.monaco-editor').first().waitFor()
    await page.locator('.monaco-editor .view-lines').getByText('"visibleIf"').first().waitFor()
    await designer().getByRole('tab', { name: 'Design' }).click()

    // Preview with the real runtime.
    await designer().getByRole('tab', { name: 'Preview' }).click()
    await page.getByRole('checkbox', { name: 'Class I equipment', exact: true }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Earth resistance', exact: true }).count()).toBe(0)
    await page.getByRole('checkbox', { name: 'Class I equipment', exact: true }).check()
    await page.getByRole('textbox', { name: 'Earth resistance', exact: true }).waitFor()
    await page.getByRole('textbox', { name: 'Measured ratio', exact: true }).fill('10.04')
    await page.getByRole('status', { name: 'Deviation' }).getByText('0.4').waitFor()
    await screenshot(page, 'designer-rules-preview')
    await page.getByRole('checkbox', { name: 'Class I equipment', exact: true }).uncheck()
    await page.getByRole('textbox', { name: 'Earth resistance', exact: true }).waitFor({ state: 'detached' })
  })
})
