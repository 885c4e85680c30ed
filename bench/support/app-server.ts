import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { build } from 'vite'

/**
 * The real app for the browser benchmarks that need it (bench/designer-load.ts): the SPA built with
 * vite.config.ts as `npm run build` builds it, served by server/main.ts on a fresh PGlite data directory
 * with the demo data, as the E2E tests start it.
 */

const ROOT = path.join(import.meta.dirname, '..', '..')
const OUT = path.join(ROOT, '.tmp', 'designer-bench')

/** Builds the SPA into .tmp/designer-bench (BENCH_DIST_DIR: use that build instead) and answers its directory. */
export async function buildApp(): Promise<string> {
  const given = process.env.BENCH_DIST_DIR
  if (given) return path.resolve(given)
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true },
  })
  return OUT
}

/** gzip size of a built file, by its path in the site (e.g. /assets/index-abc.js). */
export function gzipBytes(dist: string, sitePath: string): number {
  const file = path.join(dist, decodeURIComponent(sitePath))
  if (!file.startsWith(dist) || !fs.existsSync(file)) throw new Error(`${sitePath} is not in ${dist}`)
  return zlib.gzipSync(fs.readFileSync(file)).length
}

/** Monaco modules that must not be in the build: other languages, and the TS/CSS/HTML services. */
const UNWANTED_MONACO =
  /monaco-editor\/esm\/vs\/(languages\/definitions\/|languages\/features\/(typescript|css|html)\/|language\/(typescript|css|html)\/)/

/** Files of the build that are Monaco's other languages or the TypeScript, CSS and HTML workers. */
export function unwantedMonacoFiles(dist: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >
  const fromManifest = Object.entries(manifest)
    .filter(([source]) => UNWANTED_MONACO.test(source))
    .map(([, entry]) => entry.file)
  const workers = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => /^(ts|css|html)\.worker-.*\.js$/.test(f))
  return [...new Set([...fromManifest, ...workers.map((f) => `assets/${f}`)])]
}

/** A running server/main.ts. */
export interface AppServer {
  url: string
  stop(): Promise<void>
}

/** Starts server/main.ts on `dist` with a fresh PGlite data directory and waits until it answers. */
export async function startAppServer(dist: string, port: number): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-bench-'))
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LISTEN_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: dist,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (log += d))
  child.stderr!.on('data', (d) => (log += d))
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    const ok = await fetch(`${url}/config.json`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) return { url, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`server did not start in time:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
