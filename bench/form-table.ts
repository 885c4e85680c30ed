import { chromium } from 'playwright-core'
import { ARGS, CHROMIUM, buildPage, serve } from './form-300'

/**
 * Issue #14's table variant of the form benchmark, run by hand (`npx tsx bench/form-table.ts`): the
 * longest task while a 1,000-row × 6-column measurement table renders and scrolls (budget 100 ms), and
 * keydown → paint per keystroke typing into a 20-row table (budget 50 ms).
 */
async function main() {
  await buildPage()
  const server = await serve()
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.addInitScript(
      'window.longTasks = []; new PerformanceObserver((l) => l.getEntries().forEach((e) => window.longTasks.push(e.duration))).observe({ type: "longtask", buffered: true })',
    )
    await page.goto(`${server.url}?mode=table&rows=1000`)
    await page.waitForFunction('"formBench" in window')
    // Only what the table costs: loading the page's script is not part of it.
    await page.waitForTimeout(300)
    await page.evaluate('window.longTasks.length = 0')
    const firstPaint = (await page.evaluate('window.formBench.mount()')) as number
    await page.waitForSelector('tbody tr[data-row]')
    // Scroll the whole table through, a screen at a time, to its last row.
    for (let y = 0; y < 60; y++) {
      await page.mouse.wheel(0, 800)
      await page.waitForTimeout(30)
    }
    await page.waitForSelector('tr[data-row="999"]', { timeout: 30_000 })
    await page.waitForTimeout(300)
    const longTasks = (await page.evaluate('window.longTasks')) as number[]
    console.log(
      `1,000-row table: first paint ${firstPaint.toFixed(0)} ms; long tasks ${longTasks.map((t) => t.toFixed(0)).join(', ') || 'none'}; longest ${Math.max(0, ...longTasks).toFixed(0)} ms (budget 100)`,
    )

    const typing = await browser.newPage()
    await typing.goto(`${server.url}?mode=table&rows=20`)
    await typing.waitForFunction('"formBench" in window')
    await typing.evaluate('window.formBench.mount()')
    const input = typing.getByLabel('Phase 3, 7', { exact: true })
    await input.fill('')
    let typed = 0
    for (const ch of '12.345') {
      await typing.keyboard.press(ch)
      typed++
      await typing.waitForFunction(`window.formBench.keys.length >= ${typed}`)
    }
    const keys = (await typing.evaluate('window.formBench.keys')) as { js: number; paint: number }[]
    const paints = keys.slice(-6).map((k) => k.paint)
    console.log(
      `20-row table typing: keydown → paint ${paints.map((p) => p.toFixed(1)).join(', ')} ms; worst ${Math.max(...paints).toFixed(1)} ms (budget 50)`,
    )
  } finally {
    await browser.close()
    await server.close()
  }
}

await main()
