import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, signIn, useBrowserPage, useFreshServer, enterRoutineTest } from '../support/e2e'
import { DEMO_USER } from '../support/api'

/**
 * Issue #18.4 end to end: the session is lost while the technician types (the token no longer verifies
 * and the refresh is refused). Save shows the login modal over the form; after signing in, the same
 * submission goes on with the same Idempotency-Key, the record is stored once and nothing typed is lost.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p), { viewport: { width: 1366, height: 900 } })

const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
const serial = `NWT:${2001 + (Date.now() % 900)}`
const EXPIRED =
  'Your session has expired. Sign in again to carry on: the page and what you entered stay as they are.'

async function openRoutineTest() {
  await signIn(page, baseUrl, 'internal', '/AddRecord')
  await enterRoutineTest(page)
}

async function fillAllButNoLoadLoss() {
  await field('Transformer serial number').fill(serial)
  await field('Test date').fill('02-05-2026')
  const [equipment] = await page.evaluate(async () => {
    const res = await fetch('/svc/itr/api/testEquipment', {
      headers: { Authorization: `Bearer ${localStorage.getItem('jwt')}` },
    })
    return (await res.json()) as { id: number }[]
  })
  await page.getByLabel('Test equipment used: test equipment ID').fill(String(equipment.id))
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await field('Voltage ratio error').fill('0.1')
  await field('Insulation resistance HV–LV').fill('5000')
  await page.getByRole('radiogroup', { name: 'Vector group' }).getByText('Dyn11').click()
  await page.getByRole('radiogroup', { name: 'Applied voltage withstand' }).getByText('Pass').click()
  await page.getByRole('radiogroup', { name: 'Oil level within sight glass' }).getByText('Yes').click()
}

/** Records with the serial, as the server has them. */
const storedWithSerial = () =>
  page.evaluate(async (s) => {
    const filter = encodeURIComponent(
      JSON.stringify({ filters: [{ field: 'productSerialNumber', value: s }] }),
    )
    const res = await fetch(`/svc/data/api/InstrumentTestRecord/Records/page/1/size/10/filter/${filter}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('jwt')}` },
    })
    return ((await res.json()) as { totalCount: number }).totalCount
  }, serial)

describe('session expiry while typing (issue #18.4)', () => {
  it('signs in over the form, then Save goes on with the same key and nothing typed is lost', async () => {
    await openRoutineTest()
    await fillAllButNoLoadLoss()

    // The session is lost mid-capture: the stored token no longer verifies and the refresh is refused.
    await page.route('**/svc/auth/api/token', (route) =>
      route.request().postData()?.includes('grant_type=refresh_token')
        ? route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"invalid_grant"}' })
        : route.continue(),
    )
    await page.evaluate(() => {
      const [header, payload] = localStorage.getItem('jwt')!.split('.')
      localStorage.setItem('jwt', `${header}.${payload}.not-a-signature`)
    })
    await field('No-load loss').fill('1')
    const keys: (string | undefined)[] = []
    page.on('request', (r) => {
      if (r.url().includes('/svc/submission/api/InstrumentTest/upload-single'))
        keys.push(r.headers()['idempotency-key'])
    })

    await page.getByRole('button', { name: 'Save' }).click()
    const modal = page.getByRole('dialog')
    await modal.getByText(EXPIRED).waitFor()
    // Behind the modal the form is as it was.
    expect(await field('Transformer serial number').inputValue()).toBe(serial)
    expect(await field('No-load loss').inputValue()).toBe('1')
    expect(await page.getByRole('heading', { name: 'Distribution Transformer Routine Test' }).count()).toBe(1)
    await screenshot(page, 'session-expired-modal-1366', false)
    await page.setViewportSize({ width: 400, height: 900 })
    await screenshot(page, 'session-expired-modal-400', false)
    // The modal keeps the focus: Tab from the last control comes back inside it.
    await modal.getByLabel('Username').focus()
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true)

    await modal.getByLabel('Username').fill(DEMO_USER.internal.username)
    await modal.getByLabel('Password').fill(DEMO_USER.internal.password)
    await modal.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBeTruthy()
    expect(keys[1]).toBe(keys[0])
    expect(await storedWithSerial()).toBe(1)
    expect(page.url()).toContain('/DataEntry')
  })
})
