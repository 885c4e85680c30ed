import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'

let baseUrl = ''
let dataDir = ''
useFreshServer((url, server) => {
  baseUrl = url
  dataDir = server.dataDir
})

let page: Page

useBrowserPage((p) => (page = p), { viewport: { width: 1280, height: 900 }, acceptDownloads: true })

const grid = () => page.getByRole('table', { name: 'Records' })
const settled = () => grid().and(page.locator('[aria-busy="false"]')).waitFor()
// The first column holds the row checkboxes of batch certificates (issue #16.3): headers and columns
// below count the SPEC §2 columns after it.
const headers = async () => {
  const all = await grid().locator('thead tr').first().getByRole('columnheader').allInnerTexts()
  expect(all[0]).toBe('')
  return all.slice(1)
}
const column = async (n: number) => {
  await settled()
  return grid()
    .locator(`tbody tr td:nth-child(${n + 1})`)
    .allInnerTexts()
}
const categorySelect = () => page.getByLabel('Category', { exact: true })

/** Reads a downloaded workbook's first sheet as rows of cell texts. */
async function readWorkbook(path: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(path)
  const sheet = book.worksheets[0]
  const rows: string[][] = []
  sheet.eachRow((row) => {
    const values = row.values as unknown[]
    rows.push(values.slice(1).map((v) => (v == null ? '' : String(v))))
  })
  return rows
}

describe('/Records', () => {
  it("Home 'Record Search' for a serial lands on /Records showing only that serial's records", async () => {
    await signIn(page, baseUrl, 'internal')
    const card = page.getByRole('search', { name: 'Record Search' })
    await card.getByLabel('Serial number').fill('NWT:1001')
    await card.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL('**/Records?**')
    await page.getByRole('heading', { name: 'Records', exact: true }).waitFor()
    await page.getByText('Filtered by Serial NWT:1001').waitFor()
    const serials = await column(1)
    expect(serials.length).toBeGreaterThanOrEqual(2)
    expect(new Set(serials)).toEqual(new Set(['NWT:1001']))
    await screenshot(page, 'browse-records-search')

    await page.getByRole('button', { name: 'Clear Filters' }).click()
    await page.getByText('Showing 1–10 of 18').waitFor()
  })

  it('offers All and every category to a configurator, with the columns of each category', async () => {
    await signIn(page, baseUrl, 'configurator', '/Records')
    await page.getByText('Showing 1–10 of 18').waitFor()
    expect(await categorySelect().locator('option').allInnerTexts()).toEqual([
      'All',
      'Test',
      'Despatch',
      'Problem Report',
      'Calibration',
    ])
    // Issue #19: every category shows the review Status before the Date.
    expect(await headers()).toEqual([
      'Serial ↕',
      'Product Type ↕',
      'Record Type ↕',
      'Status',
      'Date ↕',
      'Actions',
    ])
    expect((await column(5))[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
    await screenshot(page, 'browse-records-all')

    const expected = {
      Test: [
        'Serial ↕',
        'Product Type ↕',
        'Record Type ↕',
        'Result ↕',
        'Supplier ↕',
        'Status',
        'Date ↕',
        'Actions',
      ],
      Despatch: ['Serial ↕', 'Product Type ↕', 'Job No. ↕', 'Customer ↕', 'Status', 'Date ↕', 'Actions'],
      'Problem Report': [
        'Serial ↕',
        'Product Type ↕',
        'Fault Item',
        'Repair Item',
        'Fault Descriptive',
        'Repair Descriptive',
        'Status',
        'Date ↕',
        'Actions',
      ],
      Calibration: ['Serial ↕', 'Product Type ↕', 'Status', 'Date ↕', 'Actions'],
    }
    for (const [label, cols] of Object.entries(expected)) {
      await categorySelect().selectOption({ label })
      await settled()
      expect(await headers()).toEqual(cols)
      expect((await column(1)).length).toBeGreaterThan(0)
      await screenshot(page, `browse-records-${label.toLowerCase().replace(/ /g, '-')}`)
    }
    // Calibration rows are test equipment serials.
    expect(new Set((await column(1)).map((s) => s.split(':')[0]))).toEqual(new Set(['EPN-TE']))
  })

  it('filters Test records by result and hides the dropdown when the viewer has one category', async () => {
    await signIn(page, baseUrl, 'internal', '/Records')
    await page.getByText('Showing 1–10 of 18').waitFor()
    await categorySelect().selectOption({ label: 'Test' })
    await page.getByLabel('Filter by Result').selectOption({ label: 'Fail' })
    // NWT:1003's ratio, FSM:40003's error and CRM:102 (waiting for review: a record shows its own result).
    await page.getByText('Showing 1–3 of 3').waitFor()
    expect(await column(4)).toEqual(['Fail', 'Fail', 'Fail'])

    // With only the Test category in the session there is nothing to choose.
    await page.evaluate(() => localStorage.setItem('recordViewCategories', '[1]'))
    await page.reload()
    await settled()
    expect(await categorySelect().count()).toBe(0)
    expect(await headers()).toContain('Result ↕')
    await expect.poll(() => page.getByRole('button', { name: 'Export to Excel' }).isVisible()).toBe(true)
  })

  it('opens form records in /DataEntry and other records as key/value lines on /Records/{id}', async () => {
    await signIn(page, baseUrl, 'configurator', '/Records?filter=productSerialNumber&value=FSM:40003')
    await settled()
    const view = grid().getByRole('link', { name: /^View record/ })
    expect(await view.count()).toBe(1)
    await view.click()
    await page.waitForURL(/\/Records\/\d+$/)
    await page.getByRole('heading', { name: 'Smart Meter Accuracy Batch FSM:40003' }).waitFor()
    const lines = page.locator('.record-line')
    const text = (await lines.allInnerTexts()).map((t) => t.replace(/\s*\n\s*/, ' = '))
    expect(text).toEqual(
      expect.arrayContaining([
        'Serial = FSM:40003',
        'Record Type = Smart Meter Accuracy Batch',
        'Result = Fail',
      ]),
    )
    expect(text.find((t) => t.startsWith('Date = '))).toMatch(/^Date = \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
    await screenshot(page, 'browse-record-detail')

    await page.goto(`${baseUrl}/Records?filter=productSerialNumber&value=NWT:1003`)
    await settled()
    const hrefs = await grid()
      .getByRole('link', { name: /^View record/ })
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs.length).toBeGreaterThan(0)
    for (const href of hrefs)
      expect(href).toMatch(/^\/DataEntry\?producttype=100200&recordtype=\d+&record=\d+/)
  })

  it('labels a form record’s values with the layout it was captured with', async () => {
    await signIn(page, baseUrl, 'configurator', '/Records?filter=productSerialNumber&value=NWT:1003')
    await settled()
    const href = await grid()
      .getByRole('link', { name: /^View record/ })
      .first()
      .getAttribute('href')
    const id = new URL(href!, baseUrl).searchParams.get('record')
    await page.goto(`${baseUrl}/Records/${id}`)
    await page.locator('.record-line').first().waitFor()
    const labels = await page.locator('.record-line dt').allInnerTexts()
    // Labels come from the layout (written by people), not the variable names.
    expect(labels.length).toBeGreaterThan(8)
    expect(labels.some((l) => /\s/.test(l) && /^[A-Z]/.test(l))).toBe(true)
    // A multi-line text keeps its line breaks (they ran into one line).
    const wrap = await page
      .locator('.record-line dd')
      .first()
      .evaluate((dd) => getComputedStyle(dd).whiteSpace)
    expect(wrap).toBe('pre-line')
    await screenshot(page, 'browse-record-detail-form')
  })
})

describe('Excel export', () => {
  it('logs the export with the SPEC banner for 5 s, then offers the workbook, which exceljs can read', async () => {
    await signIn(page, baseUrl, 'configurator', '/Records')
    await settled()
    await categorySelect().selectOption({ label: 'Test' })
    // How many Test records passed, as the grid counts them.
    await page.getByLabel('Filter by Result').selectOption({ label: 'Pass' })
    await expect.poll(async () => [...new Set(await column(4))], { timeout: 10_000 }).toEqual(['Pass'])
    const passed = Number(/of (\d+)$/.exec(await page.getByText(/^Showing 1–\d+ of \d+$/).innerText())![1])
    expect(passed).toBeGreaterThan(1)
    await page.getByRole('button', { name: 'Export to Excel' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export to Excel' })
    await dialog.getByLabel('Serial Number').waitFor()
    // The dialog's fields (SPEC §2) and the Test Record section of the chosen category.
    for (const label of [
      'Serial Number',
      'Product Type',
      'Record Type',
      'Start date',
      'End date',
      'Supplier names',
    ])
      expect(await dialog.getByLabel(label, { exact: true }).count()).toBe(1)
    await dialog.getByText('Test Record', { exact: true }).waitFor()
    await dialog.getByLabel('Start date', { exact: true }).check()
    await dialog.getByLabel('Start date (dd-MM-yyyy)').fill('2001-01-01')
    await dialog.getByRole('button', { name: 'Export' }).click()
    await dialog.getByText('Enter the date as dd-MM-yyyy.').waitFor()
    await dialog.getByLabel('Start date (dd-MM-yyyy)').fill('01-01-2001')
    await dialog.getByLabel('Pass', { exact: true }).check()
    await dialog.getByText(`${passed} records match.`).waitFor()
    const matches = passed
    await screenshot(page, 'browse-export-dialog')

    await dialog.getByRole('button', { name: 'Export' }).click()
    const banner = page
      .getByRole('status')
      .filter({ hasText: 'Request logged, you will receive an email with the results.' })
    await banner.waitFor()
    const shownAt = Date.now()
    const ready = page.getByRole('button', { name: /^Download records-export-\d+\.xlsx$/ })
    await ready.waitFor()
    await screenshot(page, 'browse-export-ready')
    await banner.waitFor({ state: 'hidden', timeout: 10_000 })
    const shownFor = Date.now() - shownAt
    expect(shownFor).toBeGreaterThan(3500)
    expect(shownFor).toBeLessThan(8000)

    const [download] = await Promise.all([page.waitForEvent('download'), ready.click()])
    expect(download.suggestedFilename()).toMatch(/^records-export-\d+\.xlsx$/)
    const file = await download.path()
    expect(fs.statSync(file).size).toBeGreaterThan(0)
    const rows = await readWorkbook(file)
    // A header row, then one row per matching record.
    expect(rows.length - 1).toBe(matches)
    expect(rows.slice(1).every((r) => r.some((c) => c.toLowerCase() === 'pass'))).toBe(true)

    // Without SMTP the e-mail is filed in the outbox, the same workbook beside it; it opens.
    const jobFile = download.suggestedFilename()
    const outbox = path.join(dataDir, 'outbox')
    expect(fs.readFileSync(path.join(outbox, jobFile.replace(/\.xlsx$/, '.eml')), 'utf8')).toMatch(
      /^Subject: ITR Studio: your records export$/m,
    )
    expect((await readWorkbook(path.join(outbox, jobFile))).length - 1).toBe(matches)
  })

  it("'Download now' fetches the server's workbook at once: the same columns as the e-mailed export", async () => {
    await signIn(page, baseUrl, 'configurator', '/Records')
    await settled()
    await page.getByRole('button', { name: 'Export to Excel' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export to Excel' })
    await dialog.getByText('18 records match.').waitFor()
    // Holding the server's answer back shows what the user sees while the workbook is built.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let requested = false
    await page.route('**/ExcelExport/now/filter/**', async (route) => {
      requested = true
      await held
      await route.continue()
    })
    const downloading = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Download now' }).click()
    const progress = dialog.getByRole('progressbar', { name: 'Download progress' })
    await progress.waitFor()
    expect(await progress.innerText()).toBe('Preparing 18 records…')
    await expect.poll(() => dialog.getByRole('button', { name: 'Stop download' }).isVisible()).toBe(true)
    expect(requested).toBe(true)
    release()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^records-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const rows = await readWorkbook(await download.path())
    expect(rows[0].slice(0, 17)).toEqual([
      'Record ID',
      'Serial Number',
      'Product Type',
      'Record Type',
      'Category',
      'Supplier',
      'Result',
      'Status',
      'Suspect',
      'Date',
      'Job No.',
      'Customer',
      'Batch Number',
      'Fault Item',
      'Repair Item',
      'Fault Descriptive',
      'Repair Descriptive',
    ])
    expect(rows).toHaveLength(19)
    expect(new Set(rows.slice(1).map((r) => r[4]))).toEqual(
      new Set(['Test', 'Despatch', 'Problem Report', 'Calibration']),
    )
  })
})
