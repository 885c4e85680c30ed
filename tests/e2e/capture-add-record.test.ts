import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { launchBrowser, screenshot, signIn, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let browser: Browser
let context: BrowserContext
let page: Page

const SPEC = {
  noProductTypes: 'The selected supplier does not have any associated product types',
  noRecordTypes: 'The selected product type does not have any associated record types',
  noForm: 'Selected record type does not have an associated data entry form.',
  uploaded: 'File uploaded successfully. You will be notified once the file is proccessed.',
}

/** One call as the admin demo user, straight to the server (test set-up, not what is being tested). */
let adminToken: string | undefined
async function adminCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  adminToken ??= await signInApi()
  const token = adminToken
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** One token for all set-up calls: sign-in is rate limited. */
async function signInApi(): Promise<string> {
  const tokenRes = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.viewAll }).toString(),
  })
  return ((await tokenRes.json()) as { token: string }).token
}

const unique = `${Date.now() % 100000}`
/** Meter serials of this run: FSM ranges are 1..100000. */
const METER_BASE = 10000 + (Date.now() % 80000)
const meter = (i: number) => `FSM:${METER_BASE + i}`
let emptySupplier: string
let productTypeName: string
const noFormType = `E2E No Form ${unique}`

beforeAll(async () => {
  browser = await launchBrowser()
  // A supplier without product types, and a product type whose only record type has no form.
  emptySupplier = `E2E Empty Supplier ${unique}`
  await adminCall('POST', '/svc/meta/api/assetmanufacturers', { name: emptySupplier })
  productTypeName = `E2E Gauge ${unique}`
  const typeId = await adminCall<number>('POST', '/svc/meta/api/assetmodels/', {
    name: productTypeName,
    description: productTypeName,
  })
  const recordTypeId = await adminCall<number>('POST', '/svc/meta/api/DataPointTypes/', {
    name: noFormType,
    sensorTypeId: 2,
    valueType: 'string',
    units: 'Test',
    description: 'description',
  })
  await adminCall('PUT', `/svc/itr/api/ProductTypes/${typeId}/RecordTypes`, [recordTypeId])
  const supplierId = await adminCall<number>('POST', '/svc/meta/api/assetmanufacturers', {
    name: `E2E Gauge Supplier ${unique}`,
  })
  await adminCall('POST', `/svc/meta/api/assetmanufacturers/attributes/${supplierId}`, {
    tableName: 'AssetManufacturers',
    key: 'SupplierProducts',
    name: 'SupplierProducts',
    description: 'products',
    value: JSON.stringify([
      { id: typeId, name: productTypeName, serialRanges: [{ id: 1, prefix: 'GG:', min: 1, max: 9 }] },
    ]),
  })
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await context?.close()
})

type View = 'viewAll' | 'supplier'
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>
const sessions: Partial<Record<View, StorageState>> = {}

/**
 * Opens `path` signed in as `view`. Each view signs in through the login modal once per file and later
 * tests reuse its stored session, since sign-in is rate limited per client (LOGIN_RATE_LIMIT).
 */
async function openAs(view: View, path: string) {
  const known = sessions[view]
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    ...(known ? { storageState: known } : {}),
  })
  page = await context.newPage()
  if (known) {
    await page.goto(baseUrl + path)
    await page.getByRole('button', { name: 'Log Out' }).waitFor()
  } else {
    await signIn(page, baseUrl, view, path)
    sessions[view] = await context.storageState()
  }
}

const select = (label: string) => page.getByLabel(label, { exact: true })
const warning = (text: string) => page.getByRole('alert').filter({ hasText: text })

describe('Add New Record', () => {
  it('walks Standard mode: supplier → product type → record type, with the SPEC §8 warnings', async () => {
    await openAs('viewAll', '/AddRecord')
    await page.getByRole('heading', { name: 'Add New Record' }).waitFor()
    expect(await page.getByRole('radio', { name: 'Standard' }).isChecked()).toBe(true)
    await expect.poll(() => page.getByRole('radio', { name: 'Calibration' }).isVisible()).toBe(true)

    await select('Supplier').selectOption({ label: emptySupplier })
    await warning(SPEC.noProductTypes).waitFor()
    expect(await select('Product Type').count()).toBe(0)

    await select('Supplier').selectOption({ label: 'Northwind Transformers' })
    expect(await warning(SPEC.noProductTypes).count()).toBe(0)
    await select('Product Type').selectOption({ label: 'On-load Tap Changer' })
    await warning(SPEC.noRecordTypes).waitFor()

    await select('Product Type').selectOption({ label: 'Distribution Transformer 11kV' })
    const recordTypes = await select('Record Type').locator('option').allInnerTexts()
    expect(recordTypes).toEqual([
      'Select a record type',
      'Transformer Routine Test',
      'Despatch Note',
      'Problem Report',
      'Transformer Ratio and Loss Check',
    ])
    await select('Record Type').selectOption({ label: 'Transformer Routine Test' })
    await page.getByRole('button', { name: 'Enter Data' }).waitFor()
    // A form record type offers no CSV upload.
    expect(await page.getByLabel('CSV file').count()).toBe(0)
    await screenshot(page, 'capture-add-record')

    await page.getByRole('button', { name: 'Enter Data' }).click()
    await page.waitForURL(/\/DataEntry\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('recordtype')).toMatch(/^\d+$/)
    expect(url.searchParams.get('producttype')).toBe('100200')
    expect(url.searchParams.get('supplier')).toMatch(/^\d+$/)
  })

  it('warns when the record type has no data entry form and offers no Enter Data', async () => {
    await openAs('viewAll', '/AddRecord')
    await select('Supplier').selectOption({ label: `E2E Gauge Supplier ${unique}` })
    await select('Product Type').selectOption({ label: productTypeName })
    await select('Record Type').selectOption({ label: noFormType })
    await warning(SPEC.noForm).waitFor()
    expect(await page.getByRole('button', { name: 'Enter Data' }).count()).toBe(0)
    await screenshot(page, 'capture-add-record-no-form')
  })

  it('Calibration mode picks an owner, hides Product Type and lists Calibration record types', async () => {
    await openAs('viewAll', '/AddRecord')
    await page.getByText('Calibration', { exact: true }).click()
    await select('Owner').waitFor()
    expect(await select('Supplier').count()).toBe(0)
    expect(await select('Product Type').count()).toBe(0)
    await select('Owner').selectOption({ label: 'Western Grid Services' })
    await select('Record Type').selectOption({ label: 'Test Equipment Calibration' })
    await page.getByRole('button', { name: 'Enter Data' }).click()
    await page.waitForURL(/\/DataEntry\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('owner')).toMatch(/^\d+$/)
    expect(url.searchParams.has('supplier')).toBe(false)
  })

  it("shows the supplier view without the mode switch or supplier choice, fixed to the user's supplier", async () => {
    await openAs('supplier', '/AddRecord')
    await page.getByText('Northwind Transformers').waitFor()
    expect(await page.getByRole('radio', { name: 'Calibration' }).count()).toBe(0)
    expect(await select('Supplier').count()).toBe(0)
    await select('Product Type').selectOption({ label: 'Distribution Transformer 11kV' })
    await select('Record Type').selectOption({ label: 'Transformer Routine Test' })
    await page.getByRole('button', { name: 'Enter Data' }).waitFor()
    await screenshot(page, 'capture-add-record-supplier')
  })
})

describe('CSV upload', () => {
  async function chooseBatchType() {
    await openAs('viewAll', '/AddRecord')
    await select('Supplier').selectOption({ label: 'Fabrikam Meters' })
    await select('Product Type').selectOption({ label: 'Smart Meter Single Phase' })
    await select('Record Type').selectOption({ label: 'Smart Meter Accuracy Batch' })
    await page.getByLabel('CSV file').waitFor()
  }
  const upload = (name: string, text: string) =>
    page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })

  it('offers a template built from the layout variables and accepts a good file', async () => {
    await chooseBatchType()
    expect(await page.getByRole('button', { name: 'Enter Data' }).count()).toBe(0)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV template' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('Smart-Meter-Accuracy-Batch-template.csv')
    const stream = await download.createReadStream()
    let template = ''
    for await (const chunk of stream) template += String(chunk)
    expect(template).toBe('serial,testDate,result,errorAt5A,errorAt60A,creepTest\r\n')

    await upload(
      'batch.csv',
      `${template}${meter(1)},01/05/2024,pass,0.2,-0.1,pass\r\n${meter(2)},01/05/2024 10:15,fail,1.4,0.3,pass\r\n`,
    )
    await page.getByRole('status').filter({ hasText: SPEC.uploaded }).waitFor()
    await screenshot(page, 'capture-csv-success')
  })

  it('lists every bad row with its line number and stores nothing', async () => {
    await chooseBatchType()
    await upload(
      'bad.csv',
      [
        'serial,testDate,result,errorAt5A,errorAt60A,creepTest',
        `${meter(3)},01/05/2024,pass,0.2,-0.1,pass`,
        `${meter(4)},not a date,pass,0.2,-0.1,pass`,
        `XYZ:5,01/05/2024,pass,0.2,-0.1,pass`,
        `${meter(6)},01/05/2024,maybe,0.2,-0.1,pass`,
      ].join('\n'),
    )
    const list = page.getByRole('list', { name: 'Rows with errors' })
    await list.waitFor()
    const rows = await list.getByRole('listitem').allInnerTexts()
    expect(rows.map((r) => r.split(':')[0])).toEqual(['Line 3', 'Line 4', 'Line 5'])
    expect(rows[0]).toContain('not a date')
    expect(rows[2]).toContain('maybe')
    await page.getByRole('heading', { name: '3 rows of bad.csv need fixing' }).waitFor()
    expect(await page.getByRole('alert').first().innerText()).toMatch(
      /^API Error: The file was not uploaded: 3 of 4 rows/,
    )
    await screenshot(page, 'capture-csv-errors')
  })

  it('says one bad row needs fixing, and refuses a file over 20 MB before sending it', async () => {
    await chooseBatchType()
    await upload(
      'one.csv',
      `serial,testDate,result,errorAt5A,errorAt60A,creepTest\n${meter(7)},01/05/2024,maybe,0.2,-0.1,pass\n`,
    )
    await page.getByRole('heading', { name: '1 row of one.csv needs fixing' }).waitFor()
    let posted = false
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('upload-csv')) posted = true
    })
    await upload('big.csv', 'serial\n'.padEnd(20 * 1024 * 1024 + 1, ' '))
    await page.getByRole('alert').filter({ hasText: 'The file is larger than the 20 MB limit.' }).waitFor()
    expect(posted).toBe(false)
  })

  it('refuses a file that is not .csv before any call', async () => {
    await chooseBatchType()
    let posted = false
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('upload-csv')) posted = true
    })
    await upload('batch.txt', 'serial\r\n')
    await page.getByRole('alert').filter({ hasText: 'batch.txt is not a .csv file.' }).waitFor()
    expect(posted).toBe(false)
  })
})
