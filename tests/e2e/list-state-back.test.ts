import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { navigate, screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'

/**
 * Walk F1, F5, F10, F11 (products and impact cases): a list's filters, sort and page live in the URL, so
 * going to a row's page and Back (or a shared link) shows the same list; the product family note names
 * the product however it was reached; an empty case list says why by its filter; a case that does not
 * exist is said so once, without Retry or a records call.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p))

const products = () => page.getByRole('table', { name: 'Products' })
const settled = (name: string) =>
  page.getByRole('table', { name }).and(page.locator('[aria-busy="false"]')).waitFor()
const pager = (text: string) => page.getByText(text, { exact: true }).waitFor()
const search = () => new URL(page.url()).search
async function serials(): Promise<string[]> {
  await settled('Products')
  const texts = await products().locator('tbody tr td:first-child').allInnerTexts()
  return texts.filter((t) => t !== 'No products match these filters.')
}
/** Follows a row's Records link and comes back with the browser's Back. */
async function recordsAndBack(name: RegExp | string) {
  await products().getByRole('link', { name }).first().click()
  await page.waitForURL((url) => url.pathname === '/Records')
  await page.goBack()
  await page.waitForURL((url) => url.pathname === '/Products')
  await settled('Products')
}

const today = () => {
  const d = new Date()
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`
}
const field = (label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`))

/** As tests/e2e/impact-cases.test.ts: a calibration of EPN-TE:1 found out of tolerance opens a case. */
async function openCase() {
  await navigate(page, baseUrl, '/AddRecord')
  await page.getByText('Calibration', { exact: true }).click()
  await page.getByLabel('Owner', { exact: true }).selectOption({ label: 'Eastern Power Networks' })
  await page.getByLabel('Record Type', { exact: true }).selectOption({ label: 'Test Equipment Calibration' })
  await page.getByRole('button', { name: 'Enter Data' }).click()
  await page.getByRole('heading', { name: 'Test Equipment Calibration' }).waitFor()
  await field('Equipment serial number').fill('EPN-TE:1')
  await field('Calibration date').fill(today())
  await field('Description').fill('Insulation resistance tester')
  await field('Calibration frequency').fill('12')
  await field('Calibration house').selectOption({ index: 1 })
  await field('Location').selectOption({ label: 'Ipswich Depot' })
  await field('As-found error at reference').fill('0.9')
  await page.getByRole('radiogroup', { name: 'As-found functional check' }).getByText('Fail').click()
  await field('As-left error at reference').fill('0.05')
  await page.getByRole('radiogroup', { name: 'As-left functional check' }).getByText('Pass').click()
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()
}

describe('lists keep their view across Back (walk F1)', () => {
  it('/Products: page, status filter, sort and a typed filter come back after Records and Back', async () => {
    await signIn(page, baseUrl, 'viewAll', '/Products')
    await pager('Showing 1–10 of 19')
    await page.getByRole('button', { name: 'Next page' }).click()
    await pager('Showing 11–19 of 19')
    await recordsAndBack(/^Show records of/)
    await pager('Showing 11–19 of 19')

    const status = page.getByRole('group', { name: 'Filter by Status' })
    await status.getByText('Fail', { exact: true }).click()
    await pager('Showing 1–2 of 2')
    await recordsAndBack(/^Show records of/)
    await pager('Showing 1–2 of 2')
    expect((await serials()).sort()).toEqual(['FSM:40003', 'NWT:1003'])
    expect(await status.getByRole('checkbox', { checked: true }).count()).toBe(1)

    await page.getByRole('button', { name: 'Clear Filters' }).click()
    await pager('Showing 1–10 of 19')
    expect(search()).toBe('')
    await page.getByRole('button', { name: 'Serial Number', exact: true }).click()
    const box = page.getByLabel('Filter by Serial Number')
    await box.pressSequentially('nwt:100', { delay: 20 })
    await pager('Showing 1–6 of 6')
    expect(await box.inputValue()).toBe('nwt:100')
    await recordsAndBack(/^Show records of/)
    expect(await box.inputValue()).toBe('nwt:100')
    const back = await serials()
    expect(back).toEqual([...back].sort())
    expect(back).toHaveLength(6)
    // A shared link shows the same list.
    await page.goto(page.url())
    await pager('Showing 1–6 of 6')
    expect(await box.inputValue()).toBe('nwt:100')
  })

  it("/Products: Home's search link keeps SPEC §2's shape, and the family note names its product (F10)", async () => {
    await signIn(page, baseUrl, 'viewAll')
    const card = page.getByRole('search', { name: 'Product Search' })
    await card.getByLabel('Serial number').fill('NWT:1003')
    await card.getByRole('button', { name: 'Search', exact: true }).click()
    await pager('Showing 1–1 of 1')
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      filter: 'productSerialNumber',
      value: 'NWT:1003',
    })

    const note = page.getByLabel('Product family')
    const first = 'Showing product NWT:1003 and its children (Transformer Bushing: 1).'
    await page.getByRole('button', { name: 'Filter to NWT:1003 and its children' }).click()
    await note.getByText(first).waitFor()
    await page.getByRole('button', { name: 'Filter to NWB:2003 and its children' }).click()
    await note.getByText('Showing product NWB:2003 and its children.').waitFor()
    await page.getByRole('button', { name: 'Show its parent product' }).click()
    await note.getByText(first).waitFor()
    await screenshot(page, 'list-state-products-parent')
    await recordsAndBack('Show records of NWT:1003')
    await note.getByText(first).waitFor()
    expect((await serials()).sort()).toEqual(['NWB:2003', 'NWT:1003'])
  })

  it('/ImpactCases: the status filter survives the case and Back; a case keeps Show; F5 and F11', async () => {
    await signIn(page, baseUrl, 'configurator', '/')
    await openCase()
    await navigate(page, baseUrl, '/ImpactCases')
    await settled('Impact Cases')
    const statusSelect = page.getByLabel('Status', { exact: true })

    // F5: a filter that matches nothing says so, not that no calibration ever failed.
    await statusSelect.selectOption('closed')
    await page.getByText('No impact cases match these filters.').waitFor()

    await statusSelect.selectOption('open')
    await settled('Impact Cases')
    const open = page.getByRole('link', { name: /^Open impact case \d+$/ }).first()
    await open.click()
    await page.waitForURL(/\/ImpactCases\/\d+/)
    await settled('Suspect records')
    // The page's own Back link returns to the list as it was.
    await page.getByRole('link', { name: 'Back', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/ImpactCases')
    expect(search()).toBe('?status=open')
    expect(await statusSelect.inputValue()).toBe('open')
    // So does the browser's Back.
    await open.click()
    await settled('Suspect records')
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/ImpactCases')
    expect(await statusSelect.inputValue()).toBe('open')

    await open.click()
    await settled('Suspect records')
    await page.getByLabel('Show', { exact: true }).selectOption('undecided')
    await settled('Suspect records')
    await page
      .getByRole('link', { name: /^View record/ })
      .first()
      .click()
    await page.waitForURL((url) => /^\/(Records|DataEntry)/.test(url.pathname))
    await page.goBack()
    await settled('Suspect records')
    expect(await page.getByLabel('Show', { exact: true }).inputValue()).toBe('undecided')

    // F11: one call, the not-found text as is, no Retry; a non-numeric id makes no call.
    const calls: string[] = []
    page.on('request', (r) => r.url().includes('/api/ImpactCases/') && calls.push(new URL(r.url()).pathname))
    await navigate(page, baseUrl, '/ImpactCases/99')
    await page.getByText('Impact case 99 does not exist', { exact: true }).waitFor()
    expect(calls).toEqual(['/svc/itr/api/ImpactCases/99'])
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0)
    calls.length = 0
    await navigate(page, baseUrl, '/ImpactCases/abc')
    await page.getByText('Impact case abc does not exist', { exact: true }).waitFor()
    expect(calls).toEqual([])
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0)
  })
})
