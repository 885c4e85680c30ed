import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import * as schema from './schema/index'

/** The drizzle database, the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** An open database with its driver kind and a clean close. */
export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>
  close(): Promise<void>
  /** PGlite only: the whole data dir as a tarball (backups, test snapshots). */
  dump?(): Promise<Blob>
}

export interface OpenOptions {
  /** postgres://… connection string; when absent PGlite is used. */
  url?: string
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  dataDir?: string
  poolSize?: number
  /** PostgreSQL: prepare the statements this instance repeats (default true; auto-prepare.ts). */
  autoPrepare?: boolean
  /** A PGlite data-dir dump (`dumpDataDir()`) to start from instead of an empty database (tests). */
  loadDataDir?: Blob
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Logged when PostgreSQL ends an idle pooled connection; the instance carries on. */
export const POOL_ERROR_WARNING = 'PostgreSQL closed an idle connection; the pool opens a new one when needed'

/** Any 64-bit number works as long as every instance uses the same one. */
const MIGRATION_LOCK_ID = 725_604_118

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.autoPrepare ?? true)
    : openPglite(options.dataDir ?? 'memory://', options.loadDataDir)
}

/**
 * PGlite on its own thread (pglite-thread-client.ts), behind drizzle's PGlite driver: the same queries,
 * transactions and results as an in-thread PGlite, while the server's thread stays free for HTTP.
 */
async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const { PgliteThread } = await import('./pglite-thread-client')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  if (dataDir !== 'memory://' && !dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true })
  const thread = await PgliteThread.open(dataDir, loadDataDir)
  const client = thread as unknown as PGlite
  const db = drizzle(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory, so no lock is needed here.
    migrate: async () => {
      await migrate(drizzle(client, { schema }), { migrationsFolder })
      await linkRecordDocuments(db)
    },
    close: () => thread.close(),
    dump: () => thread.dumpDataDir(),
  }
}

async function openPostgres(url: string, poolSize: number, autoPrepare: boolean): Promise<Database> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const { autoPreparingClient } = await import('./auto-prepare')
  const Client = autoPrepare ? autoPreparingClient(pg.Client) : pg.Client
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client })
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is an 'error' event;
  // unhandled, it would stop the whole instance. The pool drops that connection and opens a new one.
  pool.on('error', (error) => console.warn(`${POOL_ERROR_WARNING} (${error.message})`))
  const db = drizzle(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Two instances starting together: the second waits here, then finds nothing to apply.
      const client = await pool.connect()
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
        try {
          const locked = drizzle(client, { schema })
          await migrate(locked, { migrationsFolder })
          await linkRecordDocuments(locked as unknown as Db)
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
        }
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

/**
 * Data step after the schema migrations (issue #13.5): records stored before `record_documents` existed get
 * their document links once, from the saved file names in their data (the last use of that text search).
 * A marker in app_settings makes it run once per database.
 */
async function linkRecordDocuments(db: Db): Promise<void> {
  const marked = await db.execute(sql`
    INSERT INTO app_settings (key, value) VALUES ('record_documents_linked', 'yes')
    ON CONFLICT DO NOTHING RETURNING key`)
  const rows = Array.isArray(marked) ? marked : (marked as { rows: unknown[] }).rows
  if (rows.length === 0) return
  await db.execute(sql`
    INSERT INTO record_documents (record_id, document_id)
    SELECT r.id, d.id FROM records r JOIN documents d ON strpos(r.data::text, d.saved_filename) > 0
    ON CONFLICT DO NOTHING`)
}
