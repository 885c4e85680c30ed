import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { screenshot, signIn, useBrowserPage, useFreshServer, enterRoutineTest } from '../support/e2e'

/**
 * Issue #18.2 end to end: Save with the network cut puts the record in the outbox (badge 1); when the
 * network is back it is sent once, the record is stored once, and the badge goes. A record the server
 * refuses when it is sent comes back in /DataEntry with the server's message.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
let context: BrowserContext
useBrowserPage(
  (p, c) => {
    page = p
    context = c
  },
  { viewport: { width: 400, height: 900 } },
)

const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
const serial = `NWT:${4001 + (Date.now() % 900)}`

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

/** Opens the demo routine test as `internal` and fills every field, with `serialNumber` as its serial. */
async function openAndFill(serialNumber: string) {
  await signIn(page, baseUrl, 'internal', '/AddRecord')
  await enterRoutineTest(page)
  await field('Transformer serial number').fill(serialNumber)
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
  await field('No-load loss').fill('1')
  await page.getByRole('radiogroup', { name: 'Vector group' }).getByText('Dyn11').click()
  await page.getByRole('radiogroup', { name: 'Applied voltage withstand' }).getByText('Pass').click()
  await page.getByRole('radiogroup', { name: 'Oil level within sight glass' }).getByText('Yes').click()
}

/** Saves with the network cut: the record goes to the outbox. */
async function saveOffline() {
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Save' }).click()
  await page
    .getByText(
      'No connection: the record is kept in the outbox and will be sent when the connection returns.',
    )
    .waitFor()
}

describe('the outbox (issue #18.2)', () => {
  it('keeps a record saved offline and sends it once when the connection returns', async () => {
    await openAndFill(serial)
    await saveOffline()
    const badge = page.getByRole('button', { name: 'Outbox: 1 record not sent' })
    await badge.click()
    const panel = page.getByRole('dialog', { name: 'Outbox' })
    await panel.getByText(`Transformer Routine Test — ${serial}`).waitFor()
    await panel.getByText('Waiting for the connection').waitFor()
    await screenshot(page, 'outbox-waiting-400')
    await panel.getByRole('button', { name: 'Close', exact: true }).last().click()
    expect(await field('Transformer serial number').inputValue()).toBe('')

    await context.setOffline(false)
    await badge.waitFor({ state: 'detached' })
    expect(await storedWithSerial()).toBe(1)
    // Sending again (another page load) finds nothing left to send: still one record.
    await page.reload()
    await page.getByRole('heading', { name: 'Distribution Transformer Routine Test' }).waitFor()
    expect(await page.getByRole('button', { name: /^Outbox:/ }).count()).toBe(0)
    expect(await storedWithSerial()).toBe(1)
  })

  it('a record the server refuses comes back in /DataEntry with its message, nothing lost', async () => {
    // Outside Northwind's serial ranges (1–5000, 10000–19999): the form only warns, the server refuses.
    const outside = 'NWT:9999'
    await openAndFill(outside)
    await saveOffline()
    await context.setOffline(false)
    await page.getByRole('button', { name: 'Outbox: 1 record not sent' }).click()
    const panel = page.getByRole('dialog', { name: 'Outbox' })
    const message =
      'API Error: Serial number NWT:9999 is not within any serial range of Northwind Transformers for product type Distribution Transformer 11kV.'
    await panel.getByText('Refused', { exact: true }).waitFor()
    await panel.getByText(message).waitFor()
    await screenshot(page, 'outbox-refused-400')
    await panel.getByRole('link', { name: 'Open in the form' }).click()
    await page.getByRole('alert').filter({ hasText: message }).waitFor()
    await expect.poll(() => field('Transformer serial number').inputValue()).toBe(outside)
    expect(await field('Voltage ratio error').inputValue()).toBe('0.1')
    expect(await field('No-load loss').inputValue()).toBe('1')

    // Corrected and saved: stored once, and the outbox is empty.
    await field('Transformer serial number').fill(serial.replace(/\d+$/, (n) => String(Number(n) + 1)))
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()
    await page.getByRole('button', { name: /^Outbox:/ }).waitFor({ state: 'detached' })
  })
})
