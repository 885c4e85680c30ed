import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  navigate,
  screenshot,
  signIn,
  useBrowserPage,
  useFreshServer,
  enterRoutineTest,
} from '../support/e2e'
import { fakeCameraArgs, writeQrVideo } from '../support/qr-video'

/**
 * Issue #18.3 end to end: keyboard-wedge scanners (a serial typed fast, then Enter) in the Home search
 * cards and the serial boxes of /DataEntry, and the camera path — Chromium's fake camera shows a QR code
 * that the scan modal's @zxing/browser reader decodes from a real <video>.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'itr-scan-')), 'camera.y4m')
writeQrVideo(video, JSON.stringify({ t: 'NWT', s: '1003' }))
let page: Page
useBrowserPage(
  (p) => (page = p),
  { viewport: { width: 1366, height: 900 }, permissions: ['camera'] },
  fakeCameraArgs(video),
)

const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))

/** What a keyboard-wedge scanner does: types the code quickly into the focused box, then Enter. */
async function wedge(box: ReturnType<Page['getByLabel']>, code: string) {
  await box.click()
  await page.keyboard.type(code, { delay: 5 })
  await page.keyboard.press('Enter')
}

async function openRoutineTest() {
  await navigate(page, baseUrl, '/AddRecord')
  await enterRoutineTest(page)
}

describe('scan first (issue #18.3)', () => {
  it('a wedge scan in a Home search card searches at Enter, a QR URL reduced to its serial', async () => {
    await signIn(page, baseUrl, 'internal')
    const product = page.getByRole('search', { name: 'Product Search' })
    await wedge(
      product.getByLabel('Serial number'),
      `${baseUrl}/Products?filter=productSerialNumber&value=NWT%3A1003`,
    )
    await page.waitForURL((url) => url.pathname === '/Products')
    expect(new URL(page.url()).searchParams.get('value')).toBe('NWT:1003')
    await page.getByText('Showing 1–1 of 1', { exact: true }).waitFor()

    await navigate(page, baseUrl, '/Home')
    await wedge(page.getByRole('search', { name: 'Record Search' }).getByLabel('Serial number'), 'NWT:1003')
    await page.waitForURL((url) => url.pathname === '/Records')
    expect(new URL(page.url()).searchParams.get('value')).toBe('NWT:1003')
  })

  it('a wedge scan in a serial box looks the serial up at Enter and never submits the form', async () => {
    const submissions: string[] = []
    page.on('request', (r) => r.url().includes('/svc/submission/') && submissions.push(r.url()))
    await signIn(page, baseUrl, 'internal')
    await openRoutineTest()
    await wedge(
      field('Transformer serial number'),
      `${baseUrl}/Records?filter=productSerialNumber&value=NWT:1003`,
    )
    await page.getByRole('complementary', { name: 'Product NWT:1003' }).waitFor()
    expect(await field('Transformer serial number').inputValue()).toBe('NWT:1003')
    // The barcode box: a product's serial number payload {t,s} typed by the wedge is reduced at Enter.
    await wedge(field('HV bushing serial number'), '{"t":"BSH","s":"2001"}')
    await expect.poll(() => field('HV bushing serial number').inputValue()).toBe('BSH:2001')
    expect(submissions).toEqual([])
    expect(await page.getByRole('heading', { name: 'Upload Complete' }).count()).toBe(0)
  })

  it('the camera reads a test equipment label into the picker and a product label into a serial box', async () => {
    await signIn(page, baseUrl, 'internal')
    const [equipment] = await page.evaluate(async () => {
      const res = await fetch('/svc/itr/api/testEquipment', {
        headers: { Authorization: `Bearer ${localStorage.getItem('jwt')}` },
      })
      return (await res.json()) as {
        id: number
        serialNumber: { full: string; prefix: string; value: string }
      }[]
    })
    const { full, prefix, value } = equipment.serialNumber
    // SPEC §3's label payload, as the equipment page's QR code holds it.
    writeQrVideo(video, JSON.stringify({ id: equipment.id, t: prefix.replace(/:$/, ''), s: value }))
    await openRoutineTest()
    await screenshot(page, 'scan-serial-and-picker-1366')
    await page.getByRole('button', { name: 'Scan', exact: true }).click()
    await page.getByRole('dialog', { name: 'Scan Test Equipment Barcode' }).waitFor()
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
    await page.getByRole('listitem', { name: `Test equipment ${full}` }).waitFor()

    writeQrVideo(video, JSON.stringify({ t: 'NWT', s: '1003' }))
    await page.setViewportSize({ width: 400, height: 900 })
    // The drawer open at 1366 px closes as the window narrows past the breakpoint.
    await page.getByRole('button', { name: 'Open navigation' }).waitFor()
    await screenshot(page, 'scan-serial-and-picker-400')
    await page.getByRole('button', { name: 'Scan Transformer serial number' }).click()
    await page.getByRole('dialog', { name: 'Scan Barcode' }).waitFor()
    await screenshot(page, 'scan-modal-camera-400', false)
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 20_000 })
    await expect.poll(() => field('Transformer serial number').inputValue()).toBe('NWT:1003')
    await page.getByRole('complementary', { name: 'Product NWT:1003' }).waitFor()
  })
})
