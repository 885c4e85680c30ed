import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'
import { pdfText } from '../support/pdf-text'

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
    expect(fromRow.text).toContain('Test certificate')
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
    expect(fromPage.text).toMatch(/Overall verdict: (PASS|FAIL|not judged)/)
    expect(fromPage.text).toMatch(/Page 1 of \d+/)
    await screenshot(page, 'record-certificate-button')
  })
})
