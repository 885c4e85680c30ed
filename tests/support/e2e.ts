import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { DEMO_USER } from './api'
import type { RoleView } from '../../schemas/roles'

const ROOT = path.resolve(import.meta.dirname, '..', '..')

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export interface RunningServer {
  url: string
  dataDir: string
  process: ChildProcess
  output: () => string
  stop(): Promise<void>
}

/**
 * Starts the real server (`server/main.ts`, the built SPA in dist/) on a free port with a fresh
 * PGlite data dir, and waits until it answers /config.json.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // E2E_DIST_DIR lets several people build and test at once without sharing dist/.
  const distDir = path.resolve(ROOT, process.env.E2E_DIST_DIR ?? 'dist')
  if (!fs.existsSync(path.join(distDir, 'index.html')))
    throw new Error(`${distDir} is missing: run vite build first`)
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-e2e-'))
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LISTEN_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (log += d))
  child.stderr!.on('data', (d) => (log += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      const res = await fetch(`${url}/config.json`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${log}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Debian's Chromium; a missing browser is an error, never a silent skip. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Launches Debian's Chromium headless; `extraArgs` add flags (a fake camera, say). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
    )
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  })
}

/**
 * Signs in as a newcomer does (issue #11.1): at `/`, the address the README prints, through the login
 * modal; then goes to `at` the way a user would, by the navigation drawer when `at` is one of its
 * entries (opening the drawer on a narrow screen), else by its address.
 */
export async function signIn(page: Page, baseUrl: string, view: Exclude<RoleView, 'none'>, at = '/Home') {
  await page.goto(`${baseUrl}/`)
  await page.getByLabel('Username').fill(DEMO_USER[view].username)
  await page.getByLabel('Password').fill(DEMO_USER[view].password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('button', { name: 'Log Out' }).waitFor()
  await navigate(page, baseUrl, at)
}

/** Goes to `at` in the signed-in app as a user would: by the navigation drawer when it is an entry of it. */
export async function navigate(page: Page, baseUrl: string, at: string) {
  if (at === '/') return
  const target = new URL(at, baseUrl)
  const link = page
    .getByRole('navigation', { name: 'Main navigation' })
    .locator(`a[href="${target.pathname}"]`)
  if (target.search || target.hash || (await link.count()) === 0) {
    await page.goto(baseUrl + at)
    return
  }
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'Open navigation' }).click()
  await link.click()
  await page.waitForURL((url) => url.pathname === target.pathname)
}

/**
 * Saves a screenshot under screenshots/ (git-ignored) for people to look at: the whole page, or only the
 * viewport with `fullPage: false` (a modal over a long page, which a full-page capture draws out of place).
 */
export async function screenshot(page: Page, name: string, fullPage = true) {
  const dir = path.join(ROOT, 'screenshots')
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage })
}

/** Settings of every E2E server: many sign-ins from one address are normal in a test run. */
export const E2E_SERVER_ENV = { LOGIN_RATE_LIMIT: '10000' }

/**
 * Gives the calling test file its own real server on a fresh data dir (started before its tests,
 * stopped after), so no file sees another file's records and counts stay what the demo data says.
 * `onUrl` receives the base URL once the server answers, and the server (its data directory, e.g.).
 */
export function useFreshServer(onUrl: (url: string, server: RunningServer) => void): void {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer(E2E_SERVER_ENV)
    onUrl(server.url, server)
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
  })
}

/**
 * One Chromium for the test file and a fresh context and page for each test (closed after it), so no
 * test sees another's cookies, storage or open dialogs. `onPage` receives each test's page; `launchArgs`
 * are extra Chromium flags for the file's browser.
 */
export function useBrowserPage(
  onPage: (page: Page, context: BrowserContext) => void,
  options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
  launchArgs: string[] = [],
): void {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  beforeAll(async () => {
    browser = await launchBrowser(launchArgs)
  })
  afterAll(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    context = await browser!.newContext(options)
    onPage(await context.newPage(), context)
  })
  afterEach(async () => {
    await context?.close()
  })
}

/**
 * On /AddRecord: chooses the demo transformer routine test (Northwind Transformers, Distribution
 * Transformer 11kV) and opens its form with 'Enter Data'.
 */
export async function enterRoutineTest(page: Page): Promise<void> {
  await page.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Northwind Transformers' })
  await page
    .getByLabel('Product Type', { exact: true })
    .selectOption({ label: 'Distribution Transformer 11kV' })
  await page.getByLabel('Record Type', { exact: true }).selectOption({ label: 'Transformer Routine Test' })
  await page.getByRole('button', { name: 'Enter Data' }).click()
  await page.getByRole('heading', { name: 'Distribution Transformer Routine Test' }).waitFor()
}
