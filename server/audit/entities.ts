import { Viewer } from '../access/viewer'
import { eq, sql } from 'drizzle-orm'
import type { AuditEntity } from '../../schemas/audit'
import { ATTRIBUTE_KEYS } from '../../schemas/entities/attribute'
import type { Db } from '../db/client'
import { configurationEntries } from '../db/schema/index'
import { HttpError } from '../http-error'
import { CalibratorsRepository } from '../reference/calibrators'
import { DeviceOwnersRepository } from '../reference/device-owners'
import { ProductTypesRepository } from '../product-types/product-types'
import { TestParametersRepository } from '../product-types/test-parameters'
import { RecordTypesRepository } from '../record-types/record-types'
import { RecordsRepository } from '../records/records'
import { SuppliersRepository } from '../reference/suppliers'
import { caseAuditView } from '../impact-cases/case-writes'
import { CertificateSettingsRepository } from '../settings/certificate-settings'

/** A repository read that answers 404 for a missing row: undefined instead. */
async function orNone<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return undefined
    throw error
  }
}

/**
 * SupplierProducts without its serial ranges' row ids: saving the same products rewrites their rows
 * (new ids), which is no change anyone made.
 */
function withoutRangeIds(attribute: { key: string; value: string | null }) {
  if (attribute.key !== ATTRIBUTE_KEYS.supplierProducts || !attribute.value) return attribute
  const products = JSON.parse(attribute.value) as { serialRanges?: { id?: unknown }[] }[]
  const plain = products.map((p) => ({
    ...p,
    serialRanges: (p.serialRanges ?? []).map((r) => ({ ...r, id: undefined })),
  }))
  return { ...attribute, value: JSON.stringify(plain) }
}

/** Everyone's view of a record, for the log (who may read the log is checked when it is read). */

/**
 * How each audited entity is read for its audit row: the same repository reads the screens use, so the
 * history shows what the user saw. Undefined when the row does not exist.
 */
export const ENTITY_READERS: Record<AuditEntity, (db: Db, id: number) => Promise<unknown>> = {
  supplier: async (db, id) => {
    const [supplier] = await new SuppliersRepository(db).listWithAttributes([id])
    return supplier && { ...supplier, attributes: supplier.attributes.map(withoutRangeIds) }
  },
  productType: async (db, id) => {
    const type = await orNone(() => new ProductTypesRepository(db).get(id))
    return type && { ...type, testParameters: await new TestParametersRepository(db).own(id) }
  },
  recordType: (db, id) => new RecordTypesRepository(db).get(id),
  deviceOwner: (db, id) => orNone(() => new DeviceOwnersRepository(db).get(id)),
  calibrator: (db, id) => orNone(() => new CalibratorsRepository(db).get(id)),
  configuration: async (db, id) => {
    const [row] = await db.select().from(configurationEntries).where(eq(configurationEntries.id, id))
    return row
  },
  record: (db, id) => orNone(() => new RecordsRepository(db).get(id, Viewer.system)),
  impactCase: (db, id) => caseAuditView(db, id),
  // One row of settings (id 1); the logo as its type, size and digest, not its bytes.
  certificateSettings: (db) => new CertificateSettingsRepository(db).forAudit(),
}

/** The row id an audit id names: a positive integer, else undefined (it names no row). */
const rowId = (id: string): number | undefined =>
  /^[0-9]{1,9}$/.test(id) && Number(id) >= 1 ? Number(id) : undefined

/** Reads an entity for the log; ids that are not positive integers name no row. */
export function readEntity(db: Db, entity: AuditEntity, id: string): Promise<unknown> {
  const row = rowId(id)
  return row === undefined ? Promise.resolve(undefined) : ENTITY_READERS[entity](db, row)
}

/**
 * First keys of the transaction-level advisory locks an audited write of each entity holds (the entity's
 * id is the second key). Any fixed numbers will do as long as every instance uses the same ones; the
 * two-key space never meets the one-key locks of list-lock.ts or the migrations.
 */
const AUDIT_LOCK_KEYS: Record<Exclude<AuditEntity, 'record'>, number> = {
  supplier: 725_604_201,
  productType: 725_604_202,
  recordType: 725_604_203,
  deviceOwner: 725_604_204,
  calibrator: 725_604_205,
  configuration: 725_604_206,
  impactCase: 725_604_207,
  certificateSettings: 725_604_208,
}

/**
 * Holds what an audited write of the entity `id` waits for, until the transaction ends; the wrapper
 * (route-audit.ts) takes it before it reads the entity's "before", as the transaction's first lock.
 *
 * Why: under READ COMMITTED a second write of the same entity read its "before" while the first was still
 * open and only then queued on the first's row lock, so its audit row showed a change from the state
 * before the first write. Under this lock the second write's read is a new statement that starts after
 * the first committed: every audit row's "before" is the state its change replaced.
 *
 * - A record: the product it points at, `FOR NO KEY UPDATE`, exactly as `lockProductOfRecord` takes it:
 *   every writer of records (submissions relinking re-test chains, edits in place, review transitions)
 *   locks products first, then records, so this is the lock those writers queue on and keeps their order.
 *   A record without a product: its own row, the only lock its writers share. Only one of the two
 *   sub-selects finds a row to lock, so their order within the statement does not matter.
 * - Any other entity: an advisory lock on (entity, id). Only this wrapper takes it, and as the first lock
 *   of its transaction, so whoever waits for it holds nothing and cannot close a deadlock; the handlers'
 *   own row locks (list-lock.ts) follow as before. A row lock would not do for impact cases: submissions
 *   change a case (its records' rows, reopening it) under their product locks, in an order of their own.
 *
 * Cost: one statement per audited write of an existing entity (creates have no "before" and take none).
 */
export async function lockForAudit(db: Db, entity: AuditEntity, id: string): Promise<void> {
  const row = rowId(id)
  if (row === undefined) return
  if (entity === 'record') {
    await db.execute(sql`SELECT
      (SELECT count(*) FROM (SELECT id FROM products
        WHERE id = (SELECT product_id FROM records WHERE id = ${row}) FOR NO KEY UPDATE) p)
      + (SELECT count(*) FROM (SELECT id FROM records
        WHERE id = ${row} AND product_id IS NULL FOR NO KEY UPDATE) r) AS locked`)
    return
  }
  await db.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_LOCK_KEYS[entity]}::int, ${row}::int)`)
}
