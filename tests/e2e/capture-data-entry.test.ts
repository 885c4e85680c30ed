import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { launchBrowser, screenshot, signIn, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let browser: Browser
let context: BrowserContext
let page: Page

/** Serial numbers of this run, inside the demo ranges (NWT: 1..5000, WGS: 1..500). */
const RUN = Date.now()
const transformerSerial = `NWT:${1 + (RUN % 4000)}`
const equipmentSerial = `WGS:${1 + (RUN % 450)}`

let apiToken: string | undefined
/** A read straight from the server as the admin demo user, to check what the page stored. */
async function adminGet<T>(path: string): Promise<T> {
  if (!apiToken) {
    const res = await fetch(`${baseUrl}/svc/auth/api/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.viewAll }).toString(),
    })
    apiToken = ((await res.json()) as { token: string }).token
  }
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${apiToken}` } })
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined

/** Opens `path` as the admin; signs in through the login modal once (sign-in is rate limited). */
async function open(path: string) {
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...(session ? { storageState: session } : {}),
  })
  page = await context.newPage()
  if (session) {
    await page.goto(baseUrl + path)
    await page.getByRole('button', { name: 'Log Out' }).waitFor()
  } else {
    await signIn(page, baseUrl, 'viewAll', path)
    session = await context.storageState()
  }
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

const select = (label: string) => page.getByLabel(label, { exact: true })
/** A form field by its caption; required fields carry a '*' after it. */
const field = (label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`))
const header = () => page.locator('.page-header')
const headerResult = () => page.locator('.result-icon').getAttribute('data-result')

async function chooseStandard(supplier: string, productType: string, recordType: string) {
  await open('/AddRecord')
  await select('Supplier').selectOption({ label: supplier })
  await select('Product Type').selectOption({ label: productType })
  await select('Record Type').selectOption({ label: recordType })
  await page.getByRole('button', { name: 'Enter Data' }).click()
  await page.waitForURL(/\/DataEntry\?/)
}

/** Saves and answers the record id the server gave. */
async function saveRecord(): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/svc/submission/') && r.request().method() !== 'GET'),
    page.getByRole('button', { name: 'Save' }).click(),
  ])
  const body = (await response.json()) as { recordId?: number; message?: string }
  if (!response.ok()) throw new Error(`save failed: ${body.message}`)
  return body.recordId as number
}

/** Today as the date picker takes it (dd-MM-yyyy). */
const todayText = () => {
  const today = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(today.getDate())}-${pad(today.getMonth() + 1)}-${today.getFullYear()}`
}

let equipmentId: number
let testRecordId: number

describe('Data entry', () => {
  it('Calibration mode with an owner creates a test-equipment item', async () => {
    await open('/AddRecord')
    await page.getByText('Calibration', { exact: true }).click()
    await select('Owner').selectOption({ label: 'Western Grid Services' })
    await select('Record Type').selectOption({ label: 'Test Equipment Calibration' })
    await page.getByRole('button', { name: 'Enter Data' }).click()
    await page.getByRole('heading', { name: 'Test Equipment Calibration' }).waitFor()
    // Calibration records have no pass/fail icon.
    expect(await page.locator('.result-icon').count()).toBe(0)

    await field('Equipment serial number').fill(equipmentSerial)
    await page.getByText(`Equipment serial number: serial in a known serial range`).waitFor()
    // Today, so the equipment's calibration card shows it as valid.
    await field('Calibration date').fill(todayText())
    await field('Description').fill('Insulation tester 5 kV')
    await field('Physical serial number (asset tag)').fill(`TAG-${RUN % 1000}`)
    // A frequency is counted in whole months and days: 1.5 months is marked at once (audit s7 D4), and
    // Save stops at the field instead of sending what the server refuses.
    const wholeMonths =
      'A calibration frequency counts whole months and days: 1.5 months does not come to them. Enter whole months.'
    await field('Calibration frequency').fill('1.5')
    await page.getByText(wholeMonths).waitFor()
    expect(await field('Calibration frequency').getAttribute('aria-invalid')).toBe('true')
    let sent = 0
    page.on('request', (r) => void (r.url().includes('/svc/submission/') && sent++))
    await page.getByRole('button', { name: 'Save' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please correct the highlighted fields before saving.' })
      .waitFor()
    expect(sent).toBe(0)
    // Said once: the field's own hint and the refused Save's field error are the same text.
    expect(await page.getByText(wholeMonths).count()).toBe(1)
    await field('Calibration frequency').fill('12')
    expect(await page.getByText(/A calibration frequency counts/).count()).toBe(0)
    await field('Calibration house').selectOption({ index: 1 })
    await field('Location').selectOption({ label: 'Bristol Test Lab' })
    await saveRecord()
    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()
    expect(await page.locator('.upload-summary dd').allInnerTexts()).toEqual(['Test Equipment Calibration'])

    const items = await adminGet<
      { id: number; description: string | null; serialNumber: { full: string } }[]
    >(`/svc/itr/api/testEquipment?serialNumber=${encodeURIComponent(equipmentSerial)}`)
    expect(items.map((i) => [i.serialNumber.full, i.description])).toEqual([
      [equipmentSerial, 'Insulation tester 5 kV'],
    ])
    equipmentId = items[0].id
  })

  it('captures a Test record: live Pass/Fail, test equipment, Save, Upload Complete, Add Duplicate starts empty', async () => {
    expect(equipmentId).toBeGreaterThan(0)
    await chooseStandard(
      'Northwind Transformers',
      'Distribution Transformer 11kV',
      'Transformer Routine Test',
    )
    await page.getByRole('heading', { name: 'Distribution Transformer Routine Test' }).waitFor()
    expect(await headerResult()).toBe('-')
    await expect.poll(() => page.getByRole('button', { name: 'Lock Items' }).isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true)
    await screenshot(page, 'capture-data-entry-new')

    await field('Transformer serial number').fill(transformerSerial)
    // Today: the card judges the calibration in force at the record's date (issue #15.3), made today.
    await field('Test date').fill(todayText())
    await page.getByLabel('Test equipment used: test equipment ID').fill(String(equipmentId))
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.locator('.itr-field[data-variable="testEquipment"]').getByText(equipmentSerial).waitFor()
    expect(await page.locator('[data-variable="testEquipment"]').innerText()).toMatch(/Valid for/)
    await screenshot(page, 'capture-calibration-card')

    await page.getByRole('button', { name: 'Scan', exact: true }).click()
    await page.getByRole('dialog').getByText('Scan Test Equipment Barcode').waitFor()
    await screenshot(page, 'capture-scan-modal')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // Inside the limits, and every other test answered: the record passes.
    await field('Voltage ratio error').fill('0.2')
    await page.locator('[data-variable="insulationResistance"]').getByLabel('n/a').check()
    await field('No-load loss').fill('1')
    await page.getByRole('radiogroup', { name: 'Vector group' }).getByText('Dyn11').click()
    await page.getByRole('radiogroup', { name: 'Applied voltage withstand' }).getByText('Pass').click()
    await page.getByRole('radiogroup', { name: 'Oil level within sight glass' }).getByText('Yes').click()
    expect(await headerResult()).toBe('Pass')
    expect(await header().getByRole('status').innerText()).toContain('Pass')
    // Outside the limits: Fail.
    await field('Voltage ratio error').fill('0.9')
    expect(await headerResult()).toBe('Fail')
    await field('Voltage ratio error').fill('0.2')
    expect(await headerResult()).toBe('Pass')

    testRecordId = await saveRecord()
    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()
    expect(await page.locator('.upload-summary dd').allInnerTexts()).toEqual([
      'Distribution Transformer 11kV',
      'Transformer Routine Test',
    ])
    for (const name of ['Finish', 'Add Duplicate', 'Add New'])
      await expect.poll(() => page.getByRole('button', { name }).isVisible()).toBe(true)
    await screenshot(page, 'capture-data-entry-summary')

    await page.getByRole('button', { name: 'Add Duplicate' }).click()
    await page.getByRole('heading', { name: 'Distribution Transformer Routine Test' }).waitFor()
    expect(await field('Transformer serial number').inputValue()).toBe('')
    expect(await field('Voltage ratio error').inputValue()).toBe('')
    await expect.poll(() => page.getByText('No test equipment added.').isVisible()).toBe(true)
    expect(await headerResult()).toBe('-')
  })

  it('opens the saved record read-only, then Edit and Save', async () => {
    expect(testRecordId).toBeGreaterThan(0)
    await open(`/DataEntry?record=${testRecordId}`)
    await page.getByRole('heading', { name: 'Distribution Transformer Routine Test' }).waitFor()
    expect(await field('Transformer serial number').inputValue()).toBe(transformerSerial)
    await expect.poll(() => field('Transformer serial number').getAttribute('readonly')).not.toBeNull()
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Lock Items' }).count()).toBe(0)
    expect(await page.locator('.data-entry-actions').getByRole('button', { name: 'Close' }).isVisible()).toBe(
      true,
    )
    expect(await headerResult()).toBe('Pass')
    await screenshot(page, 'capture-data-entry-read-only')

    await page.getByRole('button', { name: 'Edit' }).click()
    await page.waitForURL(/edit=true/)
    await expect.poll(() => field('Transformer serial number').getAttribute('readonly')).toBeNull()
    await field('Voltage ratio error').fill('0.3')
    const newId = await saveRecord()
    expect(newId).not.toBe(testRecordId)
    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()
  })

  it('Lock Items locks every entry but the serial lookups', async () => {
    await chooseStandard(
      'Northwind Transformers',
      'Distribution Transformer 11kV',
      'Transformer Routine Test',
    )
    await page.getByRole('button', { name: 'Lock Items' }).click()
    await expect.poll(() => field('Tested by').getAttribute('readonly')).not.toBeNull()
    await expect.poll(() => field('Transformer serial number').getAttribute('readonly')).toBeNull()
    await page.getByRole('button', { name: 'Unlock Items' }).click()
    await expect.poll(() => field('Tested by').getAttribute('readonly')).toBeNull()
  })

  it('uploads a document with a progress bar and an image preview', async () => {
    await chooseStandard('Northwind Transformers', 'Distribution Transformer 11kV', 'Problem Report')
    await page.getByRole('heading', { name: 'Problem Report' }).waitFor()
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 60 } })
    // Hold the upload's answer until the progress bar and preview have been seen.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/formDocuments*', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      await held
      await route.continue()
    })
    await field('Photo of the fault').setInputFiles({ name: 'fault.png', mimeType: 'image/png', buffer: png })
    const uploading = page.getByRole('status', { name: 'Uploading fault.png' })
    await uploading.waitFor()
    await expect.poll(() => uploading.locator('.progress').isVisible()).toBe(true)
    expect(await uploading.getByRole('progressbar').count()).toBe(1)
    await page.getByAltText('Preview of fault.png').waitFor()
    await screenshot(page, 'capture-upload-progress')
    release()
    await page.locator('[data-variable="photo"]').getByText('Uploaded').waitFor()
    await expect
      .poll(() => page.locator('[data-variable="photo"]').getByText('fault.png').isVisible())
      .toBe(true)
  })
})
