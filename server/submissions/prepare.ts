import { canSubmitRecords } from '../../schemas/roles'
import {
  MAPPING_FIELD_LABELS,
  textDataReader,
  walkControls,
  type TextDataReader,
  type FieldMappings,
  type MappingField,
} from '../../schemas/form-layout/index'
import { CATEGORY_NAMES, RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest, forbidden } from '../http-error'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { RecordDefinitions, type RecordDefinition } from '../record-types/record-definitions'
import { prepareCalibration } from './calibration'
import { SubmissionLookups } from './lookups'
import { assertAgrees, judgeSubmission, recordResult } from './judge'
import { assertValidData, dataValidatorFor, type RecordDataValidator } from './data-schema'
import type { PreparedRecord, SerialRef, SubmissionInput, SubmissionKind } from './types'
import { documentNames, idOrName, idsOf, listText, parseDate, serialTextOf, textOf, valueOf } from './values'
import { TestEquipmentRepository } from '../test-equipment/test-equipment'
import { DocumentsRepository } from '../documents/documents'

export type { PreparedCalibration, PreparedRecord, SerialRef, SubmissionInput, SubmissionKind } from './types'

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

/** Options of one `prepare` call. */
export interface PrepareOptions {
  /**
   * The layout revision the record was captured with (an edited record keeps its own); the record type's
   * current revision when absent.
   */
  layoutRevision?: number | null
  /** The data are CSV cells (text) to be read by control kind first (docs/csv-upload.md "Values"). */
  textCells?: boolean
}

/**
 * Checks a submission and resolves everything it refers to (record type, supplier ranges, owner ranges,
 * calibrator, location, documents, test equipment) without writing, so a bad record — or a bad CSV row —
 * is refused before anything is stored. The data is checked against the data schema of the layout
 * revision it is captured with (submission-schema.ts); what a schema cannot say (serial ranges, supplier
 * scoping, lookups, mappings) is checked here. One instance serves one transaction; lookups and the
 * layout's validator are kept in it so a CSV of many rows asks each question once.
 */
export class SubmissionPreparer {
  readonly definitions: RecordDefinitions
  private readonly lookups: SubmissionLookups
  private readonly testEquipment: TestEquipmentRepository
  private readonly documents: DocumentsRepository
  private readonly validators = new Map<string, RecordDataValidator>()
  private readonly readers = new Map<string, TextDataReader>()

  constructor(private readonly db: Db) {
    this.definitions = new RecordDefinitions(db)
    this.lookups = new SubmissionLookups(db)
    this.testEquipment = new TestEquipmentRepository(db)
    this.documents = new DocumentsRepository(db)
  }

  /** Who may submit what (DESIGN.md §6): submitters only; supplier-view users for their own supplier only. */
  authorise(kind: SubmissionKind, input: SubmissionInput, who: Viewer): number | null {
    if (!canSubmitRecords(who.claims)) throw forbidden(RECORD_MESSAGES.notSubmitter)
    if (who.supplierId === undefined) return input.supplierId ?? null
    // Supplier-view users submit for their own supplier only, and never calibrations (owners' devices).
    if (kind === 'calibration') throw forbidden(RECORD_MESSAGES.notOwnSupplier)
    who.assertOwnSupplier(input.supplierId ?? who.supplierId, RECORD_MESSAGES.notOwnSupplier)
    return who.supplierId
  }

  /** The validator of the definition's layout (null without a layout: file-only record types). */
  validatorOf(definition: RecordDefinition): RecordDataValidator | null {
    if (!definition.layout) return null
    const key = `${definition.id}:${definition.layoutRevision ?? '-'}`
    let validator = this.validators.get(key)
    if (!validator) {
      validator = dataValidatorFor(definition.id, definition.layoutRevision, definition.layout)
      this.validators.set(key, validator)
    }
    return validator
  }

  /** The CSV cell reader of the definition's layout, made once per instance (null without a layout). */
  private readerOf(definition: RecordDefinition): TextDataReader | null {
    if (!definition.layout) return null
    const key = `${definition.id}:${definition.layoutRevision ?? '-'}`
    let reader = this.readers.get(key)
    if (!reader) this.readers.set(key, (reader = textDataReader(definition.layout)))
    return reader
  }

  async prepare(
    kind: SubmissionKind,
    input: SubmissionInput,
    who: Viewer,
    options: PrepareOptions = {},
  ): Promise<PreparedRecord> {
    const supplierId = this.authorise(kind, input, who)
    const definition = await this.definitions.atRevision(input.recordTypeId, options.layoutRevision ?? null)
    if (!KIND_CATEGORIES[kind].includes(definition.category))
      throw badRequest(RECORD_MESSAGES.wrongCategory(definition.name, KIND_LABEL[kind]))
    // A user submits only the categories it may read (docs/decisions.md, issue #11.2).
    const category = definition.category
    if (!who.mayUseCategory(category))
      throw forbidden(RECORD_MESSAGES.categoryNotAllowed(CATEGORY_NAMES[category]))
    const m = definition.mappings
    if (!m.serialField) throw badRequest(RECORD_MESSAGES.noMappings(definition.name))
    // A file-capture type's records are CSV rows wherever they come from (the upload, the demo seed).
    const reader = options.textCells || definition.captureType === 'file' ? this.readerOf(definition) : null
    const submitted = reader ? reader(input.data) : input.data
    // The server judges every record (issue #12): results come from the values and this layout revision.
    const judged = definition.layout ? judgeSubmission(definition.layout, submitted) : null
    const validator = this.validatorOf(definition)
    if (validator) assertValidData(validator, judged?.filled ?? submitted)
    if (judged) assertAgrees(judged)
    const judgement = judged?.judgement ?? null
    const data = judgement?.data ?? submitted

    const mapped = (field: MappingField) => valueOf(data, m[field] as string | undefined)
    const requiredText = (field: MappingField) => {
      const text = textOf(mapped(field))
      if (!text) throw badRequest(RECORD_MESSAGES.fieldRequired(variableName(m, field)))
      return text
    }
    const recordDate = m.dateOfRecordField
      ? parseDate(mapped('dateOfRecordField'), variableName(m, 'dateOfRecordField'))
      : new Date()
    const testResult = recordResult(definition.layout, m.resultField, judgement, data)
    const base = {
      definition,
      recordDate,
      testResult,
      data,
      fileName: input.fileName ?? null,
      testEquipmentIds: await this.testEquipmentIds(definition, data),
      documentIds: await this.documentIds(definition, data, who),
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
      const calibration = await prepareCalibration(
        this.db,
        input.deviceOwnerId,
        m,
        data,
        recordDate,
        requiredText,
      )
      const certificate = calibration.certificateDocumentId
      return {
        ...base,
        documentIds:
          certificate != null && !base.documentIds.includes(certificate)
            ? [...base.documentIds, certificate]
            : base.documentIds,
        supplierId: null,
        productTypeId: input.productTypeId ?? null,
        deviceOwnerId: input.deviceOwnerId,
        product: null,
        calibration,
      }
    }

    if (!supplierId) throw badRequest(RECORD_MESSAGES.supplierRequired)
    if (!input.productTypeId) throw badRequest(RECORD_MESSAGES.productTypeRequired)
    await this.lookups.checkOffered(input.productTypeId, definition)
    const serialText = serialTextOf(mapped('serialField'))
    if (!serialText) throw badRequest(RECORD_MESSAGES.fieldRequired(m.serialField))
    const product = await this.lookups.resolveSerial(supplierId, input.productTypeId, serialText, true)
    const components: SerialRef[] = []
    for (const component of m.components ?? []) {
      const text = serialTextOf(valueOf(data, component.serialField))
      const typeId = component.productType?.id
      if (!text || !typeId) continue
      components.push(await this.lookups.resolveSerial(supplierId, typeId, text, false))
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
      if (customer?.id !== undefined) prepared.customerName = await this.lookups.customerName(customer.id)
    }
    if (definition.category === 'problemReport') {
      prepared.faultItems = listText(mapped('faultItemsField'))
      prepared.repairItems = listText(mapped('repairItemsField'))
      prepared.faultDescriptives = listText(mapped('faultDescriptivesField'))
      prepared.repairDescriptives = listText(mapped('repairDescriptivesField'))
    }
    return prepared
  }

  /**
   * Test equipment of every testEquipment control, each of which must exist (SPEC §8). How many a
   * control needs (SPEC §5) is the data schema's `minItems`, checked before this.
   */
  /**
   * The documents the record's upload controls name, each one the submitter may use: its own upload, one
   * already held by a record it may read, or any for configurators and admins. Anything else reads as
   * missing ('Document … does not exist.'), so a saved name learned elsewhere attaches nothing (issue #13.5).
   */
  private async documentIds(definition: RecordDefinition, data: Record<string, unknown>, who: Viewer) {
    if (!definition.layout) return []
    const ids: number[] = []
    for (const { control } of walkControls(definition.layout.controls)) {
      if (control.type !== 'upload') continue
      for (const name of documentNames(valueOf(data, control.variable))) {
        const row = await this.documents.bySavedFilename(name)
        if (!row || !(await this.documents.visibleTo(row, who)))
          throw badRequest(RECORD_MESSAGES.documentMissing(name))
        if (!ids.includes(row.id)) ids.push(row.id)
      }
    }
    return ids
  }

  private async testEquipmentIds(definition: RecordDefinition, data: Record<string, unknown>) {
    if (!definition.layout) return []
    const all: number[] = []
    for (const { control } of walkControls(definition.layout.controls)) {
      if (control.type !== 'testEquipment') continue
      for (const id of idsOf(valueOf(data, control.variable))) if (!all.includes(id)) all.push(id)
    }
    const existing = await this.testEquipment.existing(all)
    const missing = all.find((id) => !existing.has(id))
    if (missing !== undefined) throw badRequest(RECORD_MESSAGES.testEquipmentNotFoundId(missing))
    return all
  }
}

/** The variable a mapping field names, or its label when unmapped (for messages). */
function variableName(m: FieldMappings, field: MappingField): string {
  return (m[field] as string | undefined) ?? MAPPING_FIELD_LABELS[field]
}
