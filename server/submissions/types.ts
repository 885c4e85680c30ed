import type { TestParameter } from '../../schemas/entities/test-parameter'
import type { EquipmentSnapshot, OverrideRequest } from '../../schemas/records/index'
import type { RecordDefinition } from '../record-types/record-definitions'

/** Which submission call was used; each accepts its own record categories. */
export type SubmissionKind = 'single' | 'calibration' | 'despatch'

/** The submission body fields (SPEC §3 "Record submission"). */
export interface SubmissionInput {
  supplierId?: number | null
  deviceOwnerId?: number | null
  productTypeId?: number | null
  recordTypeId: number
  fileName?: string | null
  data: Record<string, unknown>
  /** Reasons a configurator or admin gives to use blocked test equipment (issue #15.1). */
  calibrationOverrides?: OverrideRequest[] | null
}

/** A serial resolved against a serial range. */
export interface SerialRef {
  assetModelId: number
  prefix: string
  value: string
}

/** The test-equipment side of a calibration record (DESIGN.md §5). */
export interface PreparedCalibration {
  ownerId: number
  prefix: string
  value: string
  locationId: number | null
  assetTag: string | null
  description: string | null
  skipped: boolean
  expires: Date | null
  calibratorId: number | null
  certificateDocumentId: number | null
  /** The device as found, before adjustment (issue #15.3), as the server judged it; '-' when not measured. */
  asFound: 'pass' | 'fail' | '-'
  /** The device as left: the as-left mapping's measured result, else the record's result. */
  asLeft: 'pass' | 'fail' | '-'
}

/** Everything a record write needs, checked and resolved, with nothing written yet. */
export interface PreparedRecord {
  definition: RecordDefinition
  supplierId: number | null
  productTypeId: number | null
  deviceOwnerId: number | null
  recordDate: Date
  testResult: 'pass' | 'fail' | '-'
  data: Record<string, unknown>
  /** The product type's test parameters the record was judged with (issue #14.4), stored with it. */
  parameters: TestParameter[]
  fileName: string | null
  product: SerialRef | null
  parentSerial: string | null
  components: SerialRef[]
  testEquipmentIds: number[]
  /** Each used device as it was at the record's date, with any override (issue #15.2), by testEquipmentIds. */
  testEquipmentSnapshots: EquipmentSnapshot[]
  /** Documents the record holds (upload controls, a calibration certificate), checked usable by the submitter. */
  documentIds: number[]
  customerName: string | null
  jobNumber: string | null
  batchNumber: string | null
  faultItems: string | null
  repairItems: string | null
  faultDescriptives: string | null
  repairDescriptives: string | null
  calibration: PreparedCalibration | null
}

/** Options of one `prepare` call. */
export interface PrepareOptions {
  /**
   * The layout revision the record was captured with (an edited record keeps its own); the record type's
   * current revision when absent.
   */
  layoutRevision?: number | null
  /** The data are CSV cells (text) to be read by control kind first (docs/csv-upload.md "Values"). */
  textCells?: boolean
  /**
   * The test parameters an edited record was judged with (issue #14.4), which it keeps; the product
   * type's current ones when absent.
   */
  parameters?: readonly TestParameter[] | null
  /**
   * The test equipment snapshots an edited record holds (issue #15.2): a device still listed keeps what
   * was true when it was used, and is not gated again; a device added by the edit is gated and frozen now.
   */
  equipmentSnapshots?: readonly EquipmentSnapshot[] | null
  /**
   * Fields the edited (PUT) or revised (`?revisionOf=`) record already holds: accepted though the layout
   * revision judged with has no such variable, as the form sends back every field it loaded.
   */
  heldFields?: readonly string[]
  /**
   * Documents the edited or revised record holds, `[variable, saved name]`: one left in its variable is
   * not judged again by its control's file type (a layout may have become PDF-only since).
   */
  heldDocuments?: readonly (readonly [string, string])[]
}

/** The record categories each submission call accepts. */
export const KIND_CATEGORIES: Record<SubmissionKind, readonly string[]> = {
  single: ['test', 'problemReport'],
  despatch: ['despatch'],
  calibration: ['calibration'],
}

/** How a refusal names each submission call. */
export const KIND_LABEL: Record<SubmissionKind, string> = {
  single: 'Test or Problem Report',
  despatch: 'Despatch',
  calibration: 'Calibration',
}
