import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { screenshot, signIn, useBrowserPage, useFreshServer, enterRoutineTest } from '../support/e2e'
import { RECORD_TYPE_ATTRIBUTES } from '../../schemas/entities/record-type'
import { RATIO_TABLE_CONTROLS } from '../../schemas/form-layout/table-fixture'

/** Issue #14 measurement tables end to end: built in the designer, captured with paste, shown in the record. */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p), { viewport: { width: 1440, height: 1000 } })

const inspector = () => page.getByRole('complementary', { name: 'Inspector' })
const designer = () => page.getByRole('region', { name: 'Form designer' })

/** Pastes `text` into the focused cell as a spreadsheet's copy would arrive. */
async function paste(label: string, text: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.getByLabel(label, { exact: true }).evaluate((el, t) => {
    const data = new DataTransfer()
    data.setData('text/plain', t)
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, text)
}

async function api(view: keyof typeof DEMO_USER, method: string, path: string, body?: unknown) {
  const login = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER[view] }).toString(),
  })
  const { token } = (await login.json()) as { token: string }
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  expect(res.status).toBeLessThan(300)
  return res.json() as Promise<unknown>
}

describe('measurement tables (issue #14)', () => {
  it('the designer builds a table: rows from two lists, columns added and reordered; the preview captures it', async () => {
    await signIn(page, baseUrl, 'configurator', '/RecordTypes/New')
    await page.getByRole('heading', { name: 'Create New Record Type' }).waitFor()
    await page.getByLabel('Form', { exact: true }).check()
    await page.getByRole('region', { name: 'Canvas' }).click({ position: { x: 5, y: 5 } })
    await page.getByRole('button', { name: 'Add Table' }).click()
    await page.getByTestId('control-0').click()
    await inspector()
      .getByLabel(/^Label\*?$/)
      .first()
      .fill('Ratio per tap and phase')
    await inspector().getByRole('button', { name: 'Make rows' }).click()
    await inspector().getByLabel('Kind of column to add').selectOption({ label: 'Calculated' })
    await inspector().getByRole('button', { name: 'Add column' }).click()
    const column = inspector().getByRole('group', { name: 'Column Calculated' })
    await column.getByLabel(/^Formula/).fill('value * 2')
    await column.getByLabel('Label', { exact: true }).fill('Twice')
    await inspector().getByRole('button', { name: 'Move column Twice up' }).click()
    const card = page.getByTestId('control-0')
    await card.getByText('15 fixed rows').waitFor()
    await card.getByText('= value * 2').waitFor()
    await screenshot(page, 'designer-table')

    await designer().getByRole('tab', { name: 'Preview' }).click()
    await page.getByRole('table', { name: 'Ratio per tap and phase' }).waitFor()
    await paste('Value, Tap 1 A', '0.5\n0.7\n1.5\n')
    await page.getByLabel('Twice, Tap 1 B', { exact: true }).getByText('1.40').waitFor()
    expect(await page.getByLabel('Value, Tap 1 C result').innerText()).toContain('Fail')
    await page.getByLabel('Value, Tap 2 A', { exact: true }).press('Enter')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Value, Tap 2 B')
    await screenshot(page, 'designer-table-preview')
  })

  it('a technician captures a table by pasting a block; the record view shows it as a table', async () => {
    type RecordType = { id: number; name: string; attributes: { key: string; value: string }[] }
    const types = (await api('configurator', 'GET', '/svc/meta/api/DataPointTypes')) as RecordType[]
    const type = types.find((t) => t.name === 'Transformer Routine Test')!
    const layout = JSON.parse(type.attributes.find((a) => a.key === RECORD_TYPE_ATTRIBUTES.layout)!.value)
    layout.controls.push(...RATIO_TABLE_CONTROLS)
    await api('configurator', 'POST', `/svc/meta/api/DataPointTypes/attributes/${type.id}`, {
      key: RECORD_TYPE_ATTRIBUTES.layout,
      name: 'Data Entry Form',
      value: JSON.stringify(layout),
    })
    const [equipment] = (await api('viewAll', 'GET', '/svc/itr/api/testEquipment')) as { id: number }[]

    await signIn(page, baseUrl, 'internal', '/AddRecord')
    await enterRoutineTest(page)
    const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
    await field('Transformer serial number').fill(`NWT:${4001 + (Date.now() % 900)}`)
    await field('Test date').fill('02-05-2026')
    await page.getByLabel('Test equipment used: test equipment ID').fill(String(equipment.id))
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await field('Voltage ratio error').fill('0.1')
    await field('Insulation resistance HV–LV').fill('5000')
    await field('No-load loss').fill('1')
    await page.getByRole('radiogroup', { name: 'Vector group' }).getByText('Dyn11').click()
    await page.getByRole('radiogroup', { name: 'Applied voltage withstand' }).getByText('Pass').click()
    await page.getByRole('radiogroup', { name: 'Oil level within sight glass' }).getByText('Yes').click()
    await field('Nameplate ratio').fill('10')
    const block = ['10.01\tHV', '10.02\tHV', '9.98\tHV', '10.00\tLV', '10.03\tLV', '10.06\tLV']
    const rows = [...block, ...Array.from({ length: 9 }, (_, i) => `10.0${i}\tHV`)].join('\n')
    await paste('Measured ratio, Tap 1 A', rows)
    await page.getByLabel('Within ±0.5 %, Tap 2 C result').getByText('Fail').waitFor()
    await page.getByRole('status', { name: 'Ratio per tap and phase result' }).getByText('Fail').waitFor()
    await screenshot(page, 'capture-table')

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/svc/submission/') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Save' }).click(),
    ])
    expect(response.status(), await response.text()).toBe(200)
    const { recordId } = (await response.json()) as { recordId: number }
    await page.goto(`${baseUrl}/Records/${recordId}`)
    const table = page.getByRole('table', { name: 'Ratio per tap and phase' })
    await table.getByRole('row').filter({ hasText: 'Tap 2 C' }).getByText('0.600 %').waitFor()
    await screenshot(page, 'record-table')
  })
})
