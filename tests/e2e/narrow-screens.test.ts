import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DEMO_USER } from '../support/api'
import { navigate, screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'

/**
 * Issue #11.11 and #11.15: every list and edit screen at 400 px, reached from `/` like a user, with a
 * screenshot of each, and every action on it reachable — scrolled into view, inside the screen's width and
 * clickable (a trial click: nothing is changed).
 */
let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page
useBrowserPage((p) => (page = p), { viewport: { width: 400, height: 800 } })

async function adminGet<T>(path: string): Promise<T> {
  const login = await fetch(`${baseUrl}/svc/auth/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...DEMO_USER.viewAll }).toString(),
  })
  const { token } = (await login.json()) as { token: string }
  return (await (
    await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as T
}

/** Every visible button and link of the page's content: each must be reachable and clickable. */
async function assertActionsReachable(name: string) {
  // Toggle buttons are labels over hidden inputs (Bootstrap's btn-check): the label is what is pressed.
  const actions = page
    .locator('main')
    .locator('button:visible, a:visible, label.btn:visible, input[type=checkbox]:not(.btn-check):visible')
  const count = await actions.count()
  expect(count, `${name}: actions`).toBeGreaterThan(0)
  const unreachable: string[] = []
  for (let i = 0; i < count; i++) {
    const action = actions.nth(i)
    if (await action.isDisabled().catch(() => false)) continue
    await action.scrollIntoViewIfNeeded()
    const box = await action.boundingBox()
    const label = (await action.getAttribute('aria-label')) ?? (await action.innerText()).trim()
    if (!box || box.x < 0 || box.x + box.width > 400 + 0.5 || box.width < 1) unreachable.push(label)
    else
      await action
        .click({ trial: true, timeout: 2000 })
        .catch(() => unreachable.push(`${label} (not clickable)`))
  }
  expect(unreachable, `${name}: actions off screen or covered`).toEqual([])
}

describe('every list and edit screen at 400 px', () => {
  // Twenty screens with a trial click of every action: 45 s on a quiet machine, so twice the default.
  it('admin: lists and edit screens, each action reachable', { timeout: 120_000 }, async () => {
    const [equipment] = await adminGet<{ id: number }[]>('/svc/itr/api/testEquipment')
    const owners = await adminGet<{ id: number }[]>('/svc/itr/api/deviceOwners')
    const records = await adminGet<{ result: { recordId: number }[] }>(
      `/svc/data/api/InstrumentTestRecord/Records/page/1/size/1/filter/${encodeURIComponent('{}')}`,
    )
    const screens: [string, string, string][] = [
      ['home', '/Home', 'Home'],
      ['suppliers', '/Suppliers', 'Suppliers'],
      ['supplier-edit', '/Suppliers/1', 'Edit Supplier'],
      ['owners', '/Owners', 'Device Owners'],
      ['owner-edit', `/Owners/${owners[0].id}`, 'Edit Owner'],
      ['calibrators', '/Calibrators', 'Calibrators'],
      ['product-types', '/ProductTypes', 'Product Types'],
      ['product-type-edit', '/ProductTypes/100200', 'Edit Product Type'],
      ['products', '/Products', 'Products'],
      ['test-equipment', '/TestEquipment', 'Test Equipment'],
      ['test-equipment-item', `/TestEquipment/${equipment.id}`, 'Test Equipment'],
      ['add-record', '/AddRecord', 'Add New Record'],
      ['record-types', '/RecordTypes', 'Record Types'],
      ['records', '/Records', 'Records'],
      ['record', `/Records/${records.result[0].recordId}`, ''],
      ['survey-repair', '/SurveyRepairTypes', 'Survey/Repair Types'],
      ['survey-repair-edit', '/SurveyRepairTypes/New?type=item', 'Create Survey/Repair Type'],
      ['audit', '/Audit', 'Audit'],
      ['certificate-settings', '/Settings', 'Certificate Settings'],
    ]
    await signIn(page, baseUrl, 'viewAll', '/')
    for (const [name, path, heading] of screens) {
      await navigate(page, baseUrl, path)
      if (heading) await page.getByRole('heading', { name: heading }).first().waitFor()
      // A screen without a fixed heading (a record) is ready when its first action is there.
      else await page.locator('main').locator('button:visible, a:visible').first().waitFor()
      await page
        .locator('main [aria-busy="true"], main [role="status"]:has-text("Loading")')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name}: no sideways scroll`,
      ).toBeLessThanOrEqual(400)
      await screenshot(page, `narrow-${name}`)
      await assertActionsReachable(name)
    }
  })

  it('a grid filter that is a select, a toggle or a date pair says what it filters on a phone (audit s10)', async () => {
    await signIn(page, baseUrl, 'viewAll', '/')
    const labels = () => page.locator('.grid-filters .grid-filter-label:visible').allInnerTexts()
    await navigate(page, baseUrl, '/Records')
    await page.getByRole('table', { name: 'Records' }).locator('tbody tr').first().waitFor()
    await screenshot(page, 'narrow-records-filters')
    expect(await labels()).toEqual(['Status'])
    // The sort buttons, wrapped into a block above the cards, are introduced as what they are.
    const sortCaption = () =>
      page.evaluate(() => {
        const row = document.querySelector('.data-grid thead tr:first-child')
        return row ? getComputedStyle(row, '::before').content : null
      })
    expect(await sortCaption()).toBe('"Sort by"')
    await navigate(page, baseUrl, '/Products')
    await page.getByRole('table', { name: 'Products' }).locator('tbody tr').first().waitFor()
    expect(await labels()).toEqual(['Last Record', 'Status'])
    // On a wide screen the column titles stand right above the filters: no second label, no caption.
    await page.setViewportSize({ width: 1366, height: 800 })
    expect(await labels()).toEqual([])
    expect(await sortCaption()).toBe('none')
    await page.setViewportSize({ width: 400, height: 800 })
  })

  it('a list that fails to load shows its error with Retry, not its empty state (issue #11.15)', async () => {
    let fail = true
    await page.route('**/svc/itr/api/testEquipment', (route) =>
      fail ? route.fulfill({ status: 503, json: { message: 'down' } }) : route.fallback(),
    )
    await signIn(page, baseUrl, 'viewAll', '/TestEquipment')
    await page.getByText('An error occurred while loading test equipment').waitFor()
    expect(await page.getByText('No test equipment yet.').count()).toBe(0)
    await screenshot(page, 'narrow-test-equipment-failed')
    fail = false
    await page.getByRole('button', { name: 'Retry' }).click()
    await page.getByRole('table', { name: 'Test Equipment' }).getByText('EPN-TE:1').waitFor()

    await page.route('**/svc/itr/api/calibrators', (route) =>
      route.fulfill({ status: 503, json: { message: 'down' } }),
    )
    await page.goto(`${baseUrl}/Calibrators`)
    // SPEC §8's generic banner with the calibrators page's own text.
    await page.getByText('API Error: Unable to load data at this time').waitFor()
    expect(await page.getByRole('button', { name: 'Add new calibrator' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Retry' }).waitFor()

    // Every server-paged grid says it could not load instead of 'No products match these filters.'.
    let productsDown = true
    await page.route('**/svc/meta/api/assets/page/**', (route) =>
      productsDown ? route.fulfill({ status: 503, json: { message: 'down' } }) : route.fallback(),
    )
    await navigate(page, baseUrl, '/Products')
    await page.getByText('The list could not be loaded.').waitFor()
    expect(await page.getByText('No products match these filters.').count()).toBe(0)
    productsDown = false
    await page.getByRole('table', { name: 'Products' }).getByRole('button', { name: 'Retry' }).click()
    await page.getByRole('table', { name: 'Products' }).getByText('NWT:1001').waitFor()
  })

  it('the drawer toggle keeps its icon visible while pressed (issue #11.13)', async () => {
    await signIn(page, baseUrl, 'viewAll', '/')
    const toggle = page.getByRole('button', { name: 'Open navigation' })
    await toggle.hover()
    await page.mouse.down()
    const background = await toggle.evaluate((el) => getComputedStyle(el).backgroundColor)
    await page.mouse.up()
    // Pressed, it stays a translucent tint of the dark bar, never the white of outline-light.
    expect(background).toMatch(/rgba\(255, 255, 255, 0\.\d+\)/)
  })
  it('the designer: one pane at a time on a phone, the whole window in full screen (issue #11.11, #11.12)', async () => {
    await signIn(page, baseUrl, 'configurator', '/RecordTypes/1')
    const panes = page.getByRole('group', { name: 'Designer panes' })
    await panes.waitFor()
    expect(await page.getByRole('navigation', { name: 'Palette' }).isVisible()).toBe(false)
    // Choosing a control opens its properties, with the canvas a tap away.
    await page
      .getByRole('group', { name: 'Numeric test: Voltage ratio error' })
      .click({ position: { x: 4, y: 4 } })
    await page
      .getByRole('complementary', { name: 'Inspector' })
      .getByLabel(/^Label/)
      .waitFor()
    expect(await page.getByRole('region', { name: 'Canvas' }).isVisible()).toBe(false)
    await screenshot(page, 'narrow-designer-properties')
    await panes.getByRole('button', { name: 'Add controls' }).click()
    await page.getByRole('navigation', { name: 'Palette' }).waitFor()
    await panes.getByRole('button', { name: 'Canvas' }).click()
    const canvas = page.getByRole('region', { name: 'Canvas' })
    await canvas.waitFor()
    // A row's controls each take the canvas width here: no input squeezed to a letter.
    const serial = page.getByRole('group', { name: 'Serial lookup: Transformer serial number' })
    expect((await serial.boundingBox())!.width).toBeGreaterThan(250)
    await screenshot(page, 'narrow-designer-canvas')

    await page.setViewportSize({ width: 1366, height: 900 })
    await page.getByRole('button', { name: 'Full screen' }).click()
    expect((await canvas.boundingBox())!.width).toBeGreaterThan(800)
    await screenshot(page, 'designer-full-screen')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Full screen' }).waitFor()
  })
  it('the export dialog chooses record types with checkboxes, by touch (issue #11.17); empty cells read — (#11.18)', async () => {
    await signIn(page, baseUrl, 'viewAll', '/Records')
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Calibration' })
    const calibration = page.getByRole('table', { name: 'Records' }).locator('tbody tr').first()
    await expect.poll(() => calibration.locator('td[data-label="Product Type"]').innerText()).toMatch(/^—$/)
    await page.getByRole('button', { name: 'Export to Excel' }).click()
    const dialog = page.getByRole('dialog')
    const types = dialog.getByRole('group', { name: 'Record Type' })
    const box = types.getByRole('checkbox', { name: 'Test Equipment Calibration' })
    await box.tap().catch(() => box.click())
    expect(await box.isChecked()).toBe(true)
    await dialog.getByText('(1 chosen)').waitFor()
    expect(await dialog.locator('select[multiple]').count()).toBe(0)
    // One button style: Cancel looks the same in a dialog as on a page.
    expect(await dialog.getByRole('button', { name: 'Cancel' }).getAttribute('class')).toContain(
      'btn-outline-secondary',
    )
    await screenshot(page, 'narrow-export-dialog')
  })
})
