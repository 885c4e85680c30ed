import { NA_TEXT, UNSET_RESULT } from '../../../schemas/form-layout/index'
import { initialReviewState } from '../../../schemas/records/review'
import type { PreparedRecord } from '../types'

/**
 * n/a is stored as '-' (SPEC §9) for a test field's result. Not inside a table (an array of rows): there a
 * cell's '-' is always unset and n/a stays 'n/a' (docs/decisions.md "Measurement tables"). Rewriting a
 * cell's n/a to '-' made a record judged Pass show its table as failed, on its page and in the export.
 */
export function normaliseNa(value: unknown): unknown {
  if (Array.isArray(value)) return value
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) {
      out[key] = key === 'passOrFail' && v === NA_TEXT ? UNSET_RESULT : normaliseNa(v)
    }
    return out
  }
  return value
}

/** What a record row refers to, once its customer, test equipment and product exist. */
export interface RecordSide {
  customerId: number | null
  testEquipmentId: number | null
  productId: number | null
}

/** The `records` columns of a prepared record: its serial is the product's, or the calibrated device's. */
export function recordColumns(p: PreparedRecord, side: RecordSide) {
  const serial = p.product ?? p.calibration
  return {
    recordTypeId: p.definition.id,
    category: p.definition.category,
    layoutVersion: p.definition.layoutRevision,
    productTypeId: p.productTypeId,
    supplierId: p.supplierId,
    deviceOwnerId: p.deviceOwnerId,
    customerId: side.customerId,
    productId: side.productId,
    testEquipmentId: side.testEquipmentId,
    serialNumberPrefix: serial?.prefix ?? '',
    productSerialNumber: serial ? `${serial.prefix}${serial.value}` : '',
    recordDate: p.recordDate,
    testResult: p.testResult,
    jobNumber: p.jobNumber,
    batchNumber: p.batchNumber,
    faultItems: p.faultItems,
    repairItems: p.repairItems,
    faultDescriptives: p.faultDescriptives,
    repairDescriptives: p.repairDescriptives,
    data: normaliseNa(p.data) as Record<string, unknown>,
    parameters: p.parameters.length ? p.parameters : null,
    fileName: p.fileName,
    // Issue #19: a record of a type with a review policy waits for it; others count at once.
    ...reviewColumns(p),
  }
}

/** A new (or amended) record's review state: submitted when its type is reviewed, else none. */
export function reviewColumns(p: PreparedRecord) {
  const reviewState = initialReviewState(p.definition.reviewPolicy)
  return { reviewState, reviewChangedAt: reviewState === 'none' ? null : new Date() }
}
