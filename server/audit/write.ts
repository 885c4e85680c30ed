import { sql } from 'drizzle-orm'
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

const json = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value))

/**
 * Writes an entity's creation once: an idempotent retry answers the first call's result, which must not
 * be logged as a second create. One statement (the row is inserted unless a create of the entity is
 * logged) instead of a read and then the insert: a submission's transaction is a chain of round trips.
 */
export async function auditCreation(tx: Db, input: AuditInput): Promise<void> {
  const entityId = String(input.entityId)
  await tx.execute(sql`INSERT INTO ${auditLog}
      (user_id, user_name, user_view, entity, entity_id, action, before, after, revision_of)
    SELECT ${input.actor.id ?? null}::int, ${input.actor.username}, ${input.actor.view ?? null}, ${input.entity},
      ${entityId}, 'create', ${json(input.before)}::jsonb, ${json(input.after)}::jsonb,
      ${input.revisionOf == null ? null : String(input.revisionOf)}
    WHERE NOT EXISTS (SELECT 1 FROM ${auditLog}
      WHERE ${auditLog.entity} = ${input.entity} AND ${auditLog.entityId} = ${entityId}
        AND ${auditLog.action} = 'create')`)
}
