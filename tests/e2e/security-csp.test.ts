import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { MESSAGES } from '../../schemas/messages'
import { enterRoutineTest, launchBrowser, screenshot, signIn, useFreshServer } from '../support/e2e'

/**
 * Issue 8 point 5: the real server's Content-Security-Policy has no 'unsafe-eval' (nor inline
 * scripts), and every screen that validates with JSON Schema still works under it — the designer
 * (layout validation, inspector, Monaco's JSON view), Preview, reference-data forms and /DataEntry.
 * Any `securitypolicyviolation` event or console error fails the walk.
 */

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let browser: Browser
let context: BrowserContext
let page: Page

/** Violations and console errors the page reported, for the test to assert none. */
let problems: string[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  problems = []
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
  // Registered before any app script: a blocked eval in the first module evaluation is caught too.
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    )
  })
  page = await context.newPage()
  page.on('console', (m) => {
    // rjsf logs the errors it shows on a refused submit; that is the validation working, not a fault.
    if (m.type() === 'error' && !m.text().startsWith('Form validation failed'))
      problems.push(`console: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
})
afterEach(async () => {
  await context?.close()
})

/** What the current document's listener saw, plus console errors so far. */
async function violations(): Promise<string[]> {
  const seen = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  )
  return [...seen, ...problems]
}

const card = (path: string) => page.getByTestId(`control-${path}`)
const inspector = () => page.getByRole('complementary', { name: 'Inspector' })
const designer = () => page.getByRole('region', { name: 'Form designer' })
const field = (label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`))

describe('Content-Security-Policy without unsafe-eval', () => {
  it('is what the server sends with the app', async () => {
    const res = await fetch(`${baseUrl}/RecordTypes`)
    const csp = res.headers.get('content-security-policy') ?? ''
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
    expect(scriptSrc).toEqual(['script-src', "'self'"])
    expect(csp).not.toContain('unsafe-eval')
  })

  it('a configurator edits a record type: designer, inspector, JSON view with a marker, Preview', async () => {
    await signIn(page, baseUrl, 'configurator', '/RecordTypes')
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Transformer Routine Test', exact: true }) })
    await row.getByRole('link', { name: 'Edit Transformer Routine Test' }).click()
    await page.getByRole('heading', { name: 'Edit Record Type' }).waitFor()

    // The inspector is an rjsf form validated live on every change (rjsf's validator, no eval).
    await card('4.0').click()
    const label = inspector().getByLabel(/^Label\*?$/)
    expect(await label.inputValue()).toBe('Voltage ratio error')
    await label.fill('Voltage ratio error (%)')
    await card('4.0').getByText('Voltage ratio error (%)').waitFor()
    await screenshot(page, 'csp-designer-inspector')

    // Monaco's JSON view: the layout schema is attached; an invalid value gets a marker and a message.
    await designer().getByRole('tab', { name: 'JSON' }).click()
    const editor = page.locator('.monaco-editor').first()
    await editor.waitFor()
    await editor.locator('.view-lines').click()
    await page.keyboard.press('Control+h')
    const find = page.locator('.find-widget textarea[aria-label="Find"]')
    await find.waitFor()
    await find.fill('"col": 3')
    await page.locator('.find-widget textarea[aria-label="Replace"]').fill('"col": "wide"')
    await page.locator('.find-widget [aria-label^="Replace All"]').click()
    await page.getByTestId('json-errors').getByText('must be integer').first().waitFor()
    await editor.locator('.squiggly-error').first().waitFor()
    await screenshot(page, 'csp-designer-json-marker')
    await find.fill('"col": "wide"')
    await page.locator('.find-widget textarea[aria-label="Replace"]').fill('"col": 3')
    await page.locator('.find-widget [aria-label^="Replace All"]').click()
    await expect.poll(() => page.getByTestId('json-errors').count()).toBe(0)

    // Preview renders the record form with the real runtime: typing gives Pass, then Fail.
    await designer().getByRole('tab', { name: 'Preview' }).click()
    const value = page.getByLabel('Voltage ratio error (%)', { exact: true })
    await value.fill('0.2')
    await page.getByLabel('Voltage ratio error (%) result').getByText('Pass').waitFor()
    await value.fill('9')
    await page.getByLabel('Voltage ratio error (%) result').getByText('Fail').waitFor()
    await screenshot(page, 'csp-designer-preview')

    expect(await violations()).toEqual([])
  })

  it('an admin triggers a validation message in the supplier edit form', async () => {
    await signIn(page, baseUrl, 'viewAll', '/Suppliers')
    const grid = page.getByRole('table', { name: 'Suppliers' })
    await grid.getByRole('link', { name: 'Edit Northwind Transformers' }).click()
    await page.getByRole('heading', { name: 'Edit Supplier' }).waitFor()
    await page.getByLabel(/^Name/).fill('   ')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText(MESSAGES.supplier.nameRequired).waitFor()
    await screenshot(page, 'csp-supplier-validation')
    expect(await violations()).toEqual([])
  })

  it('a technician enters data: Pass/Fail while typing and field messages on Save', async () => {
    await signIn(page, baseUrl, 'internal', '/AddRecord')
    await enterRoutineTest(page)
    await page.waitForURL(/\/DataEntry\?/)

    const ratio = field('Voltage ratio error')
    await ratio.fill('0.2')
    await page.getByLabel('Voltage ratio error result').getByText('Pass').waitFor()
    await ratio.fill('7')
    await page.getByLabel('Voltage ratio error result').getByText('Fail').waitFor()

    // Save with required fields empty: the SPEC texts under the fields, from the field validators.
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Test date is required.').waitFor()
    await page.getByText('At least 1 test equipment required for Test equipment used').waitFor()
    await screenshot(page, 'csp-data-entry-messages')
    // Fixing a field clears its message at once (re-validated while typing).
    await field('Test date').fill('02-05-2024')
    await expect.poll(() => page.getByText('Test date is required.').count()).toBe(0)

    expect(await violations()).toEqual([])
  })

  it('the document viewer shows an uploaded PDF in its frame (frame-src blob:)', async () => {
    await signIn(page, baseUrl, 'internal', '/AddRecord')
    await enterRoutineTest(page)
    await page.waitForURL(/\/DataEntry\?/)
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    await page
      .getByLabel('Signed test report (PDF)')
      .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf })
    const slot = page.locator('[data-variable="report"]')
    await slot.getByText('Uploaded').waitFor()
    await slot.getByRole('button', { name: 'View' }).click()
    const dialog = page.getByRole('dialog', { name: 'report.pdf' })
    await dialog.locator('iframe[title="report.pdf"]').waitFor()
    await screenshot(page, 'csp-document-viewer-pdf')
    // Before, default-src blocked the frame: 'Framing blob:… violates … default-src'.
    expect(await violations()).toEqual([])
  })
})
