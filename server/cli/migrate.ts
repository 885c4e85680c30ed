import { openConfiguredDatabase } from './open'

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
const database = await openConfiguredDatabase()
await database.close()
console.log(`Migrations applied (${database.kind}).`)
