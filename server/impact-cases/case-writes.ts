import { and, eq, sql } from 'drizzle-orm'
import type { AuditAction } from '../../schemas/audit'
import { audit, type AuditActor } from '../audit/write'
import type { Db } from '../db/client'
import { impactCaseRecords, impactCases, users } from '../db/schema/index'
import { rowsOf } from '../submissions/write/sql-batch'

const DAY_MS = 86_400_000

/** Who changed a case: a signed-in caller, or the user a submission was written by (null: the server). */
export async function actorOf(db: Db, userId: number | null): Promise<AuditActor> {
  if (!userId) return { id: null, username: 'system', view: null }
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId))
  return { id: userId, username: user?.username ?? 'system', view: null }
}

/**
 * Puts the records that used the device within the case's window (whole UTC days `start`..`end`, both
 * included; a null end: up to now) into the case as undecided; records already in it are kept as they
 * are. The device's own calibration records are not its results and are left out; a calibration of
 * another device that used it as a reference is a result of it and is in. Answers the ids added.
 */
export async function addWindowRecords(
  db: Db,
  caseId: number,
  deviceId: number,
  start: Date | null,
  end: Date | null,
): Promise<number[]> {
  const added = rowsOf<{ record_id: number }>(
    await db.execute(sql`INSERT INTO ${impactCaseRecords} (case_id, record_id, product_id, record_type_id)
      SELECT ${caseId}::int, r.id, r.product_id, r.record_type_id
      FROM record_test_equipment l JOIN records r ON r.id = l.record_id
      WHERE l.test_equipment_id = ${deviceId}::int
        AND r.test_equipment_id IS DISTINCT FROM ${deviceId}::int
        ${start ? sql`AND r.record_date >= ${start}` : sql``}
        ${end ? sql`AND r.record_date < ${new Date(end.getTime() + DAY_MS)}` : sql``}
      ON CONFLICT DO NOTHING
      RETURNING record_id`),
  )
  return added.map((r) => Number(r.record_id))
}

/**
 * A case as its audit rows store it: a flat field map (server/audit/snapshot.ts), so a disposition is
 * one changed field `record {id}` ('Retest by configurator: reason') and the history diffs field by field.
 */
export async function caseAuditView(db: Db, id: number): Promise<Record<string, unknown> | undefined> {
  const [c] = await db.select().from(impactCases).where(eq(impactCases.id, id))
  if (!c) return undefined
  const rows = await db
    .select()
    .from(impactCaseRecords)
    .where(eq(impactCaseRecords.caseId, id))
    .orderBy(impactCaseRecords.recordId)
  const view: Record<string, unknown> = {
    kind: c.kind,
    status: c.status,
    testEquipmentId: c.testEquipmentId,
    calibrationRecordId: c.calibrationRecordId,
    lastPassingRecordId: c.lastPassingRecordId,
    windowStart: c.windowStart?.toISOString() ?? null,
    windowEnd: c.windowEnd?.toISOString() ?? null,
    closedBy: c.closedByName,
  }
  for (const r of rows) view[`record ${r.recordId}`] = dispositionText(r)
  return view
}

/** One record's state in words, for the audit trail. */
function dispositionText(r: typeof impactCaseRecords.$inferSelect): string {
  if (!r.disposition) return 'Undecided'
  const what = { accept: 'Accepted', retest: 'Retest', recall: 'Recalled' }[r.disposition] ?? r.disposition
  const why = r.reason ? `: ${r.reason}` : ''
  const cleared = r.retestClearedBy ? ` (cleared by record ${r.retestClearedBy})` : ''
  return `${what} by ${r.decidedByName ?? 'unknown'}${why}${cleared}`
}

/**
 * Runs `change` on a case and writes its audit row in the same transaction (as the audited routes do):
 * the case's view before and after, only the changed fields of an update.
 */
export async function auditedCaseChange<T>(
  db: Db,
  actor: AuditActor,
  caseId: number | null,
  change: () => Promise<{ caseId: number; result: T }>,
): Promise<T> {
  const before = caseId === null ? null : ((await caseAuditView(db, caseId)) ?? null)
  const done = await change()
  const after = (await caseAuditView(db, done.caseId)) ?? null
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]),
  )
  if (before && keys.length === 0) return done.result
  const pick = (view: Record<string, unknown> | null) =>
    view && before ? Object.fromEntries(keys.filter((k) => k in view).map((k) => [k, view[k]])) : view
  const action: AuditAction = before ? 'update' : 'create'
  await audit(db, {
    actor,
    entity: 'impactCase',
    entityId: done.caseId,
    action,
    before: pick(before),
    after: pick(after),
  })
  return done.result
}

/** Opens the case again if it is closed (a record joined it): closed-by and when are cleared. */
export async function reopen(db: Db, caseId: number): Promise<void> {
  await db
    .update(impactCases)
    .set({ status: 'open', closedAt: null, closedBy: null, closedByName: null })
    .where(and(eq(impactCases.id, caseId), eq(impactCases.status, 'closed')))
}
