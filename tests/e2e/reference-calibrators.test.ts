import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { MESSAGES } from '../../schemas/messages'
import { launchBrowser, screenshot, signIn, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let browser: Browser
let context: BrowserContext
let page: Page
let calls: string[]

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
  calls = []
  page.on('request', (r: Request) => {
    if (r.url().includes('/api/calibrators')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`)
  })
})
afterEach(async () => {
  await context?.close()
})

const grid = () => page.getByRole('table', { name: 'Calibrators' })
const banner = (text: string) => page.getByText(text, { exact: true })

describe('calibrators', () => {
  it('adds, edits and deletes a calibrator with the SPEC banners', async () => {
    const name = `E2E Calibration House ${Date.now()}`
    await signIn(page, baseUrl, 'configurator', '/Calibrators')
    await grid().getByRole('cell', { name: 'Precision Calibration Ltd', exact: true }).waitFor()
    await screenshot(page, 'ref-calibrators')

    await page.getByRole('button', { name: 'Add new calibrator' }).click()
    await grid().getByRole('button', { name: 'Save new calibrator' }).click()
    await banner(MESSAGES.calibrator.nameRequired).waitFor()
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([])

    await grid().getByLabel('Calibrator name').fill(name)
    await grid().getByRole('button', { name: 'Save new calibrator' }).click()
    await banner(MESSAGES.calibrator.saved(name)).waitFor()
    expect(calls).toContain('POST /svc/itr/api/calibrators')

    await grid()
      .getByRole('button', { name: `Edit ${name}` })
      .click()
    await grid().getByLabel('Calibrator name').fill(`${name} Renamed`)
    await screenshot(page, 'ref-calibrators-editing')
    await grid().getByLabel('Calibrator name').press('Enter')
    await banner(MESSAGES.calibrator.saved(`${name} Renamed`)).waitFor()
    expect(calls.some((c) => /^PUT \/svc\/itr\/api\/calibrators\/\d+$/.test(c))).toBe(true)

    await grid()
      .getByRole('button', { name: `Delete ${name} Renamed` })
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await banner(MESSAGES.calibrator.deleted(`${name} Renamed`)).waitFor()
    expect(
      await grid()
        .getByRole('cell', { name: `${name} Renamed` })
        .count(),
    ).toBe(0)

    // The change survives a reload.
    await page.reload()
    await grid().getByRole('cell', { name: 'Precision Calibration Ltd', exact: true }).waitFor()
    expect(
      await grid()
        .getByRole('cell', { name: new RegExp(name) })
        .count(),
    ).toBe(0)
  })

  it('deletes an unsaved row locally without any call', async () => {
    await signIn(page, baseUrl, 'configurator', '/Calibrators')
    await grid().getByRole('cell', { name: 'Precision Calibration Ltd', exact: true }).waitFor()
    calls = []
    await page.getByRole('button', { name: 'Add new calibrator' }).click()
    await grid().getByLabel('Calibrator name').fill('Never saved')
    const before = await grid().getByRole('row').count()
    await grid().getByRole('button', { name: 'Delete new calibrator' }).click()
    await banner(MESSAGES.calibrator.notSaved).waitFor()
    expect(await grid().getByRole('row').count()).toBe(before - 1)
    expect(calls).toEqual([])
  })
})
