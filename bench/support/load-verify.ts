import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import type { SubmissionLog } from './load-types'

/** What the database holds after a load run, and every way it disagrees with what clients were told. */
export interface LoadVerdict {
  /** Records created during the run. */
  records: number
  /** Submissions whose only attempt was aborted and that the server nevertheless committed (once). */
  abandonedStored: number
  /** Empty when every acknowledged submission is stored exactly once and nothing else was stored. */
  problems: string[]
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows

/**
 * Checks the database after a load run: every acknowledged Idempotency-Key has its stored answer naming
 * the record the client was told, that record exists, no two keys share a record, every record created
 * during the run belongs to exactly one key of the run, and a key stored without an acknowledgement is one
 * whose request was aborted (then it stored exactly one record, by the key's primary key).
 */
export async function verifyLoad(
  db: Db,
  runId: string,
  recordsBefore: number,
  log: SubmissionLog,
): Promise<LoadVerdict> {
  // One statement, so one snapshot: an aborted request still finishing on the server is either wholly in
  // it (key and record) or wholly not, never half.
  const rows = rowsOf<{ key: string | null; recordId: number | null; answerId: number | null }>(
    await db.execute(sql`SELECT k.key, r.id AS "recordId", k.answer AS "answerId"
      FROM (SELECT id FROM records WHERE id > ${recordsBefore}) r
      FULL OUTER JOIN (SELECT key, (response->>'recordId')::int AS answer FROM idempotency_keys
                        WHERE key LIKE ${`${runId}-%`}) k ON k.answer = r.id`),
  )
  const stored = rows.flatMap((row) =>
    row.key === null ? [] : [{ key: row.key, recordId: row.answerId === null ? null : Number(row.answerId) }],
  )
  const created = rows.flatMap((row) => (row.recordId === null ? [] : [{ id: Number(row.recordId) }]))
  const problems: string[] = []
  const byKey = new Map(stored.map((row) => [row.key, row.recordId === null ? null : Number(row.recordId)]))
  const createdIds = new Set(created.map((row) => Number(row.id)))

  for (const [key, recordId] of log.acknowledged) {
    if (!byKey.has(key)) problems.push(`acknowledged ${key} (record ${recordId}) has no stored answer`)
    else if (byKey.get(key) !== recordId)
      problems.push(`acknowledged ${key} as record ${recordId}, stored answer says ${byKey.get(key)}`)
    if (!createdIds.has(recordId)) problems.push(`acknowledged record ${recordId} (${key}) is missing`)
  }
  const keyOfRecord = new Map<number, string>()
  let abandonedStored = 0
  for (const [key, recordId] of byKey) {
    if (recordId === null) {
      problems.push(`stored answer of ${key} names no record`)
      continue
    }
    const other = keyOfRecord.get(recordId)
    if (other) problems.push(`record ${recordId} answers two keys: ${other} and ${key}`)
    keyOfRecord.set(recordId, key)
    if (!log.acknowledged.has(key)) {
      if (log.abandoned.has(key)) abandonedStored++
      else problems.push(`${key} stored record ${recordId} but was never acknowledged nor aborted`)
    }
    if (!createdIds.has(recordId)) problems.push(`record ${recordId} of stored answer ${key} is missing`)
  }
  for (const id of createdIds)
    if (!keyOfRecord.has(id))
      problems.push(`record ${id} was stored without any key of the run (a duplicate?)`)
  return { records: createdIds.size, abandonedStored, problems }
}
