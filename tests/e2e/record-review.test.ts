import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { screenshot, useBrowserPage, useFreshServer, enterRoutineTest } from '../support/e2e'

/**
 * Issue #19 end to end: a Fail waits for review; the reviewer rejects it with a comment; the submitter
 * amends and resubmits it in /DataEntry; the reviewer reviews, the approver approves; only then does the
 * product's status on /Products change.
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p), { viewport: { width: 1366, height: 900 } })

const serial = `NWT:${4001 + (Date.now() % 900)}`

async function adminCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const login = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.viewAll }).toString(),
  })
  const { token } = (await login.json()) as { token: string }
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (res.status === 204 ? undefined : await res.json()) as T
}

const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))
const nav = async (label: string) => {
  const link = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: label })
  if (!(await link.isVisible()))
    await page
      .getByRole('button', { name: /navigation/i })
      .first()
      .click()
  await link.click()
}

/** Signs in through the login form (signing out first when someone is signed in). */
async function signInAs(username: string, password: string) {
  const logOut = page.getByRole('button', { name: 'Log Out' })
  if (await logOut.isVisible()) {
    await logOut.click()
    await page.getByLabel('Username').waitFor()
  } else await page.goto(`${baseUrl}/`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await logOut.waitFor()
}

/** The product's row on /Products. */
async function productRow() {
  await nav('Products')
  await page.getByLabel('Filter by Serial Number').fill(serial)
  const row = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: serial })
  await expect.poll(() => row.count()).toBe(1)
  return row
}

/** Saves the form in /DataEntry; answers the stored record's id. */
async function save(): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/svc/submission/') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Save' }).click(),
  ])
  expect(response.status()).toBe(200)
  return ((await response.json()) as { recordId: number }).recordId
}

const review = () => page.getByLabel('Review', { exact: true })

describe('review and approval', () => {
  it('Fail → rejected with a comment → amended → reviewed → approved; /Products changes only then', async () => {
    const types = await adminCall<{ id: number; name: string; sensorTypeId: number; units: string }[]>(
      'GET',
      '/svc/meta/api/DataPointTypes',
    )
    const type = types.find((t) => t.name === 'Transformer Routine Test')!
    await adminCall('PUT', `/svc/meta/api/DataPointTypes/${type.id}`, {
      name: type.name,
      sensorTypeId: type.sensorTypeId,
      units: type.units,
      reviewPolicy: 'review-and-approve',
    })
    const [equipment] = await adminCall<{ id: number }[]>('GET', '/svc/itr/api/testEquipment')

    // The submitter saves a Fail.
    await signInAs('internal', 'internal-demo')
    await nav('Add New Record')
    await enterRoutineTest(page)
    await field('Transformer serial number').fill(serial)
    await field('Test date').fill('02-05-2026')
    await page.getByLabel('Test equipment used: test equipment ID').fill(String(equipment.id))
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page
      .locator('.itr-field[data-variable="testEquipment"] li, .itr-field[data-variable="testEquipment"] tr')
      .first()
      .waitFor()
    await field('Voltage ratio error').fill('0.51')
    await field('Insulation resistance HV–LV').fill('5000')
    await field('No-load loss').fill('1')
    await page.getByRole('radiogroup', { name: 'Vector group' }).getByText('Dyn11').click()
    await page.getByRole('radiogroup', { name: 'Applied voltage withstand' }).getByText('Pass').click()
    await page.getByRole('radiogroup', { name: 'Oil level within sight glass' }).getByText('Yes').click()
    await expect.poll(() => page.locator('.result-icon').getAttribute('data-result')).toBe('Fail')
    const first = await save()
    await page.getByRole('heading', { name: 'Upload Complete' }).waitFor()

    let product = await productRow()
    await expect.poll(() => product.innerText()).toContain('pending review')
    expect(await product.innerText()).not.toMatch(/Fail/i)

    // The reviewer finds it in 'My queue' and rejects it with a comment.
    await signInAs('reviewer', 'reviewer-demo')
    await nav('Records')
    await page.getByLabel('My queue').check()
    const row = page.getByRole('table', { name: 'Records' }).getByRole('row').filter({ hasText: serial })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.innerText()).toContain('Submitted')
    await screenshot(page, 'review-my-queue')
    await page.goto(`${baseUrl}/Records/${first}`)
    await review().getByRole('button', { name: 'Reject' }).click()
    await page.getByLabel('Why is it rejected?').fill('Ratio error out of limits: re-measure the tap.')
    await page.getByRole('button', { name: 'Reject record' }).click()
    const history = review().getByRole('list', { name: 'Review history' })
    await history.getByText('Rejected by reviewer').waitFor()
    expect(await history.innerText()).toContain('Ratio error out of limits: re-measure the tap.')
    await screenshot(page, 'review-rejected')

    // The submitter amends it in /DataEntry and resubmits.
    await signInAs('internal', 'internal-demo')
    await page.goto(`${baseUrl}/DataEntry?record=${first}`)
    await page
      .getByText('This record was rejected. Amend it in Data Entry and save it to resubmit.')
      .waitFor()
    await page.getByRole('button', { name: 'Edit' }).click()
    await field('Voltage ratio error').fill('0.49')
    await expect.poll(() => page.locator('.result-icon').getAttribute('data-result')).toBe('Pass')
    const amended = await save()
    expect(amended).not.toBe(first)

    // The reviewer reviews; the product still waits.
    await signInAs('reviewer', 'reviewer-demo')
    await page.goto(`${baseUrl}/Records/${amended}`)
    await review().getByRole('button', { name: 'Review' }).click()
    await review().getByText('Reviewed by reviewer').waitFor()
    product = await productRow()
    await expect.poll(() => product.innerText()).toContain('pending review')
    expect(await product.innerText()).not.toMatch(/Pass/i)

    // The approver approves: only now does the product's status change.
    await signInAs('approver', 'approver-demo')
    await page.goto(`${baseUrl}/Records/${amended}`)
    await review().getByRole('button', { name: 'Approve' }).click()
    await review().getByText('Approved by approver').waitFor()
    await screenshot(page, 'review-approved')
    product = await productRow()
    await expect.poll(() => product.innerText()).toMatch(/Pass/i)
    expect(await product.innerText()).not.toContain('pending review')
    await screenshot(page, 'review-products')

    // Every screen works at 400 px: the review panel and the records toolbar wrap.
    await page.setViewportSize({ width: 400, height: 900 })
    await page.goto(`${baseUrl}/Records/${amended}`)
    await review().getByText('Approved by approver').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400)
    await screenshot(page, 'review-record-narrow')
    await nav('Records')
    await page.getByLabel('Show superseded').check()
    await page.getByLabel('Filter by Serial', { exact: true }).fill(serial)
    const rows = page.getByRole('table', { name: 'Records' }).getByRole('row').filter({ hasText: serial })
    await expect.poll(() => rows.count()).toBe(2)
    await screenshot(page, 'review-records-narrow')
  })

  it('a review of a record edited since the reviewer opened it is refused; the page shows the new content', async () => {
    await page.setViewportSize({ width: 1366, height: 900 })
    const types = await adminCall<{ id: number; name: string; sensorTypeId: number; units: string }[]>(
      'GET',
      '/svc/meta/api/DataPointTypes',
    )
    const type = types.find((t) => t.name === 'Problem Report')!
    await adminCall('PUT', `/svc/meta/api/DataPointTypes/${type.id}`, {
      name: type.name,
      sensorTypeId: type.sensorTypeId,
      units: type.units,
      reviewPolicy: 'review',
    })
    const suppliers = await adminCall<{ id: number; name: string }[]>(
      'GET',
      '/svc/meta/api/assetmanufacturers',
    )
    const body = (notes: string) => ({
      supplierId: suppliers.find((s) => s.name.startsWith('Northwind'))!.id,
      productTypeId: 100200,
      recordTypeId: type.id,
      data: { serialNumber: 'NWT:4999', reportDate: '2026-05-02T00:00:00Z', notes },
    })
    const { recordId } = await adminCall<{ recordId: number }>(
      'POST',
      '/svc/submission/api/InstrumentTest/upload-single',
      body('Found at the depot.'),
    )

    // The reviewer opens it; meanwhile the record is edited in place (revision 2).
    await signInAs('reviewer', 'reviewer-demo')
    await page.goto(`${baseUrl}/Records/${recordId}`)
    await page.getByText('Found at the depot.').waitFor()
    await adminCall('PUT', `/svc/submission/api/InstrumentTest/Record/${recordId}`, body('Gasket replaced.'))
    await review().getByRole('button', { name: 'Review' }).click()
    await review()
      .getByText(
        'This record was changed after you opened it; it is now revision 2. Reload it and check the changes first.',
      )
      .waitFor()
    // The page loaded the record again: the reviewer now sees what they would decide on.
    await page.getByText('Gasket replaced.').waitFor()
    expect(await review().getByRole('list', { name: 'Review history' }).innerText()).not.toContain('Approved')
    await screenshot(page, 'review-changed-since')

    await review().getByRole('button', { name: 'Review' }).click()
    const history = review().getByRole('list', { name: 'Review history' })
    await history.getByText('Approved by reviewer').waitFor()
    expect(await history.innerText()).toContain('revision 2')
    await page.setViewportSize({ width: 400, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400)
    await screenshot(page, 'review-revision-narrow')
  })
})
