import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { readConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import type { TargetKind } from '../types'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** A database server the runner can open fresh databases on. */
export interface Target {
  kind: TargetKind
  /** Column heading, e.g. "PGlite (data dir)". */
  label: string
  /** A new, empty database; `dispose` closes and deletes it. */
  open(): Promise<{ database: Database; dispose(): Promise<void> }>
  /** Stops whatever the target started. */
  close(): Promise<void>
}

/** `database` whose close() may be called twice (by the app's onClose hook and by dispose). */
function closeOnce(database: Database): Database {
  let closing: Promise<void> | undefined
  return { ...database, close: () => (closing ??= database.close()) }
}

/** PGlite on a temporary data directory: the embedded default, on disk as in production. */
export function pgliteTarget(): Target {
  return {
    kind: 'pglite',
    label: 'PGlite (data dir)',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-bench-'))
      const database = closeOnce(await openDatabase({ dataDir: dir }))
      return {
        database,
        async dispose() {
          await database.close()
          fs.rmSync(dir, { recursive: true, force: true })
        },
      }
    },
    close: async () => {},
  }
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** PostgreSQL at `serverUrl`: each benchmark gets its own database there, dropped afterwards. */
export async function postgresTarget(
  serverUrl: string,
  stop: () => Promise<void> = async () => {},
): Promise<Target> {
  let version: string
  try {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version
    await client.end()
  } catch (error) {
    await stop()
    throw error
  }
  const host = new URL(serverUrl).hostname
  return {
    kind: 'postgres',
    label: `PostgreSQL ${version.split(' ')[0]} (${host})`,
    async open() {
      const name = `itr_bench_${process.pid}_${Date.now()}`
      await adminQuery(serverUrl, `CREATE DATABASE ${name}`)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      // DATABASE_PREPARE=off measures without auto-prepared statements, as the server would run.
      const autoPrepare = readConfig().autoPrepare
      const database = closeOnce(await openDatabase({ url: url.toString(), poolSize: 10, autoPrepare }))
      return {
        database,
        async dispose() {
          await database.close()
          await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        },
      }
    },
    close: stop,
  }
}

/** Starts the throw-away cluster of scripts/pg-test-cluster.sh; resolves to its URL and a stop. */
export async function startTempCluster(): Promise<{ url: string; stop(): Promise<void> }> {
  const script = path.join(ROOT, 'scripts/pg-test-cluster.sh')
  const { stdout } = await promisify(execFile)('bash', [script, 'start'])
  const [url, dir] = stdout.trim().split('\n')
  return {
    url,
    stop: async () => {
      await promisify(execFile)('bash', [script, 'stop', dir])
    },
  }
}

/** Whether Debian's PostgreSQL server binaries are installed (so the temp cluster can start). */
export function clusterBinariesInstalled(): boolean {
  const base = '/usr/lib/postgresql'
  return (
    fs.existsSync(base) && fs.readdirSync(base).some((v) => fs.existsSync(path.join(base, v, 'bin/initdb')))
  )
}
