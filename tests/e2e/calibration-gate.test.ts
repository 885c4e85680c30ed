import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { screenshot, signIn, useBrowserPage, useFreshServer, enterRoutineTest } from '../support/e2e'

/**
 * Issue #15.1–2 end to end: a record type whose test equipment control blocks out-of-calibration
 * devices. A technician who picks an expired device cannot save and sees why; a configurator overrides
 * it with a reason and saves; the record view shows the frozen snapshot with the override.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p))

type Json = Record<string, unknown>

async function adminCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const login = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.viewAll }).toString(),
  })
  const { token } = (await login.json()) as { token: string }
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** Every testEquipment control of the layout gets calibrationPolicy 'block'. */
function blockEquipment(controls: Json[]): Json[] {
  return controls.map((c) => ({
    ...c,
    ...(c.type === 'testEquipment' ? { calibrationPolicy: 'block' } : {}),
    ...(Array.isArray(c.children) ? { children: blockEquipment(c.children as Json[]) } : {}),
  }))
}

/** The demo 'Transformer Routine Test' gets a block policy (a new layout revision, as the designer saves). */
async function makeRoutineTestBlock() {
  const types = await adminCall<{ id: number; name: string }[]>('GET', '/svc/meta/api/DataPointTypes/')
  const { id } = types.find((t) => t.name === 'Transformer Routine Test')!
  const type = await adminCall<{ attributes: { key: string; value: string }[] }>(
    'GET',
    `/svc/meta/api/DataPointTypes/${id}`,
  )
  const layout = JSON.parse(type.attributes.find((a) => a.key === 'DataEntryForm')!.value) as Json
  layout.controls = blockEquipment(layout.controls as Json[])
  await adminCall('POST', `/svc/meta/api/DataPointTypes/attributes/${id}`, {
    key: 'DataEntryForm',
    name: 'Data Entry Form',
    value: JSON.stringify(layout),
  })
}

/** A full-page screenshot from the top (a scrolled page would draw the sticky top bar mid-page). */
const pageShot = async (name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}
/** A screenshot of one element, to look at it in detail. */
const elementShot = (element: Locator, name: string) =>
  element.screenshot({ path: path.resolve('screenshots', `${name}.png`) })

const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
const today = () => {
  const d = new Date()
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`
}
const BLOCKED = /Test equipment EPN-TE:2 cannot be used: its calibration expired on \d\d\/\d\d\/\d{4}\./

/** Add New Record → the routine test of a Northwind transformer, filled in with the expired EPN-TE:2. */
async function captureWithExpiredDevice(serial: string, deviceId: number) {
  const nav = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Add New Record' })
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Open navigation' }).click()
  await nav.click()
  await enterRoutineTest(page)
  await field('Transformer serial number').fill(serial)
  await field('Test date').fill(today())
  await page.getByLabel('Test equipment used: test equipment ID').fill(String(deviceId))
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await field('Voltage ratio error').fill('0.1')
  await field('Insulation resistance HV–LV').fill('5000')
  await field('No-load loss').fill('1')
  await page.getByRole('radiogroup', { name: 'Vector group' }).getByText('Dyn11').click()
  await page.getByRole('radiogroup', { name: 'Applied voltage withstand' }).getByText('Pass').click()
  await page.getByRole('radiogroup', { name: 'Oil level within sight glass' }).getByText('Yes').click()
  const card = page.getByRole('listitem', { name: 'Test equipment EPN-TE:2' })
  await card.getByRole('alert').filter({ hasText: BLOCKED }).waitFor()
  return card
}

const save = async () => {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/svc/submission/') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Save' }).click(),
  ])
  return response
}

describe('calibration gate at capture (issue #15.1–2)', () => {
  let deviceId = 0
  const serial = `NWT:${12001 + (Date.now() % 900)}`

  it('a technician picks an expired device on a block record type and cannot save', async () => {
    await makeRoutineTestBlock()
    // EPN-TE:2 was calibrated 400 days ago for 12 months (demo data): expired about a month ago.
    ;[{ id: deviceId }] = await adminCall<{ id: number }[]>(
      'GET',
      '/svc/itr/api/testEquipment?serialNumber=EPN-TE:2',
    )
    // A technician on a phone-sized screen.
    await page.setViewportSize({ width: 400, height: 900 })
    await signIn(page, baseUrl, 'internal', '/')
    const card = await captureWithExpiredDevice(serial, deviceId)
    expect(await card.getAttribute('data-gate')).toBe('blocked')
    expect(await card.getByRole('button', { name: 'Override…' }).count()).toBe(0)
    const response = await save()
    expect(response.status()).toBe(400)
    const banner = page.locator('.banner[role="alert"]')
    await banner.filter({ hasText: BLOCKED }).waitFor()
    expect(await page.getByRole('heading', { name: 'Upload Complete' }).count()).toBe(0)
    await pageShot('calibration-gate-blocked-400')
    await elementShot(card, 'calibration-gate-card-400')
  })

  it('a configurator overrides with a reason and saves; the record view shows the snapshot with the override', async () => {
    await signIn(page, baseUrl, 'configurator', '/')
    const card = await captureWithExpiredDevice(serial, deviceId)
    await elementShot(card, 'calibration-gate-card')
    await card.getByRole('button', { name: 'Override…' }).click()
    const reason = 'Recalibration booked for Friday; readings cross-checked against EPN-TE:1'
    await card.getByLabel('Override reason for EPN-TE:2').fill(reason)
    await elementShot(card, 'calibration-override-reason')
    await card.getByRole('button', { name: 'Apply override' }).click()
    await card.getByText('Calibration block overridden').waitFor()
    expect(await card.getAttribute('data-gate')).toBe('overridden')
    await elementShot(card, 'calibration-override-applied')
    await pageShot('calibration-override-page')
    const response = await save()
    expect(response.status()).toBe(200)
    const { recordId } = (await response.json()) as { recordId: number }
    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()

    await page.goto(`${baseUrl}/Records/${recordId}`)
    const used = page.getByRole('table', { name: 'Test equipment used' })
    const row = used.getByRole('row').filter({ hasText: 'EPN-TE:2' })
    await row.waitFor()
    const text = await row.innerText()
    expect(text).toContain('Transformer turns ratio meter')
    expect(text).toContain('Eastern Power Networks')
    expect(text).toContain('Expired')
    expect(text).toContain(reason)
    expect(text).toMatch(/by configurator, \d\d\/\d\d\/\d{4} \d\d:\d\d/)
    await pageShot('calibration-snapshot-record')
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
    expect(await fits()).toBe(true)
    await page.setViewportSize({ width: 400, height: 900 })
    await page.reload()
    await used.getByRole('row').filter({ hasText: 'EPN-TE:2' }).waitFor()
    await elementShot(used, 'calibration-snapshot-record-400')
    expect(await fits()).toBe(true)
    // The record's own lines name the device by serial, from the snapshot.
    await page.getByText('EPN-TE:2', { exact: true }).first().waitFor()
    // The read-only data entry view shows the same snapshot.
    await page.goto(`${baseUrl}/DataEntry?record=${recordId}`)
    const readOnly = page.getByRole('table', { name: 'Test equipment used' })
    await readOnly.getByRole('row').filter({ hasText: reason }).waitFor()
  })
})
