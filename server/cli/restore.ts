import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { readConfig } from '../config'
import { PG_DUMP_HEADER, pgConnection, pgProgram, run, type BackupKind } from './backup'

/**
 * `npm run restore -- <file> [--force]`: restores a file made by `npm run backup` into the configured
 * database. Either it all lands or nothing changes: psql runs the dump in one transaction, and a PGlite
 * tarball is unpacked into a fresh directory that replaces DATA_DIR only once it opens cleanly.
 * A database that already holds tables is replaced only with --force (PGlite keeps the old directory
 * beside the new one). Run `npm run migrate` or start the server afterwards to bring an older backup
 * up to the current schema.
 */

const USAGE = `Usage: npm run restore -- <file> [--force]

Restores a backup made by npm run backup into the database the server would use: PostgreSQL when
DATABASE_URL is set (a .sql file, run by psql in one transaction), otherwise the PGlite data directory
DATA_DIR (a .tar.gz; stop the server first).
--force   replace a database that already has tables (PGlite: the old directory is kept beside it).
Set PG_BIN_DIR to pick the pg_dump/psql binaries (default: the ones on PATH).`

/** Which kind of database a backup file is for, by its first bytes. */
export function detectBackupKind(file: string): BackupKind | undefined {
  const fd = fs.openSync(file, 'r')
  try {
    const head = Buffer.alloc(PG_DUMP_HEADER.length)
    const read = fs.readSync(fd, head, 0, head.length, 0)
    if (read >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite' // gzip: PGlite's dumpDataDir
    if (head.subarray(0, read).toString('utf8') === PG_DUMP_HEADER) return 'postgres'
    return undefined
  } finally {
    fs.closeSync(fd)
  }
}

/** Number of tables outside PostgreSQL's own schemas. */
async function countUserTables(url: string): Promise<number> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    )
    return result.rows[0].n
  } finally {
    await client.end()
  }
}

/** Runs a plain SQL dump against PostgreSQL in a single transaction that stops at the first error. */
export async function restorePostgres(
  url: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!options.force && (await countUserTables(url)) > 0) {
    throw new Error(
      'The database already has tables; restoring replaces them. Run again with --force to go ahead.',
    )
  }
  const { dbname, env } = pgConnection(url)
  const args = ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', `--file=${file}`]
  await run(pgProgram('psql'), [...args, `--dbname=${dbname}`], {
    ...env,
    PGOPTIONS: '--client-min-messages=warning',
  })
}

/**
 * Unpacks a PGlite tarball into `dataDir`. Returns where the previous directory was moved, if there was one.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<string | undefined> {
  const occupied = fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0
  if (occupied && !options.force) {
    throw new Error(
      `${dataDir} already holds a database; restoring replaces it. Run again with --force to go ahead.`,
    )
  }
  if (fs.existsSync(path.join(dataDir, 'postmaster.pid')) && !options.force) {
    throw new Error(`${dataDir} is in use (postmaster.pid is present): stop the server first.`)
  }
  const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  const staging = `${dataDir}.restoring-${stamp}`
  fs.rmSync(staging, { recursive: true, force: true })
  fs.mkdirSync(path.dirname(staging), { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  try {
    const client = await PGlite.create(staging, { loadDataDir: new Blob([fs.readFileSync(file)]) })
    try {
      await client.query('SELECT count(*) FROM information_schema.tables') // it opens and answers
    } finally {
      await client.close()
    }
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true })
    throw new Error(`${file} is not a PGlite backup that this version can open: ${(error as Error).message}`)
  }
  let previous: string | undefined
  if (fs.existsSync(dataDir)) {
    if (occupied) {
      previous = `${dataDir}.before-restore-${stamp}`
      fs.renameSync(dataDir, previous)
    } else fs.rmdirSync(dataDir)
  }
  fs.renameSync(staging, dataDir)
  return previous
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help || positionals.length !== 1) {
    console.log(USAGE)
    process.exit(values.help ? 0 : 1)
  }
  // npm runs scripts from the project root; INIT_CWD is where the user typed the command.
  const file = path.resolve(process.env.INIT_CWD ?? '.', positionals[0])
  if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`)
  const config = readConfig()
  const target: BackupKind = config.databaseUrl ? 'postgres' : 'pglite'
  const kind = detectBackupKind(file)
  if (!kind) throw new Error(`${file} is not a backup made by npm run backup.`)
  if (kind !== target) {
    throw new Error(
      kind === 'postgres'
        ? `${file} is a PostgreSQL dump: set DATABASE_URL to the PostgreSQL database to restore into.`
        : `${file} is a PGlite backup: unset DATABASE_URL and set DATA_DIR to restore into PGlite.`,
    )
  }
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file, { force: values.force })
    console.log(`Restored ${file} into PostgreSQL (DATABASE_URL).`)
  } else {
    const previous = await restorePglite(config.dataDir, file, { force: values.force })
    console.log(`Restored ${file} into PGlite at ${config.dataDir}.`)
    if (previous) console.log(`The previous data directory is kept at ${previous}; delete it when satisfied.`)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: Error) => {
    console.error(error.message)
    process.exit(1)
  })
}
