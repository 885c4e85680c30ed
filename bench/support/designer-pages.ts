import type { Browser, BrowserContext, Page } from 'playwright-core'
import { VIEWPORT } from './form-pages'

/**
 * The page side of bench/designer-load.ts: cold loads of the real app's pages in Chromium, each in a
 * fresh browser context (empty HTTP cache) signed in through saved storage, timed in the page from the
 * navigation's start, with the JS files each load fetched (main thread and workers apart).
 */

/** The signed-in storage of a configurator and the address of the record type editor measured. */
export interface Session {
  storage: Awaited<ReturnType<BrowserContext['storageState']>>
  editorPath: string
}

/** One cold load: when the awaited element appeared and the first frame after it (ms from navigation start). */
export interface PageLoad {
  shown: number
  interactive: number
  /** Site paths of the JS files the page fetched, main thread and workers apart. */
  scripts: Set<string>
  workers: Set<string>
  /** The JSON tab's click → its text shown, when the JSON view was opened. */
  jsonOpen?: number
}

/**
 * In the page, before its scripts: a promise of the times `selector` first matched and of the first frame
 * after that task (a rAF, then a task: the main thread is free again and the element painted).
 * A string, as bench/ is type-checked without DOM types.
 */
const readyScript = (selector: string) => `
window.__benchReady = new Promise((resolve) => {
  let done = false
  const observer = new MutationObserver(() => {
    if (done || !document.querySelector(${JSON.stringify(selector)})) return
    done = true
    observer.disconnect()
    const shown = performance.now()
    requestAnimationFrame(() => setTimeout(() => resolve({ shown, interactive: performance.now() }), 0))
  })
  observer.observe(document, { childList: true, subtree: true })
})`

/** Signs in as the configurator through the login form; answers the storage and the editor's address. */
export async function signIn(browser: Browser, url: string, recordType: string): Promise<Session> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.goto(`${url}/`)
    await page.getByLabel('Username').fill('configurator')
    await page.getByLabel('Password').fill('configurator-demo')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByRole('button', { name: 'Log Out' }).waitFor()
    await page.goto(`${url}/RecordTypes`)
    const link = page.getByRole('link', { name: `Edit ${recordType}`, exact: true })
    const editorPath = await link.getAttribute('href')
    if (!editorPath) throw new Error(`no editor link for ${recordType}`)
    return { storage: await context.storageState(), editorPath }
  } finally {
    await context.close()
  }
}

/** Waits until no new file has been counted for `quietMs`: the lazily loaded code and workers are in. */
async function settle(count: () => number, quietMs = 750) {
  let last = -1
  while (count() !== last) {
    last = count()
    await new Promise((resolve) => setTimeout(resolve, quietMs))
  }
}

/**
 * A cold load of `path` until `selector` is shown and the main thread free again; then `after` (e.g.
 * opening the JSON view), and until no more files load.
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  session: Session,
  options: { path: string; selector: string; after?: (page: Page, load: PageLoad) => Promise<void> },
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: session.storage })
  try {
    await context.addInitScript(readyScript(options.selector))
    const page = await context.newPage()
    const load: PageLoad = { shown: 0, interactive: 0, scripts: new Set(), workers: new Set() }
    const sitePath = (address: string) => (address.startsWith(url) ? new URL(address).pathname : undefined)
    page.on('request', (request) => {
      const path = sitePath(request.url())
      if (path?.endsWith('.js')) load.scripts.add(path)
    })
    page.on('worker', (worker) => {
      const path = sitePath(worker.url())
      if (path) load.workers.add(path)
    })
    await page.goto(url + options.path)
    const ready = (await page.evaluate('window.__benchReady')) as { shown: number; interactive: number }
    Object.assign(load, ready)
    await options.after?.(page, load)
    await settle(() => load.scripts.size + load.workers.size)
    for (const worker of load.workers) load.scripts.delete(worker)
    return load
  } finally {
    await context.close()
  }
}

/** Opens the designer's JSON tab and times the click until the layout's text shows in Monaco. */
export async function openJsonView(page: Page, load: PageLoad): Promise<void> {
  const start = Date.now()
  await page.getByRole('tab', { name: 'JSON' }).click()
  await page.locator('.monaco-editor .view-lines').getByText('"controls"').first().waitFor()
  load.jsonOpen = Date.now() - start
  // The JSON language starts its worker for the first validation: wait for it, so its code is counted.
  await page.locator('.monaco-editor').first().waitFor()
  const deadline = Date.now() + 10_000
  while (load.workers.size === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
}
