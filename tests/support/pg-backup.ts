import { spawn } from 'node:child_process'
import path from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../server/db/client'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Every row of every application table, keyed by `schema.table`, in a stable order. */
export type TableSnapshot = Record<string, unknown[]>

/** Bytes become hex and dates ISO strings, so PGlite's and node-postgres' values compare alike. */
function normalise(value: unknown): unknown {
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`
  if (value instanceof Date) return value.toISOString()
  return value
}

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared Db type leaves untyped. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/**
 * Reads every table of the `public` and `drizzle` schemas (tables added later are included without
 * changes here), each ordered by its whole row so two snapshots of the same data are equal.
 */
export async function snapshotTables(db: Db): Promise<TableSnapshot> {
  const tables = await rowsOf<{ table_schema: string; table_name: string }>(
    db,
    sql`
    SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE'
     ORDER BY table_schema, table_name`,
  )
  const snapshot: TableSnapshot = {}
  for (const { table_schema: schema, table_name: table } of tables) {
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql.raw(`SELECT * FROM "${schema}"."${table}" AS t ORDER BY t::text`),
    )
    snapshot[`${schema}.${table}`] = rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, normalise(v)])),
    )
  }
  return snapshot
}

/** What a CLI run printed and how it ended. */
export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `node --import tsx server/cli/<name>.ts …args` from the project root with extra env. */
export function runCli(name: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/cli/${name}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}
