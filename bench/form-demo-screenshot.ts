import path from 'node:path'
import { chromium } from 'playwright-core'
import { ARGS, buildPage, CHROMIUM, serve } from './support/form-pages'

/**
 * Screenshots of the form runtime demo (bench/runtime-demo, every control kind) for people to look at:
 * `npx tsx bench/form-demo-screenshot.ts` writes screenshots/runtime-demo-*.png. The second shot is
 * taken after filling in a few fields, so the serial side panel, test-equipment cards, live results
 * and the scan modal's typed-entry fallback (no camera in headless Chromium) are visible.
 */
const OUT = path.join(import.meta.dirname, '..', 'screenshots')

await buildPage()
const server = await serve()
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${server.url}?mode=demo`)
  await page
    .getByLabel('Customer')
    .locator('option', { hasText: 'Northern Grid' })
    .waitFor({ state: 'attached' })
  await page.screenshot({ path: path.join(OUT, 'runtime-demo-empty.png'), fullPage: true })

  await page.getByLabel(/^Transformer serial number/).fill('NWT:1001')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByText('Last records of this type').waitFor()
  await page.getByLabel(/^Test date/).fill('14-03-2025')
  await page.getByLabel('Site', { exact: true }).selectOption('North depot')
  await page
    .getByLabel('Location (by site)')
    .locator('option', { hasText: 'Bay 2' })
    .waitFor({ state: 'attached' })
  await page.getByLabel('Location (by site)').selectOption('Bay 2')
  for (const id of ['1', '2', '3', '4']) {
    await page.getByPlaceholder('Test equipment ID').fill(id)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page
      .locator('[data-calibration]')
      .nth(Number(id) - 1)
      .waitFor()
  }
  await page.getByLabel('Voltage ratio error', { exact: true }).fill('0.2')
  await page.getByLabel('Insulation resistance HV–LV', { exact: true }).fill('50')
  // The choice buttons are labels over visually hidden radios: click what the user clicks.
  await page.locator('label.btn', { hasText: /^Dyn1$/ }).click()
  await page.locator('label.btn', { hasText: /^Pass$/ }).click()
  await page.getByLabel('Fault items', { exact: true }).selectOption('Gasket')
  await page.getByLabel('Time to repair', { exact: true }).fill('2.5')
  await page.screenshot({ path: path.join(OUT, 'runtime-demo-filled.png'), fullPage: true })

  await page.getByRole('button', { name: 'Scan', exact: true }).last().click()
  await page.getByText('No camera is available. Type the code instead.').waitFor()
  await page.screenshot({ path: path.join(OUT, 'runtime-demo-scan.png') })
  console.log(`Screenshots in ${OUT}`)
} finally {
  await browser.close()
  await server.close()
}
