import { Viewer } from '../access/viewer'
import { eq } from 'drizzle-orm'
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

/** Reads an entity for the log; ids that are not positive integers name no row. */
export function readEntity(db: Db, entity: AuditEntity, id: string): Promise<unknown> {
  if (!/^[0-9]{1,9}$/.test(id) || Number(id) < 1) return Promise.resolve(undefined)
  return ENTITY_READERS[entity](db, Number(id))
}
