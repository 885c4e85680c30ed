import { sql } from 'drizzle-orm'
import { assetManufacturers } from '../../server/db/schema/index'
import { compareLatency, latencyFigures } from '../support/measure'
import type { Benchmark } from '../types'

const SUPPLIERS = 2_000

/**
 * The whole supplier list through the API (auth, query, attributes, serialisation) beside the raw SELECT
 * of the same rows. The stand-in for the records page until records exist.
 */
const benchmark: Benchmark = {
  name: 'suppliers-list',
  description: `GET {meta}/api/assetmanufacturers over ${SUPPLIERS.toLocaleString('en')} suppliers, beside the raw SELECT of the rows`,
  async measure(context, scale) {
    const rows = Array.from({ length: Math.max(50, Math.round(SUPPLIERS * scale)) }, (_, i) => ({
      name: `Bench supplier ${i + 1}`,
    }))
    for (let i = 0; i < rows.length; i += 500)
      await context.database.db.insert(assetManufacturers).values(rows.slice(i, i + 500))
    const token = await context.tokenFor('configurator')
    const measured = await compareLatency({
      iterations: Math.max(20, Math.round(200 * scale)),
      subject: () => context.call('meta', 'GET', '/api/assetmanufacturers', { token }),
      reference: () => context.database.db.execute(sql`SELECT * FROM asset_manufacturers ORDER BY id`),
    })
    return latencyFigures(measured, 'raw SQL')
  },
}

export default benchmark
