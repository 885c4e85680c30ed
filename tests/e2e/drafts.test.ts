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

/**
 * Issue #18.1 end to end: /DataEntry keeps the form as a draft in the browser while the user types; a
 * reload offers it back; another user never sees it; Log Out warns while it exists; Save removes it.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p), { viewport: { width: 1366, height: 900 } })

const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
const serial = `NWT:${4001 + (Date.now() % 900)}`

/** Opens the demo routine test from Add New Record, signing `user` in first when given. */
async function openRoutineTest(user?: 'internal' | 'configurator') {
  if (user) await signIn(page, baseUrl, user, '/AddRecord')
  else await navigate(page, baseUrl, '/AddRecord')
  await enterRoutineTest(page)
}

describe('drafts of a form (issue #18.1)', () => {
  it('keeps what was typed over a reload, offers it back, and only to its user', async () => {
    await openRoutineTest('internal')
    await field('Transformer serial number').fill(serial)
    await field('Voltage ratio error').fill('0.2')
    await page
      .getByRole('status')
      .filter({ hasText: /^Draft kept on this device at \d\d:\d\d:\d\d$/ })
      .waitFor()

    await page.reload()
    const offer = page.getByRole('region', { name: 'Draft' })
    await offer.getByText('This form has a draft kept on this device.').waitFor()
    expect(await field('Voltage ratio error').inputValue()).toBe('')
    await screenshot(page, 'draft-offer')
    await offer.getByRole('button', { name: /^Restore draft from \d\d\/\d\d\/\d{4} \d\d:\d\d$/ }).click()
    await expect.poll(() => field('Transformer serial number').inputValue()).toBe(serial)
    expect(await field('Voltage ratio error').inputValue()).toBe('0.2')
    expect(await offer.count()).toBe(0)

    // Log Out warns while a draft is kept; Cancel stays signed in.
    await page.getByRole('button', { name: 'Log Out' }).click()
    const dialog = page.getByRole('dialog')
    await dialog
      .getByText(
        'You have 1 unsaved draft on this device. It stays here for your next sign-in. Log Out anyway?',
      )
      .waitFor()
    await screenshot(page, 'draft-log-out')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click()
    // Log Out ends the sign-in on the server, then loads the login: wait for it, or the next navigation
    // races that load.
    await page.waitForURL((url) => url.pathname === '/login')

    // Another user of the same browser opens the same form: no draft.
    await openRoutineTest('configurator')
    expect(await field('Transformer serial number').inputValue()).toBe('')
    expect(await page.getByRole('region', { name: 'Draft' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
  })

  it('survives sign-out and sign-in of its user, and goes once the record is saved', async () => {
    await openRoutineTest('internal')
    await field('Transformer serial number').fill(serial)
    await page
      .getByRole('status')
      .filter({ hasText: /^Draft kept on this device at/ })
      .waitFor()
    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByLabel('Username').waitFor()

    await openRoutineTest('internal')
    const offer = page.getByRole('region', { name: 'Draft' })
    await offer.getByRole('button', { name: /^Restore draft from/ }).click()
    await expect.poll(() => field('Transformer serial number').inputValue()).toBe(serial)
    await field('Test date').fill('02-05-2026')
    const [equipment] = await page.evaluate(async () => {
      const res = await fetch('/svc/itr/api/testEquipment', {
        headers: { Authorization: `Bearer ${localStorage.getItem('jwt')}` },
      })
      return (await res.json()) as { id: number }[]
    })
    await page.getByLabel('Test equipment used: test equipment ID').fill(String(equipment.id))
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await field('Insulation resistance HV–LV').fill('5000')
    await field('No-load loss').fill('1')
    await page.getByRole('radiogroup', { name: 'Vector group' }).getByText('Dyn11').click()
    await page.getByRole('radiogroup', { name: 'Applied voltage withstand' }).getByText('Pass').click()
    await page.getByRole('radiogroup', { name: 'Oil level within sight glass' }).getByText('Yes').click()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()

    await page.getByRole('button', { name: 'Finish' }).click()
    await openRoutineTest()
    expect(await page.getByRole('region', { name: 'Draft' }).count()).toBe(0)
    // No draft left, so Log Out asks nothing.
    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByLabel('Username').waitFor()
  })
})
