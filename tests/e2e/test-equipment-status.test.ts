import fs from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { screenshot, signIn, useBrowserPage, useFreshServer, type RunningServer } from '../support/e2e'

/**
 * Issue #15.4 end to end: /TestEquipment shows 'Due soon' (amber) beside the SPEC's states and filters by
 * calibration status; the server's own schedule has e-mailed the demo owner about its expired device.
 * Demo data: EPN-TE:1 valid, EPN-TE:2 expired, EPN-TE:3 'Calibration not required'; the test adds
 * EPN-TE:20, due in 12 days.
 */
let baseUrl = ''
let server: RunningServer
useFreshServer((url, running) => {
  baseUrl = url
  server = running
})
let page: Page
useBrowserPage((p) => (page = p))

async function adminCall<T>(method: string, urlPath: string, body?: unknown): Promise<T> {
  const login = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.viewAll }).toString(),
  })
  const { token } = (await login.json()) as { token: string }
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** EPN-TE:20 through the demo calibration record type: calibrated 340 days ago, expiring in 12 days. */
beforeAll(async () => {
  const types = await adminCall<{ id: number; name: string }[]>('GET', '/svc/meta/api/DataPointTypes/')
  const owners = await adminCall<{ id: number; name: string }[]>('GET', '/svc/itr/api/deviceOwners')
  const date = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 340 * 86_400_000)
  await adminCall('POST', '/svc/submission/api/InstrumentTest/calibration', {
    deviceOwnerId: owners.find((o) => o.name === 'Eastern Power Networks')!.id,
    recordTypeId: types.find((t) => t.name === 'Test Equipment Calibration')!.id,
    data: {
      serialNumber: 'EPN-TE:20',
      calibrationDate: date.toISOString(),
      description: 'Pressure gauge',
      assetTag: 'PG-0020',
      skipCalibration: false,
      calibrationHouse: 'Precision Calibration Ltd',
      frequency: 'P352D',
    },
  })
})

const grid = () => page.getByRole('table', { name: 'Test Equipment' })
const serials = () => grid().locator('tbody tr td:first-child').allInnerTexts()
/** The row whose Serial Number cell is exactly `serial` (EPN-TE:2 is not EPN-TE:20). */
const rowOf = (serial: string) =>
  grid()
    .locator('tbody tr')
    .filter({ has: page.locator('td:first-child').getByText(serial, { exact: true }) })
const statusFilter = () => page.getByLabel('Calibration status')
const pageShot = async (name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}

describe('/TestEquipment calibration status (issue #15.4)', () => {
  it("shows 'Due soon' in amber beside calibrated, expired and not required, and filters by status", async () => {
    await page.setViewportSize({ width: 1366, height: 768 })
    await signIn(page, baseUrl, 'configurator', '/TestEquipment') // from `/` through the navigation
    await rowOf('EPN-TE:20').waitFor()
    expect(await rowOf('EPN-TE:20').getByRole('img', { name: 'Calibration due soon' }).count()).toBe(1)
    const dueBadge = rowOf('EPN-TE:20').getByText('Due soon', { exact: true })
    expect(await dueBadge.getAttribute('class')).toContain('bg-warning')
    expect(await rowOf('EPN-TE:20').innerText()).toMatch(/Expires \d\d\/\d\d\/\d{4}\s*Due soon/)
    expect(await rowOf('EPN-TE:2').getByRole('img', { name: 'Calibration expired' }).count()).toBe(1)
    expect(await rowOf('EPN-TE:2').getByText('Expired', { exact: true }).count()).toBe(1)
    expect(await rowOf('EPN-TE:1').getByRole('img', { name: 'Calibrated' }).count()).toBe(1)
    expect(await rowOf('EPN-TE:3').getByRole('img', { name: 'Calibration not required' }).count()).toBe(1)

    expect(await statusFilter().locator('option').allInnerTexts()).toEqual([
      'All (4)',
      'Calibrated (1)',
      'Due soon (1)',
      'Expired (1)',
      'Never calibrated (0)',
      'Calibration not required (1)',
    ])
    await page.getByText('Due soon: the calibration expires within 30 days.').waitFor()

    await statusFilter().selectOption('dueSoon')
    await page.waitForURL((url) => url.searchParams.get('status') === 'dueSoon')
    await expect.poll(serials).toEqual(['EPN-TE:20'])
    await pageShot('test-equipment-status-due-soon-1366')

    await statusFilter().selectOption('expired')
    await expect.poll(serials).toEqual(['EPN-TE:2'])
    await statusFilter().selectOption('notRequired')
    await expect.poll(serials).toEqual(['EPN-TE:3'])
    await statusFilter().selectOption('never')
    await grid().getByText("No test equipment with calibration status 'Never calibrated'.").waitFor()
    await statusFilter().selectOption('')
    await expect
      .poll(async () => (await serials()).sort())
      .toEqual(['EPN-TE:1', 'EPN-TE:2', 'EPN-TE:20', 'EPN-TE:3'])
    expect(new URL(page.url()).searchParams.has('status')).toBe(false)
    await pageShot('test-equipment-status-all-1366')
  })

  it('opens with the filter of a linked ?status= and works at 400 px', async () => {
    await page.setViewportSize({ width: 400, height: 800 })
    await signIn(page, baseUrl, 'viewAll', '/TestEquipment')
    await rowOf('EPN-TE:20').waitFor()
    await statusFilter().selectOption('dueSoon')
    await expect.poll(serials).toEqual(['EPN-TE:20'])
    // The filter control fits the narrow screen.
    const box = (await statusFilter().boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(400)
    await pageShot('test-equipment-status-due-soon-400')

    await page.goto(`${baseUrl}/TestEquipment?status=expired`)
    await rowOf('EPN-TE:2').waitFor()
    expect(await statusFilter().inputValue()).toBe('expired')
    await expect.poll(serials).toEqual(['EPN-TE:2'])
  })

  it("the server's schedule has e-mailed the owner's reminder contacts about the expired device", async () => {
    const outbox = path.join(server.dataDir, 'outbox')
    const file = await vi.waitFor(
      () => {
        const found = fs.existsSync(outbox) && fs.readdirSync(outbox).find((f) => f.endsWith('.eml'))
        if (!found) throw new Error('no reminder in the outbox yet')
        return found
      },
      { timeout: 20_000, interval: 200 },
    )
    expect(file).toMatch(/^calibration-reminder-.*\.eml$/)
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)))
    expect(mail.to).toMatchObject({ text: 'calibration@epn.example, stores@epn.example' })
    expect(mail.subject).toMatch(/^ITR Studio: calibration reminder for Eastern Power Networks \(1 overdue/)
    expect(mail.text).toMatch(
      /^- EPN-TE:2 Transformer turns ratio meter \(.+\): expired on \d\d\/\d\d\/\d{4}, \d+ days ago$/m,
    )
  })
})
