import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'

/** Row count and content hash of each table. */
export type DbSnapshot = Record<string, { rows: number; hash: string }>

/** Tables of the app's schema (drizzle's migration bookkeeping lives in its own schema). */
export async function appTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)
}

/**
 * One query that counts and hashes every table (md5 over the rows' text, in a stable order), so a fuzz
 * case can prove a rejected request changed nothing.
 */
export function snapshotter(db: Db, tables: string[]): () => Promise<DbSnapshot> {
  const query = tables
    .map(
      (t) =>
        `SELECT '${t}' AS name, count(*)::int AS rows, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS hash FROM "${t}" x`,
    )
    .join(' UNION ALL ')
  return async () => {
    const result = await db.execute(sql.raw(query))
    return Object.fromEntries(
      (result as unknown as { rows: { name: string; rows: number; hash: string }[] }).rows.map((r) => [
        r.name,
        { rows: Number(r.rows), hash: r.hash },
      ]),
    )
  }
}

/** Tables whose count or hash differ, with their counts before and after. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  return Object.keys({ ...before, ...after })
    .filter((t) => before[t]?.hash !== after[t]?.hash)
    .map((t) => `${t} (${before[t]?.rows ?? 0} → ${after[t]?.rows ?? 0} rows)`)
}
