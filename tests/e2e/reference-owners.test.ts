import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { MESSAGES } from '../../schemas/messages'
import { launchBrowser, screenshot, signIn, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let browser: Browser
let context: BrowserContext
let page: Page
let writes: string[]

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  page = await context.newPage()
  writes = []
  page.on('request', (r: Request) => {
    if (r.method() !== 'GET' && r.url().includes('/api/'))
      writes.push(`${r.method()} ${new URL(r.url()).pathname}`)
  })
})
afterEach(async () => {
  await context?.close()
})

const save = () => page.getByRole('button', { name: 'Save' }).click()
const alert = (text: string) => page.getByRole('alert').filter({ hasText: text })

describe('device owners', () => {
  it('lists owners and creates one with a location and a contact; the same name in other case is rejected', async () => {
    const name = `E2E Owner ${Date.now()}`
    await signIn(page, baseUrl, 'configurator', '/Owners')
    await page
      .getByRole('table', { name: 'Device Owners' })
      .getByRole('cell', { name: 'Eastern Power Networks', exact: true })
      .waitFor()
    await screenshot(page, 'ref-owners-list')
    await page.getByRole('button', { name: 'Add new Device Owner' }).click()
    await page.getByRole('heading', { name: 'Create Owner' }).waitFor()
    writes = []

    await save()
    await page.getByText(MESSAGES.owner.nameRequired).waitFor()
    const nameBox = page.getByPlaceholder('Enter device owner name')
    // Similar names: 'Western Grid Service' is nearly 'Western Grid Services' (danger), and like its North sibling (warning).
    await nameBox.fill('Western Grid Service')
    const badges = page.getByRole('list', { name: 'Similarly named owners' })
    expect(await badges.getByText('Western Grid Services', { exact: true }).getAttribute('data-level')).toBe(
      'danger',
    )
    expect(
      await badges.getByText('Western Grid Services North', { exact: true }).getAttribute('data-level'),
    ).toBe('warning')
    await screenshot(page, 'ref-owner-similar-names')
    await nameBox.fill(name)

    // Test equipment serial ranges: the SPEC rules before any call.
    await page.getByRole('button', { name: 'Add new serial range' }).click()
    await page.getByLabel('Min', { exact: true }).fill('1')
    await save()
    await alert(MESSAGES.owner.prefixRequired).waitFor()
    await page.getByLabel('Prefix', { exact: true }).fill('E2E:')
    await page.getByLabel('Max', { exact: true }).fill('0')
    await save()
    await alert(MESSAGES.owner.maxBelowMin).waitFor()
    await page.getByLabel('Max', { exact: true }).fill('50')

    await page.getByRole('tab', { name: 'Locations' }).click()
    const addLocation = page.getByRole('button', { name: 'Add new location' })
    await addLocation.click()
    expect(await addLocation.isDisabled()).toBe(true)
    await page.getByLabel('Location', { exact: true }).fill('Depot A')
    expect(await addLocation.isDisabled()).toBe(false)

    await page.getByRole('tab', { name: 'Calibration Reminders' }).click()
    const addContact = page.getByRole('button', { name: 'Add new contact' })
    await addContact.click()
    expect(await addContact.isDisabled()).toBe(true)
    await page.getByLabel('Contact', { exact: true }).fill('not-an-address')
    await save()
    await alert(MESSAGES.owner.invalidContacts).waitFor()
    await page.getByLabel('Contact', { exact: true }).fill('reminders@example.com')
    await screenshot(page, 'ref-owner-edit')
    expect(writes).toEqual([])

    await save()
    await page.waitForURL(/\/Owners$/)
    expect(writes[0]).toBe('POST /svc/itr/api/deviceOwners')
    await page.getByLabel('Filter by Name').fill(name)
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })
    await row.getByRole('link', { name: `Edit ${name}` }).click()
    await page.getByRole('heading', { name: 'Edit Owner' }).waitFor()
    expect(await page.getByLabel('Prefix', { exact: true }).inputValue()).toBe('E2E:')
    await page.getByRole('tab', { name: 'Locations' }).click()
    expect(await page.getByLabel('Location', { exact: true }).inputValue()).toBe('Depot A')
    await page.getByRole('tab', { name: 'Calibration Reminders' }).click()
    expect(await page.getByLabel('Contact', { exact: true }).inputValue()).toBe('reminders@example.com')

    // The same name in other case: rejected before any call.
    await page.goto(`${baseUrl}/Owners/New`)
    await page.getByRole('heading', { name: 'Create Owner' }).waitFor()
    writes = []
    await page.getByPlaceholder('Enter device owner name').fill(name.toUpperCase())
    await save()
    await alert(MESSAGES.owner.nameTaken).waitFor()
    expect(writes).toEqual([])
  })

  it('shows the Test Equipment tab and marks the serial range field a save found at fault', async () => {
    await signIn(page, baseUrl, 'configurator', '/Owners/New')
    writes = []
    await page.getByPlaceholder('Enter device owner name').fill(`E2E Owner Marks ${Date.now()}`)
    await page.getByRole('button', { name: 'Add new serial range' }).click()
    await page.getByLabel('Prefix', { exact: true }).fill('E2E-MARK:')
    await page.getByLabel('Min', { exact: true }).fill('1.5')
    await page.getByLabel('Max', { exact: true }).fill('10')
    await page.getByRole('tab', { name: 'Calibration Reminders' }).click()
    await save()
    await alert(MESSAGES.serialRange.outOfBounds).waitFor()
    const min = page.getByLabel('Min', { exact: true })
    await expect
      .poll(() => page.getByRole('tab', { name: 'Test Equipment' }).getAttribute('aria-selected'))
      .toBe('true')
    expect(await min.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Max', { exact: true }).getAttribute('aria-invalid')).toBeNull()
    await expect.poll(() => min.evaluate((el) => el === document.activeElement)).toBe(true)
    await screenshot(page, 'ref-owner-range-marked')
    await min.fill('1')
    expect(await min.getAttribute('aria-invalid')).toBeNull()

    // A contact at fault shows its tab.
    await page.getByRole('tab', { name: 'Calibration Reminders' }).click()
    await page.getByRole('button', { name: 'Add new contact' }).click()
    await page.getByLabel('Contact', { exact: true }).fill('not-an-address')
    await page.getByRole('tab', { name: 'Locations' }).click()
    await save()
    await alert(MESSAGES.owner.invalidContacts).waitFor()
    await expect
      .poll(() => page.getByRole('tab', { name: 'Calibration Reminders' }).getAttribute('aria-selected'))
      .toBe('true')
    expect(writes).toEqual([])
  })

  it('removes a deleted location on save', async () => {
    await signIn(page, baseUrl, 'configurator', '/Owners')
    await page.getByRole('button', { name: 'Add new Device Owner' }).click()
    const name = `E2E Locations ${Date.now()}`
    await page.getByPlaceholder('Enter device owner name').fill(name)
    await page.getByRole('tab', { name: 'Locations' }).click()
    for (const location of ['Store 1', 'Store 2']) {
      await page.getByRole('button', { name: 'Add new location' }).click()
      await page.getByLabel('Location', { exact: true }).first().fill(location)
    }
    await save()
    await page.waitForURL(/\/Owners$/)
    await page.getByLabel('Filter by Name').fill(name)
    await page.getByRole('link', { name: `Edit ${name}` }).click()
    await page.getByRole('tab', { name: 'Locations' }).click()
    await page.getByRole('button', { name: 'Delete Store 1' }).click()
    writes = []
    await save()
    await page.waitForURL(/\/Owners$/)
    expect(writes.some((w) => /^DELETE \/svc\/itr\/api\/DeviceOwners\/\d+\/Locations\/\d+$/.test(w))).toBe(
      true,
    )
    await page.getByLabel('Filter by Name').fill(name)
    await page.getByRole('link', { name: `Edit ${name}` }).click()
    await page.getByRole('tab', { name: 'Locations' }).click()
    expect(
      await page
        .getByLabel('Location', { exact: true })
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    ).toEqual(['Store 2'])
  })

  it("says 'Invalid owner ID: {id}' for an id that is not a number", async () => {
    await signIn(page, baseUrl, 'configurator', '/Owners/abc')
    await page.getByText(MESSAGES.owner.invalidId('abc'), { exact: true }).waitFor()
  })
})
