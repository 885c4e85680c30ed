import { parseArgs } from 'node:util'
import { seedBulk } from '../seed/bulk'
import { seedDemoData } from '../seed/demo'
import { openConfiguredDatabase } from './open'

/**
 * `npm run seed:bulk -- --records 1000000 [--products 100000] [--chunk 100000]`: fills the configured
 * database (DATABASE_URL or the PGlite data directory) with realistic bulk data for the records and
 * products pages and the benchmarks; see server/seed/bulk.ts for what it generates. The demo data is
 * seeded first when the database is new (the bulk data hangs off its suppliers and record types).
 */
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '1000000' },
    products: { type: 'string' },
    chunk: { type: 'string', default: '100000' },
  },
})
const records = Number(values.records)
const products = Number(values.products ?? Math.max(1, Math.round(records / 10)))
const chunk = Number(values.chunk)
if (![records, products, chunk].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('Usage: npm run seed:bulk -- --records <n> [--products <n>] [--chunk <n>]')
  process.exit(2)
}

const database = await openConfiguredDatabase()
try {
  await seedDemoData(database.db)
  const started = Date.now()
  await seedBulk(database.db, { records, products, chunk, log: (line) => console.log(line) })
  console.log(
    `Seeded ${products} products and ${records} records in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
} finally {
  await database.close()
}
