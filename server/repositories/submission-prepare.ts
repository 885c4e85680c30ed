import { and, eq, sql } from 'drizzle-orm'
import { canSubmitRecords, type Claims, type RoleView } from '../../schemas/roles'
import {
  MAPPING_FIELD_LABELS,
  testFieldValueSchema,
  walkControls,
  type FieldMappings,
  type MappingField,
} from '../../schemas/form-layout/index'
import { matchSerial, RECORD_MESSAGES, type RangeBounds } from '../../schemas/records/index'
import { Ajv } from 'ajv'
import { badRequest, forbidden } from '../http-error'
import type { Db } from '../db/client'
import {
  assetManufacturers,
  assetModelRecordTypes,
  assetModels,
  calibrators,
  customers,
  deviceOwnerLocations,
  deviceOwners,
  supplierProducts,
  supplierSerialRanges,
} from '../db/schema/index'
import { DocumentsRepository } from './documents'
import { noSerialPrefixIds } from './product-type-attributes'
import { RecordDefinitions, type RecordDefinition } from './record-definitions'
import {
  addFrequency,
  boolOf,
  documentNames,
  idOrName,
  idsOf,
  listText,
  parseDate,
  resultOf,
  serialTextOf,
  textOf,
  valueOf,
} from './submission-values'
import { TestEquipmentRepository } from './test-equipment'

/** Who submits: the signed-in user. */
export interface Submitter {
  id: number
  claims: Claims
  view: RoleView
}

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
}

/** A serial resolved against a serial range. */
export interface SerialRef {
  assetModelId: number
  prefix: string
  value: string
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
  fileName: string | null
  product: SerialRef | null
  parentSerial: string | null
  components: SerialRef[]
  testEquipmentIds: number[]
  customerName: string | null
  jobNumber: string | null
  batchNumber: string | null
  faultItems: string | null
  repairItems: string | null
  faultDescriptives: string | null
  repairDescriptives: string | null
  calibration: {
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
  } | null
}

const KIND_CATEGORIES: Record<SubmissionKind, readonly string[]> = {
  single: ['test', 'problemReport'],
  despatch: ['despatch'],
  calibration: ['calibration'],
}
const KIND_LABEL: Record<SubmissionKind, string> = {
  single: 'Test or Problem Report',
  despatch: 'Despatch',
  calibration: 'Calibration',
}

const ajv = new Ajv({ allErrors: false, strict: false })
const validTestFieldValue = ajv.compile(testFieldValueSchema)

const blank = (v: unknown) =>
  v == null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)

/**
 * Checks a submission and resolves everything it refers to (record type, supplier ranges, owner ranges,
 * calibrator, location, documents, test equipment) without writing, so a bad record — or a bad CSV row —
 * is refused before anything is stored. One instance serves one transaction; lookups are cached in it so
 * a CSV of many rows asks each question once.
 */
export class SubmissionPreparer {
  readonly definitions: RecordDefinitions
  private readonly testEquipment: TestEquipmentRepository
  private readonly documents: DocumentsRepository
  private readonly cache = new Map<string, Promise<unknown>>()

  constructor(private readonly db: Db) {
    this.definitions = new RecordDefinitions(db)
    this.testEquipment = new TestEquipmentRepository(db)
    this.documents = new DocumentsRepository(db)
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.cache.get(key) as Promise<T> | undefined
    if (!hit) {
      hit = load()
      this.cache.set(key, hit)
    }
    return hit
  }

  /** Who may submit what (DESIGN.md §6): submitters only; supplier-view users for their own supplier only. */
  authorise(kind: SubmissionKind, input: SubmissionInput, who: Submitter): number | null {
    if (!canSubmitRecords(who.claims)) throw forbidden(RECORD_MESSAGES.notSubmitter)
    if (who.view !== 'supplier') return input.supplierId ?? null
    const own = who.claims.AssetManufacturerView ?? null
    if (kind === 'calibration') throw forbidden(RECORD_MESSAGES.notOwnSupplier)
    if (input.supplierId != null && input.supplierId !== own) throw forbidden(RECORD_MESSAGES.notOwnSupplier)
    return own
  }

  async prepare(kind: SubmissionKind, input: SubmissionInput, who: Submitter): Promise<PreparedRecord> {
    const supplierId = this.authorise(kind, input, who)
    const definition = await this.definitions.get(input.recordTypeId)
    if (!KIND_CATEGORIES[kind].includes(definition.category))
      throw badRequest(RECORD_MESSAGES.wrongCategory(definition.name, KIND_LABEL[kind]))
    const m = definition.mappings
    const data = input.data
    const mapped = (field: MappingField) => valueOf(data, m[field] as string | undefined)
    const requiredText = (field: MappingField) => {
      const text = textOf(mapped(field))
      if (!text) throw badRequest(RECORD_MESSAGES.fieldRequired(variableName(m, field)))
      return text
    }
    if (!m.serialField) throw badRequest(RECORD_MESSAGES.noMappings(definition.name))

    this.checkLayout(definition, data)
    const recordDate = m.dateOfRecordField
      ? parseDate(mapped('dateOfRecordField'), variableName(m, 'dateOfRecordField'))
      : new Date()
    const testResult = m.resultField ? resultOf(mapped('resultField'), m.resultField) : '-'
    const testEquipmentIds = await this.testEquipmentIds(definition, data)
    const base = {
      definition,
      recordDate,
      testResult,
      data,
      fileName: input.fileName ?? null,
      testEquipmentIds,
      customerName: null,
      jobNumber: null,
      batchNumber: null,
      faultItems: null,
      repairItems: null,
      faultDescriptives: null,
      repairDescriptives: null,
      parentSerial: null,
      components: [],
    }

    if (definition.category === 'calibration') {
      if (!input.deviceOwnerId) throw badRequest(RECORD_MESSAGES.ownerRequired)
      const calibration = await this.calibration(input.deviceOwnerId, m, data, recordDate, requiredText)
      return {
        ...base,
        supplierId: null,
        productTypeId: input.productTypeId ?? null,
        deviceOwnerId: input.deviceOwnerId,
        product: null,
        calibration,
      }
    }

    if (!supplierId) throw badRequest(RECORD_MESSAGES.supplierRequired)
    if (!input.productTypeId) throw badRequest(RECORD_MESSAGES.productTypeRequired)
    await this.checkOffered(input.productTypeId, definition)
    const serialText = serialTextOf(mapped('serialField'))
    if (!serialText) throw badRequest(RECORD_MESSAGES.fieldRequired(m.serialField))
    const product = await this.resolveSerial(supplierId, input.productTypeId, serialText, true)
    const components: SerialRef[] = []
    for (const component of m.components ?? []) {
      const text = serialTextOf(valueOf(data, component.serialField))
      const typeId = component.productType?.id
      if (!text || !typeId) continue
      components.push(await this.resolveSerial(supplierId, typeId, text, false))
    }
    const prepared: PreparedRecord = {
      ...base,
      supplierId,
      productTypeId: input.productTypeId,
      deviceOwnerId: null,
      product,
      components,
      parentSerial: serialTextOf(mapped('parentSerialField')) ?? null,
      calibration: null,
    }
    if (definition.category === 'despatch') {
      prepared.jobNumber = requiredText('jobNumberField')
      prepared.batchNumber = textOf(mapped('batchNumberField')) ?? null
      prepared.customerName = requiredText('customerNameField')
      const customer = idOrName(mapped('customerNameField'))
      if (customer?.id !== undefined) prepared.customerName = await this.customerName(customer.id)
    }
    if (definition.category === 'problemReport') {
      prepared.faultItems = listText(mapped('faultItemsField'))
      prepared.repairItems = listText(mapped('repairItemsField'))
      prepared.faultDescriptives = listText(mapped('faultDescriptivesField'))
      prepared.repairDescriptives = listText(mapped('repairDescriptivesField'))
    }
    return prepared
  }

  /** Required controls hold a value; test fields hold {value, passOrFail} (form submissions only). */
  private checkLayout(definition: RecordDefinition, data: Record<string, unknown>): void {
    if (!definition.layout) return
    for (const { control } of walkControls(definition.layout.controls)) {
      if (!('variable' in control) || !control.variable) continue
      const value = valueOf(data, control.variable)
      if ('required' in control && control.required && blank(value))
        throw badRequest(RECORD_MESSAGES.fieldRequired(control.label ?? control.variable))
      if (control.type === 'testField' && typeof value === 'object' && value !== null) {
        if (!validTestFieldValue(value))
          throw badRequest(RECORD_MESSAGES.badResult(control.variable, JSON.stringify(value)))
      }
    }
  }

  /** Test equipment of every testEquipment control: at least `min` each (SPEC §5), all existing. */
  private async testEquipmentIds(definition: RecordDefinition, data: Record<string, unknown>) {
    if (!definition.layout) return []
    const all: number[] = []
    for (const { control } of walkControls(definition.layout.controls)) {
      if (control.type !== 'testEquipment') continue
      const ids = idsOf(valueOf(data, control.variable))
      const min = control.min ?? 0
      if (ids.length < min) throw badRequest(RECORD_MESSAGES.testEquipmentMin(min, control.label))
      for (const id of ids) if (!all.includes(id)) all.push(id)
    }
    const existing = await this.testEquipment.existing(all)
    const missing = all.find((id) => !existing.has(id))
    if (missing !== undefined) throw badRequest(RECORD_MESSAGES.testEquipmentNotFoundId(missing))
    return all
  }

  /** The record type must be one of the product type's record types (SPEC §3 RecordTypeAttribute). */
  private async checkOffered(productTypeId: number, definition: RecordDefinition) {
    const offered = await this.cached(`offered:${productTypeId}:${definition.id}`, async () => {
      const [row] = await this.db
        .select({ id: assetModelRecordTypes.dataPointTypeId })
        .from(assetModelRecordTypes)
        .where(
          and(
            eq(assetModelRecordTypes.assetModelId, productTypeId),
            eq(assetModelRecordTypes.dataPointTypeId, definition.id),
          ),
        )
      return !!row
    })
    if (!offered) {
      const name = await this.productTypeName(productTypeId)
      throw badRequest(`Record type ${definition.name} is not a record type of product type ${name}.`)
    }
  }

  private productTypeName(id: number): Promise<string> {
    return this.cached(`typeName:${id}`, async () => {
      const [row] = await this.db
        .select({ name: assetModels.name })
        .from(assetModels)
        .where(eq(assetModels.id, id))
      if (!row) throw badRequest(`Product type ${id} does not exist`)
      return row.name
    })
  }

  private supplierName(id: number): Promise<string> {
    return this.cached(`supplierName:${id}`, async () => {
      const [row] = await this.db
        .select({ name: assetManufacturers.name })
        .from(assetManufacturers)
        .where(eq(assetManufacturers.id, id))
      if (!row) throw badRequest(`Supplier ${id} does not exist`)
      return row.name
    })
  }

  private async customerName(id: number): Promise<string> {
    const [row] = await this.db.select({ name: customers.name }).from(customers).where(eq(customers.id, id))
    if (!row) throw badRequest(`Customer ${id} does not exist`)
    return row.name
  }

  /** The serial within one of the supplier's ranges for the product type, or a 400 naming it. */
  async resolveSerial(
    supplierId: number,
    productTypeId: number,
    serial: string,
    required: boolean,
  ): Promise<SerialRef> {
    const { ranges, noPrefix } = await this.cached(`ranges:${supplierId}:${productTypeId}`, async () => {
      const rows: RangeBounds[] = await this.db
        .select({
          prefix: supplierSerialRanges.prefix,
          min: supplierSerialRanges.min,
          max: supplierSerialRanges.max,
        })
        .from(supplierSerialRanges)
        .innerJoin(supplierProducts, eq(supplierProducts.id, supplierSerialRanges.supplierProductId))
        .where(
          and(eq(supplierProducts.supplierId, supplierId), eq(supplierProducts.assetModelId, productTypeId)),
        )
      const noPrefixIds = await noSerialPrefixIds(this.db, [productTypeId])
      return { ranges: rows, noPrefix: noPrefixIds.has(productTypeId) }
    })
    const match = matchSerial(serial, ranges, noPrefix)
    if (!match) {
      // A component type the supplier does not list is accepted as typed (it has no ranges to check).
      if (!required && ranges.length === 0) return { assetModelId: productTypeId, prefix: '', value: serial }
      throw badRequest(
        RECORD_MESSAGES.serialOutOfRange(
          serial,
          await this.productTypeName(productTypeId),
          await this.supplierName(supplierId),
        ),
      )
    }
    return { assetModelId: productTypeId, ...match }
  }

  /** A calibration record's test-equipment side (DESIGN.md §5). */
  private async calibration(
    ownerId: number,
    m: FieldMappings,
    data: Record<string, unknown>,
    date: Date,
    requiredText: (field: MappingField) => string,
  ): Promise<NonNullable<PreparedRecord['calibration']>> {
    const [owner] = await this.db.select().from(deviceOwners).where(eq(deviceOwners.id, ownerId))
    if (!owner) throw badRequest(`Device owner ${ownerId} does not exist`)
    const serialText = serialTextOf(valueOf(data, m.serialField))
    if (!serialText) throw badRequest(RECORD_MESSAGES.fieldRequired(m.serialField ?? 'serial'))
    const ranges = owner.testEquipmentSerialRanges.map((r) => ({ prefix: r.Prefix, min: r.Min, max: r.Max }))
    const match = matchSerial(serialText, ranges)
    if (!match) throw badRequest(RECORD_MESSAGES.testEquipmentSerialOutOfRange(serialText, owner.name))
    const existing = await this.testEquipment.rowBySerial(`${match.prefix}${match.value}`)
    if (existing && existing.ownerId !== ownerId)
      throw badRequest(RECORD_MESSAGES.testEquipmentOtherOwner(`${match.prefix}${match.value}`))

    const skipped = boolOf(valueOf(data, m.skipCalibrationField))
    const frequencyVar = m.calibrationFrequencyField ?? 'frequency'
    const expires = skipped
      ? null
      : (addFrequency(date, valueOf(data, m.calibrationFrequencyField), frequencyVar) ?? null)

    let calibratorId: number | null = null
    const house = idOrName(valueOf(data, m.calibrationHouseField))
    if (house) {
      const [row] = await this.db
        .select({ id: calibrators.id })
        .from(calibrators)
        .where(
          house.id !== undefined
            ? eq(calibrators.id, house.id)
            : sql`lower(${calibrators.name}) = ${house.name!.toLowerCase()}`,
        )
      if (!row) throw badRequest(RECORD_MESSAGES.calibratorNotFound(house.name ?? String(house.id)))
      calibratorId = row.id
    } else if (!skipped) {
      requiredText('calibrationHouseField')
    }

    let locationId: number | null = null
    const location = idOrName(valueOf(data, m.locationField))
    if (location) {
      const [row] = await this.db
        .select({ id: deviceOwnerLocations.id })
        .from(deviceOwnerLocations)
        .where(
          and(
            eq(deviceOwnerLocations.ownerId, ownerId),
            location.id !== undefined
              ? eq(deviceOwnerLocations.id, location.id)
              : sql`lower(${deviceOwnerLocations.name}) = ${location.name!.toLowerCase()}`,
          ),
        )
      if (!row) throw badRequest(RECORD_MESSAGES.locationNotFound(location.name ?? String(location.id)))
      locationId = row.id
    }

    let certificateDocumentId: number | null = null
    const [certificate] = documentNames(valueOf(data, m.calibrationCertificateField))
    if (certificate) {
      const id = await this.documents.idOf(certificate)
      if (id === undefined) throw badRequest(RECORD_MESSAGES.documentMissing(certificate))
      certificateDocumentId = id
    }

    return {
      ownerId,
      prefix: match.prefix,
      value: match.value,
      locationId,
      assetTag: textOf(valueOf(data, m.assetTagField)) ?? null,
      description: textOf(valueOf(data, m.assetDescriptionField)) ?? null,
      skipped,
      expires,
      calibratorId,
      certificateDocumentId,
    }
  }
}

/** The variable a mapping field names, or its label when unmapped (for messages). */
function variableName(m: FieldMappings, field: MappingField): string {
  return (m[field] as string | undefined) ?? MAPPING_FIELD_LABELS[field]
}
