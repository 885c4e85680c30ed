import { and, eq } from 'drizzle-orm'
import type { AuditAction, AuditEntity } from '../../schemas/audit'
import type { Db } from '../db/client'
import { auditLog } from '../db/schema/index'

/** Who made a change: the signed-in caller (`request.user`). */
export interface AuditActor {
  id?: number | null
  username: string
  view?: string | null
}

/** One change to record. `before`/`after` are flat field maps (see snapshot.ts). */
export interface AuditInput {
  actor: AuditActor
  entity: AuditEntity
  entityId: string | number
  action: AuditAction
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  /** For a record stored from a /DataEntry edit: the record it revises. */
  revisionOf?: string | number | null
}

/**
 * Writes one audit row on `tx`, the transaction of the change itself, so the row commits or rolls back
 * with it.
 */
export async function audit(tx: Db, input: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    userId: input.actor.id ?? null,
    userName: input.actor.username,
    userView: input.actor.view ?? null,
    entity: input.entity,
    entityId: String(input.entityId),
    action: input.action,
    before: input.before,
    after: input.after,
    revisionOf: input.revisionOf == null ? null : String(input.revisionOf),
  })
}

/**
 * Whether the entity's creation is already logged: an idempotent retry answers the first call's result,
 * which must not be logged as a second create.
 */
export async function creationLogged(tx: Db, entity: AuditEntity, entityId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId), eq(auditLog.action, 'create')))
    .limit(1)
  return Boolean(row)
}
