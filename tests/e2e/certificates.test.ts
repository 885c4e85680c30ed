import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'
import { pdfText } from '../support/pdf-text'
import JSZip from 'jszip'
import { testPng } from '../support/images'

/** Issue #16.2: 'Certificate (PDF)' on the record view, read-only /DataEntry and each /Records row. */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p))

const nav = async (label: string) => {
  const link = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label })
  if (!(await link.isVisible()))
    await page
      .getByRole('button', { name: /navigation/i })
      .first()
      .click()
  await link.click()
}

/** Clicks a certificate button and answers the downloaded PDF's file name and text. */
async function download(button: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()])
  const bytes = fs.readFileSync((await file.path()) as string)
  return { name: file.suggestedFilename(), ...(await pdfText(bytes)) }
}

describe('test certificates in the browser', () => {
  it('downloads the certificate from a /Records row, the record view and read-only data entry', async () => {
    await signIn(page, baseUrl, 'internal', '/')
    await nav('Records')
    const records = page.getByRole('table', { name: 'Records' })
    const first = records
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: /^View record/ }) })
      .first()
    await first.getByRole('link', { name: /^View record/ }).waitFor()
    const serial = (await first.getByRole('cell').allInnerTexts()).find((t) => /:\d+$/.test(t.trim()))
    const fromRow = await download(first.getByRole('button', { name: /^Certificate \(PDF\) of record \d+$/ }))
    expect(fromRow.name).toMatch(/^certificate-\d+\.pdf$/)
    expect(fromRow.text).toMatch(/(Test|Calibration) certificate/)
    expect(fromRow.text).toContain(serial?.trim())
    await screenshot(page, 'records-certificate-action')

    // The record view (/Records/{id}) offers it in its header.
    const id = /certificate-(\d+)\.pdf/.exec(fromRow.name)?.[1]
    await page.goto(`${baseUrl}/Records/${id}`)
    const onView = await download(page.getByRole('button', { name: 'Certificate (PDF)', exact: true }))
    expect(onView.name).toBe(`certificate-${id}.pdf`)
    await page.goBack()

    await first.getByRole('link', { name: /^View record/ }).click()
    const button = page.getByRole('button', { name: 'Certificate (PDF)', exact: true })
    await button.waitFor()
    const fromPage = await download(button)
    expect(fromPage.text).toMatch(/(Test|Calibration) certificate/)
    expect(fromPage.text).toMatch(/Page 1 of \d+/)
    await screenshot(page, 'record-certificate-button')
  })

  it('selects rows in /Records and downloads their certificates as one zip of PDFs', async () => {
    await signIn(page, baseUrl, 'internal', '/')
    await nav('Records')
    const records = page.getByRole('table', { name: 'Records' })
    await records
      .getByRole('link', { name: /^View record/ })
      .first()
      .waitFor()
    const boxes = records.getByRole('checkbox', { name: /^Select record \d+/ })
    const chosen: string[] = []
    for (const i of [0, 1, 2]) {
      await boxes.nth(i).check()
      chosen.push(/Select record (\d+)/.exec((await boxes.nth(i).getAttribute('aria-label')) ?? '')![1])
    }
    await page.getByText('3 records selected.').waitFor()
    await screenshot(page, 'records-certificates-selected')
    await page.getByRole('button', { name: 'Certificates (3)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Certificates' })
    await dialog.getByText('3 records selected.').waitFor()
    expect(await dialog.getByLabel(/One zip of PDFs/).isChecked()).toBe(true)
    await screenshot(page, 'records-certificates-dialog')
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(file.suggestedFilename()).toMatch(/^certificates-\d{4}-\d{2}-\d{2}\.zip$/)
    const zip = await JSZip.loadAsync(fs.readFileSync((await file.path()) as string))
    const names = Object.keys(zip.files).sort()
    expect(names).toEqual(chosen.map((id) => `certificate-${id}.pdf`).sort())
    for (const name of names) {
      const { text } = await pdfText(await zip.files[name].async('uint8array'))
      // Titled by category (s12): despatch notes and problem reports are records, not certificates.
      expect(text).toMatch(/Test certificate|Calibration certificate|Despatch record|Problem report record/)
      expect(text).toMatch(/Page 1 of \d+/)
    }
    await dialog.waitFor({ state: 'detached' })

    // 'Select all matching' ticks every record the filters match; the merged PDF holds them all.
    await boxes.nth(0).uncheck()
    await page.getByRole('checkbox', { name: 'Select all records on this page' }).check()
    await page.getByRole('button', { name: /^Select all [\d,]+ matching$/ }).click()
    const all = /Certificates \(([\d,]+)\)/.exec(
      (await page.getByRole('button', { name: /^Certificates \(/ }).innerText()) ?? '',
    )![1]
    await page.getByText(`All ${all} matching records are selected.`).waitFor()
    await page.getByRole('button', { name: /^Certificates \(/ }).click()
    await dialog.getByLabel(/One merged PDF/).check()
    const [merged] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(merged.suggestedFilename()).toMatch(/\.pdf$/)
    const { text } = await pdfText(fs.readFileSync((await merged.path()) as string))
    // Each certificate numbers its own pages from 1.
    expect(text.match(/Page 1 of \d+/g)?.length).toBe(Number(all.replace(/,/g, '')))

    // The same at 400 px: the selection bar, the row checkboxes and the dialog fit the screen.
    await page.setViewportSize({ width: 400, height: 900 })
    // The drawer open at 1366 px closes as the window narrows past the breakpoint.
    await page.getByRole('button', { name: 'Open navigation' }).waitFor()
    await page.getByText(`All ${all} matching records are selected.`).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400)
    await screenshot(page, 'records-certificates-400')
    await page.getByRole('button', { name: /^Certificates \(/ }).click()
    await dialog.getByRole('button', { name: 'Download' }).waitFor()
    await screenshot(page, 'records-certificates-dialog-400')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })

  it('an administrator sets the organisation name and logo, and certificates carry them', async () => {
    await signIn(page, baseUrl, 'viewAll', '/')
    await nav('Certificate Settings')
    await page.getByRole('heading', { name: 'Certificate Settings' }).waitFor()
    await page.getByLabel('Organisation name').fill('Eastern Power Networks')
    await page.getByLabel('Address line').fill('1 Grid Way, Ipswich IP1 1AA · 01473 000000')
    await page
      .getByLabel('Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: testPng(240, 80) })
    await page.getByRole('img', { name: 'Current logo' }).waitFor()
    const preview = page.getByRole('figure', { name: 'Certificate header preview' })
    expect(await preview.innerText()).toContain('Eastern Power Networks')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Certificate settings saved.').waitFor()
    await page.setViewportSize({ width: 1366, height: 900 })
    await screenshot(page, 'certificate-settings-1366')
    await page.setViewportSize({ width: 400, height: 900 })
    await page.reload()
    await page.getByRole('img', { name: 'Current logo' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400)
    await screenshot(page, 'certificate-settings-400')

    // A logo over the limit is refused before it is sent.
    await page.getByLabel('Logo').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([testPng(10, 10), Buffer.alloc(600 * 1024)]),
    })
    await page
      .getByText('The logo is larger than the 512 KB limit; choose a smaller PNG or JPEG image.')
      .waitFor()
    await page.setViewportSize({ width: 1280, height: 900 })
    // Widened past the breakpoint, the drawer opens by itself (app-shell.tsx).
    await page.getByRole('button', { name: 'Close navigation' }).waitFor()

    await nav('Records')
    const row = page
      .getByRole('table', { name: 'Records' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: /^View record/ }) })
      .first()
    const pdf = await download(row.getByRole('button', { name: /^Certificate \(PDF\) of record \d+$/ }))
    expect(pdf.text).toContain('Eastern Power Networks')
    expect(pdf.text).toContain('1 Grid Way, Ipswich IP1 1AA')
  })
})
