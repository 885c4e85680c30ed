import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { servicePrefix } from '../../server/config'
import type { Host } from '../../schemas/config'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** A real `server/main.ts` process listening on 127.0.0.1. */
export interface ServerProcess {
  port: number
  baseUrl: string
  /** Everything the process wrote so far (stdout and stderr), for failure messages. */
  output(): string
  /** Resolves once the output satisfies `test` (checked on every chunk); rejects if the process exits first. */
  waitForOutput(test: (output: string) => boolean): Promise<void>
  /** fetch() against a service host of this instance. */
  call(
    host: Host,
    method: string,
    urlPath: string,
    init?: { token?: string; body?: unknown; form?: Record<string, string>; multipart?: FormData },
  ): Promise<Response>
  /** Sends SIGTERM and waits for the process to exit. */
  stop(): Promise<void>
  /** Sends SIGKILL (kill -9: no shutdown hook runs) and waits for the process to be gone. */
  crash(): Promise<void>
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Spawns `node --import tsx server/main.ts` (one process, so SIGTERM reaches the server itself) with
 * the given environment and resolves once it prints that it is running; rejects with its output when it
 * exits first (a migration or seeding error, say).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      LISTEN_HOST: '127.0.0.1',
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      // No calibration reminders unless a test asks (they would file e-mails under DATA_DIR's outbox).
      CALIBRATION_REMINDER_INTERVAL_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const watchers = new Set<() => void>()
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      for (const watcher of watchers) watcher()
      if (output.includes(`is running on http://localhost:${port}`)) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    void exited.then((code) =>
      reject(new Error(`server on port ${port} exited with ${code} before it was ready:\n${output}`)),
    )
  })
  const baseUrl = `http://127.0.0.1:${port}`
  return {
    port,
    baseUrl,
    output: () => output,
    waitForOutput: (test) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!test(output)) return
          watchers.delete(check)
          resolve()
        }
        watchers.add(check)
        check()
        // A process that dies first fails the wait at once, with what it printed.
        void exited.then((code) =>
          reject(new Error(`server on port ${port} exited with ${code}:\n${output}`)),
        )
      }),
    call(host, method, urlPath, init = {}) {
      const headers: Record<string, string> = {}
      if (init.token) headers.authorization = `Bearer ${init.token}`
      let body: string | FormData | undefined
      if (init.multipart)
        body = init.multipart // fetch sets the multipart boundary itself
      else if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        body = new URLSearchParams(init.form).toString()
      } else if (init.body !== undefined) {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(init.body)
      }
      return fetch(`${baseUrl}${servicePrefix(host)}${urlPath}`, { method, headers, body })
    },
    stop: () => stopProcess(child, exited),
    crash: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGKILL')
      await exited
    },
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await exited
}
