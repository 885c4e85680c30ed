import { readConfig } from '../config'
import { openDatabase, type Database } from '../db/client'

/** Opens and migrates the database the server would use (same env vars), for the CLIs. */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = readConfig()
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 })
  await database.migrate()
  return database
}
