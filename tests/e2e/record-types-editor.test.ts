import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { FORM_LAYOUT_MESSAGES } from '../../schemas/form-layout'
import { DEMO_USER } from '../support/api'
import { launchBrowser, screenshot, signIn, useFreshServer } from '../support/e2e'

const M = FORM_LAYOUT_MESSAGES.recordType
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
  page = await context.newPage()
})
afterEach(async () => {
  await context?.close()
})

/** A record type made through the real {meta} call, to delete from the list. */
async function createRecordType(name: string): Promise<number> {
  const login = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.configurator }),
  })
  const { token } = (await login.json()) as { token: string }
  const res = await fetch(`${baseUrl}/svc/meta/api/DataPointTypes/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, sensorTypeId: 1, units: 'Despatch', description: 'description' }),
  })
  if (!res.ok) throw new Error(`record type: ${res.status} ${await res.text()}`)
  return (await res.json()) as number
}

const inspector = () => page.getByRole('complementary', { name: 'Inspector' })
const save = () => page.getByRole('button', { name: 'Save' }).click()
const shows = (text: string) => page.getByText(text, { exact: true }).waitFor()

describe('record types list', () => {
  it('shows ID, Name, Capture and Category with edit, delete and view reports', async () => {
    const name = `E2E Delete Me ${Date.now()}`
    const id = await createRecordType(name)
    await signIn(page, baseUrl, 'configurator', '/RecordTypes')
    const grid = page.getByRole('table', { name: 'Record Types' })
    await grid.getByRole('row').filter({ hasText: 'Transformer Routine Test' }).waitFor()
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('ID'),
        expect.stringContaining('Name'),
        expect.stringContaining('Capture'),
        expect.stringContaining('Category'),
        expect.stringContaining('Actions'),
      ]),
    )
    await page.getByLabel('Filter by Name').fill('Transformer Routine Test')
    const demo = grid.getByRole('row').filter({ hasText: 'Transformer Routine Test' })
    expect(await demo.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Transformer Routine Test', 'Form', 'Test']),
    )
    const reports = demo.getByRole('link', { name: 'View reports of Transformer Routine Test' })
    expect(await reports.getAttribute('href')).toMatch(/^\/Records\?filter=recordTypeId&value=\d+$/)

    await page.getByLabel('Filter by Name').fill(name)
    const row = grid.getByRole('row').filter({ hasText: name })
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining([String(id), 'File', 'Despatch']),
    )
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await grid.getByText('No record types yet.').waitFor()
  })
})

describe('record type editor', () => {
  it('applies the category rules of SPEC §4', async () => {
    await signIn(page, baseUrl, 'configurator', '/RecordTypes/New')
    await page.getByRole('heading', { name: 'Create New Record Type' }).waitFor()
    const category = page.getByLabel('Record Category')
    await category.selectOption('Calibration')
    expect(await page.getByLabel('Form', { exact: true }).isChecked()).toBe(true)
    expect(await page.getByLabel('File', { exact: true }).isDisabled()).toBe(true)
    for (const label of ['Skip Calibration Field', 'Calibration Certificate Field', 'Asset Tag Field'])
      await page.getByLabel(label).waitFor()

    await category.selectOption('Problem Report')
    expect(await page.getByLabel('File', { exact: true }).isDisabled()).toBe(false)
    const fault = page.getByLabel('Fault Items Field')
    expect(await fault.isDisabled()).toBe(true)
    expect(await fault.inputValue()).toBe('faultItems')
    expect(await page.getByLabel('Repair Descriptives Field').inputValue()).toBe('repairDescriptives')

    await category.selectOption('Despatch')
    await page.getByLabel('Job Number Field').waitFor()
    expect(await page.getByLabel('Test Result Field').count()).toBe(0)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL(/\/RecordTypes$/)
  })

  it('shows every SPEC §5 record type message before any call', async () => {
    await signIn(page, baseUrl, 'configurator', '/RecordTypes/New')
    await page.getByRole('heading', { name: 'Create New Record Type' }).waitFor()
    await save()
    await shows(M.nameRequired)
    for (const label of ['Serial Field', 'Date of Record Field', 'Test Result Field'])
      await shows(M.fieldRequired(label))

    await page.getByLabel('Name', { exact: true }).fill('x'.repeat(51))
    await shows(M.nameTooLong)
    await page.getByLabel('Name', { exact: true }).fill(`E2E Messages ${Date.now()}`)

    // Form capture without a layout.
    await page.getByLabel('Form', { exact: true }).check()
    await page.getByLabel('Serial Field', { exact: true }).fill('serial')
    await page.getByLabel('Date of Record Field').fill('testDate')
    await page.getByLabel('Test Result Field').fill('result')
    await shows(M.noForm)

    // A layout without those variables.
    await page.getByRole('button', { name: 'Add Text' }).click()
    await shows(M.variableNotFound('serial'))
    await shows(M.variableNotFound('testDate'))
    await shows(M.variableNotFound('result'))

    // An empty component row.
    await page.getByRole('button', { name: 'Add new component' }).click()
    await save()
    await shows(M.componentProductType)
    await shows(M.componentSerialField)

    // A variable already used, typed in the inspector.
    await page.getByRole('button', { name: 'Add Text' }).click()
    await inspector()
      .getByLabel(/^Variable\*?$/)
      .fill('singletext1')
    await inspector().getByText(M.duplicateVariable('singletext1'), { exact: true }).waitFor()
    await screenshot(page, 'record-type-messages')
    expect(page.url()).toMatch(/\/RecordTypes\/New$/)
  })
})
