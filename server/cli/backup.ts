import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { readConfig } from '../config'

/**
 * `npm run backup -- [file] [--force]`: backs up the configured database (same env vars as the server).
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump` as one plain SQL file with `--clean --if-exists`, so `npm run restore`
 *   (psql) replaces what is there. Safe while the instances run: pg_dump reads one consistent snapshot.
 * - PGlite (DATA_DIR): PGlite's own `dumpDataDir()`, a gzipped tarball of the data directory. One process
 *   owns a PGlite directory, so the server must be stopped first.
 */

const USAGE = `Usage: npm run backup -- [file] [--force]

Backs up the database the server would use: PostgreSQL when DATABASE_URL is set (pg_dump, plain SQL),
otherwise the PGlite data directory DATA_DIR (a .tar.gz; stop the server first).
Default file: backups/itr-<postgres|pglite>-<UTC date and time>.<sql|tar.gz>.
--force   back up a PGlite directory that looks in use (a stale lock left by a crash).
Set PG_BIN_DIR to pick the pg_dump/psql binaries (default: the ones on PATH).`

/** The two kinds of backup file; restore tells them apart by content. */
export type BackupKind = 'postgres' | 'pglite'

/** First line pg_dump writes to a plain SQL dump. */
export const PG_DUMP_HEADER = '--\n-- PostgreSQL database dump'

/** Path of a PostgreSQL client program, from PG_BIN_DIR when set. */
export function pgProgram(name: 'pg_dump' | 'psql'): string {
  return process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : name
}

/**
 * libpq connection settings for a postgres:// URL. The password travels in PGPASSWORD rather than on
 * the command line, where every local user could read it in the process list.
 */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

/** Runs a program to completion; rejects with its stderr when it fails. */
export function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'inherit', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', (error) => reject(new Error(`Cannot run ${program}: ${error.message}`)))
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}):\n${stderr.trim()}`)),
    )
  })
}

/** Dumps a PostgreSQL database to `file` as plain SQL that drops and re-creates every object. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = pgConnection(url)
  // --no-owner/--no-privileges: the dump restores into a database owned by another role too.
  const args = ['--format=plain', '--clean', '--if-exists', '--no-owner', '--no-privileges', `--file=${file}`]
  await run(pgProgram('pg_dump'), [...args, `--dbname=${dbname}`], env)
}

/** Writes PGlite's tarball of `dataDir` to `file`. Refuses a directory another process has open. */
export async function backupPglite(
  dataDir: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`No PGlite database in ${dataDir}.`)
  if (fs.existsSync(path.join(dataDir, 'postmaster.pid')) && !options.force) {
    throw new Error(
      `${dataDir} is in use (postmaster.pid is present): stop the server first. ` +
        'If it crashed, the lock is stale: run the backup again with --force.',
    )
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const client = await PGlite.create(dataDir)
  try {
    const tarball = await client.dumpDataDir('gzip')
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()))
  } finally {
    await client.close()
  }
}

/** Default file name: backups/itr-<kind>-20250101-120000.<ext> (UTC). */
export function defaultBackupFile(kind: BackupKind, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return path.join('backups', `itr-${kind}-${stamp}.${kind === 'postgres' ? 'sql' : 'tar.gz'}`)
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help || positionals.length > 1) {
    console.log(USAGE)
    process.exit(values.help ? 0 : 1)
  }
  const config = readConfig()
  const kind: BackupKind = config.databaseUrl ? 'postgres' : 'pglite'
  // npm runs scripts from the project root; INIT_CWD is where the user typed the command.
  const file = positionals[0]
    ? path.resolve(process.env.INIT_CWD ?? '.', positionals[0])
    : path.resolve(defaultBackupFile(kind))
  fs.mkdirSync(path.dirname(file), { recursive: true })
  // Write to a temporary name first, so a failed run never leaves a half file under the real name.
  const partial = `${file}.partial`
  try {
    if (config.databaseUrl) await backupPostgres(config.databaseUrl, partial)
    else await backupPglite(config.dataDir, partial, { force: values.force })
    fs.renameSync(partial, file)
  } finally {
    fs.rmSync(partial, { force: true })
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`
  console.log(`Backed up ${where} to ${file} (${fs.statSync(file).size} bytes).`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: Error) => {
    console.error(error.message)
    process.exit(1)
  })
}
