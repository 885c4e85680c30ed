import type { DeviceOwner } from '../../../schemas/entities/device-owner'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { RecordType } from '../../../schemas/entities/record-type'
import { recordTypeLayout } from '../../../schemas/entities/record-type-layout'
import type { Supplier } from '../../../schemas/entities/supplier'
import { parameterValues, type TestParameter } from '../../../schemas/entities/test-parameter'
import { loadLayout, readsParameters, type FormLayout } from '../../../schemas/form-layout'
import type { RecordDetail } from '../../../schemas/records'
import type { BannerVariant } from '../../components/banner'
import { dataEntryApi } from './data-entry-api'

/** The query of SPEC §2: /DataEntry?producttype=&recordtype=&record=&supplier=&owner=&edit=true */
export interface DataEntryQuery {
  productTypeId: number | null
  recordTypeId: number | null
  recordId: number | null
  supplierId: number | null
  ownerId: number | null
  edit: boolean
}

const idParam = (value: string | null) => {
  const n = Number(value)
  return value && Number.isInteger(n) && n > 0 ? n : null
}

export function parseDataEntryQuery(params: URLSearchParams): DataEntryQuery {
  // Parameter names are matched without regard to case, like the routes.
  const get = (name: string) => {
    for (const [key, value] of params) if (key.toLowerCase() === name) return value
    return null
  }
  return {
    productTypeId: idParam(get('producttype')),
    recordTypeId: idParam(get('recordtype')),
    recordId: idParam(get('record')),
    supplierId: idParam(get('supplier')),
    ownerId: idParam(get('owner')),
    edit: get('edit') === 'true',
  }
}

const recordCount = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`
/** How every refusal of the outbox notice ends, which makes it a warning. */
const OUTBOX_SEE_WHY = ': open the Outbox to see why.'

/** Not SPEC texts: a link without a record type, and a record type whose form cannot be shown. */
export const DATA_ENTRY_TEXTS = {
  noRecordType: 'No record type was given: choose one on Add New Record.',
  noLayout: 'Selected record type does not have an associated data entry form.',
  despatchSaved: 'Despatch record saved. Scan the next item.',
  invalid: 'Please correct the highlighted fields before saving.',
  queued: 'No connection: the record is kept in the outbox and will be sent when the connection returns.',
  /** The records this page kept in the outbox are all sent (walk 14: the 'No connection' banner stayed). */
  outboxSent: (sent: number) =>
    `The connection is back: the outbox sent ${sent === 1 ? 'the record' : `the ${sent} records`}.`,
  /** Some of them the server refused; they stay in the outbox to be corrected. */
  outboxRefused: (sent: number, refused: number) =>
    (sent === 0
      ? `The server refused ${refused === 1 ? 'the record' : `the ${refused} records`} kept in the outbox`
      : `The outbox sent ${recordCount(sent)}; the server refused ${recordCount(refused)}`) + OUTBOX_SEE_WHY,
  /** An edit reopened from the outbox that was made on an older revision than the record has now. */
  reopenedStale: (made: number, now: number) =>
    `Your edit was made on revision ${made} of this record; someone else has changed it since (it is now ` +
    `revision ${now}). The form shows your edit: check it against the record's current values before you ` +
    `save, or Cancel to keep theirs.`,
} as const

/**
 * The banner a notice of /DataEntry shows in: a save kept in the outbox for want of a connection stored
 * nothing yet, so it warns (audit walk-csv: it showed in green), as does a record the server then refused
 * from the outbox; a stored despatch record, or the outbox's records all sent, is a success.
 */
export const noticeVariant = (notice: string | null): Extract<BannerVariant, 'success' | 'warning'> =>
  notice === DATA_ENTRY_TEXTS.queued || notice?.endsWith(OUTBOX_SEE_WHY) ? 'warning' : 'success'

export interface Loaded {
  recordType: RecordType
  layout: FormLayout
  record: RecordDetail | null
  productTypes: ProductTypeListItem[]
  supplier?: Supplier
  owner?: DeviceOwner
  /** The test parameters limits, conditions and formulas read (issue #14.4), with their units. */
  parameters: TestParameter[]
  /** The same as the rules read them (`param.key`): one object per load, so the form compiles once. */
  params: Record<string, number | string>
}

/**
 * The parameters a record is shown and judged with: those it stored when captured, so a later edit of
 * the product type never changes what it says; for a new record its product type's current ones.
 */
async function parametersFor(
  record: RecordDetail | null,
  productTypeId: number | null,
  reads: boolean,
  signal: AbortSignal,
): Promise<TestParameter[]> {
  if (record) return record.parameters ?? []
  if (productTypeId == null || !reads) return []
  const { resolved } = await dataEntryApi.parameters(productTypeId, signal)
  return resolved.map(({ key, value, unit }) => ({ key, value, unit }))
}

/** Everything /DataEntry shows: the record, its record type and layout revision, and the lists it needs. */
export async function load(query: DataEntryQuery, signal: AbortSignal): Promise<Loaded> {
  const record = query.recordId == null ? null : await dataEntryApi.record(query.recordId, signal)
  const recordTypeId = record?.recordTypeId ?? query.recordTypeId
  if (recordTypeId == null) throw new Error(DATA_ENTRY_TEXTS.noRecordType)
  const supplierId = record ? (record.supplierId ?? null) : query.supplierId
  const ownerId = record ? (record.deviceOwnerId ?? null) : query.ownerId
  const productTypeId = record ? (record.productTypeId ?? null) : query.productTypeId
  const [recordType, productTypes, supplier, owner] = await Promise.all([
    dataEntryApi.recordType(recordTypeId, signal),
    dataEntryApi.productTypes(signal),
    // Only used to check serials while typing: a failure here must not stop the entry.
    supplierId == null ? undefined : dataEntryApi.supplier(supplierId, signal).catch(() => undefined),
    ownerId == null ? undefined : dataEntryApi.owner(ownerId, signal).catch(() => undefined),
  ])
  // An existing record is shown with the layout revision it was captured with (DESIGN.md §5).
  let layout: FormLayout | null = null
  if (record?.layoutVersion != null) {
    const revision = await dataEntryApi.layoutRevision(recordTypeId, record.layoutVersion, signal)
    const loaded = loadLayout(revision.layout)
    layout = loaded.ok ? loaded.layout : null
  }
  layout ??= recordTypeLayout(recordType)
  if (!layout) throw new Error(DATA_ENTRY_TEXTS.noLayout)
  const parameters = await parametersFor(record, productTypeId, readsParameters(layout), signal)
  return {
    recordType,
    layout,
    record,
    productTypes,
    supplier,
    owner,
    parameters,
    params: parameterValues(parameters),
  }
}
