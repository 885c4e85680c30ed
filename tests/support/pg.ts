import pg from 'pg'

/** The PostgreSQL server of the PostgreSQL test run (`npm run test:pg`), or undefined on the PGlite run. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined

/** A database created for one test file on the test PostgreSQL server. */
export interface ScratchDatabase {
  name: string
  /** Connection string of this database (same server and credentials as TEST_DATABASE_URL). */
  url: string
  /** Drops the database, ending any connection still open on it. */
  drop(): Promise<void>
}

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE cannot run inside one). */
async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Connection string of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Creates an empty database with a unique name on the server of `serverUrl`. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'itr_scratch',
): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  await admin(serverUrl, `CREATE DATABASE ${name}`)
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

/** Drops and re-creates database `name`: the "wipe" of a restore drill. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin(serverUrl, `CREATE DATABASE ${name}`)
}
