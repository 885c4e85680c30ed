import { canSubmitRecords } from '../../schemas/roles'
import { measuredResult } from '../../schemas/form-layout/index'
import { CATEGORY_NAMES, RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest, conflict, forbidden } from '../http-error'
import { MESSAGES } from '../../schemas/messages'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import {
  RecordDefinitions,
  type RecordDefinition,
  type RecordDefinitionCache,
} from '../record-types/record-definitions'
import { prepareCalibration } from './calibration'
import { SubmissionLookups } from './lookups'
import { assertAgrees, assertRulesHold, judgeSubmission, recordResult } from './judge'
import { assertValidData } from './data-schema'
import { assertKnownFields } from './accepted-fields'
import { DefinitionCaches } from './definition-caches'
import type { TestParameter } from '../../schemas/entities/test-parameter'
import { KIND_CATEGORIES, KIND_LABEL } from './types'
import type { PreparedCalibration, PreparedRecord, PrepareOptions, SerialRef } from './types'
import type { SubmissionInput, SubmissionKind } from './types'
import { idOrName, listText, parseDate, serialTextOf, textOf, valueOf } from './values'
import { heldKey, SubmissionAttachments } from './attachments'
import { mappedFields, variableName, type BaseRecord, type MappedFields } from './mapped-fields'

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
  private readonly attachments: SubmissionAttachments
  private readonly caches: DefinitionCaches

  /** `definitions`: the database's record definitions kept across requests (the submission routes'). */
  constructor(
    private readonly db: Db,
    definitions?: RecordDefinitionCache,
  ) {
    this.definitions = new RecordDefinitions(db, definitions)
    this.lookups = new SubmissionLookups(db)
    this.attachments = new SubmissionAttachments(db)
    this.caches = new DefinitionCaches(db)
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

  /**
   * A supplier-view caller writes only for product types it may read: any other is answered like its read
   * (`GET {meta}/api/assetmodels/{id}`: 404 "Product type does not exist"), before any check that would
   * name it or tell which record types it offers (DESIGN.md §5).
   */
  async assertProductTypeVisible(input: SubmissionInput, who: Viewer): Promise<void> {
    if (who.supplierId === undefined || input.productTypeId == null) return
    await this.lookups.checkVisible(who.supplierId, input.productTypeId)
  }

  /**
   * The record type must be one of the product type's record types (SPEC §3 RecordTypeAttribute). A CSV
   * file asks once, before its rows are read: every row would otherwise be refused alike (audit walk-csv #6).
   */
  async assertOffered(productTypeId: number, definition: RecordDefinition): Promise<void> {
    await this.lookups.checkOffered(productTypeId, definition)
  }

  /**
   * A submission checked and turned into what the writers store: authorised, judged against its layout
   * revision, validated with the layout's data schema, and its mapped fields read and looked up.
   */
  async prepare(
    kind: SubmissionKind,
    input: SubmissionInput,
    who: Viewer,
    options: PrepareOptions = {},
  ): Promise<PreparedRecord> {
    const supplierId = this.authorise(kind, input, who)
    if (kind === 'calibration') await this.assertCalibrationIds(input)
    // A product record's owner is its supplier: a device owner sent with it would be dropped unseen.
    else if (input.deviceOwnerId != null) throw badRequest(RECORD_MESSAGES.ownerNotTaken)
    await this.askFirst(input, supplierId, who.supplierId !== undefined)
    await this.assertProductTypeVisible(input, who)
    const definition = await this.definitions.atRevision(input.recordTypeId, options.layoutRevision ?? null)
    if (!KIND_CATEGORIES[kind].includes(definition.category))
      throw badRequest(RECORD_MESSAGES.wrongCategory(definition.name, KIND_LABEL[kind]))
    // A user submits only the categories it may read (docs/decisions.md, issue #11.2).
    const category = definition.category
    if (!who.mayUseCategory(category))
      throw forbidden(RECORD_MESSAGES.categoryNotAllowed(CATEGORY_NAMES[category]))
    if (!definition.mappings.serialField) throw badRequest(RECORD_MESSAGES.noMappings(definition.name))
    // A form type's data is checked, judged and stamped with its layout: without one (deleted, unreadable,
    // without controls as SPEC §5's 'No data entry form created' counts it, or mid-save in the designer)
    // nothing could be checked, so nothing is stored (audit s8 #4). 409: the record type's state, not the
    // request, is at fault; the same body is accepted once a configurator saves the form.
    if (definition.captureType === 'form' && !definition.layout?.controls.length)
      throw conflict(MESSAGES.recordType.noDataEntryForm(definition.name))
    // Only a layout that reads the product type's parameters is judged with (and stores) them.
    const reads = this.caches.readsParameters(definition)
    const parameters =
      options.parameters ?? (reads ? await this.caches.parametersOf(input.productTypeId) : [])
    const { data, judgement } = this.judged(definition, input, options, parameters)
    const fields = mappedFields(definition.mappings, data)
    const recordDate = definition.mappings.dateOfRecordField
      ? parseDate(fields.value('dateOfRecordField'), variableName(definition.mappings, 'dateOfRecordField'))
      : new Date()
    const equipment = await this.attachments.testEquipmentUse(definition, data, {
      recordDate,
      overrides: input.calibrationOverrides,
      who,
      frozen: options.equipmentSnapshots,
    })
    const base = {
      definition,
      recordDate,
      testResult: recordResult(definition.layout, definition.mappings.resultField, judgement, data),
      data,
      parameters: [...parameters],
      fileName: input.fileName ?? null,
      testEquipmentIds: equipment.ids,
      testEquipmentSnapshots: equipment.snapshots,
      documentIds: await this.attachments.documentIds(
        definition,
        data,
        who,
        options.heldDocuments && new Set(options.heldDocuments.map(([v, name]) => heldKey(v, name))),
      ),
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
    if (definition.category !== 'calibration') return this.productRecord(supplierId, input, base, fields)
    // The device as found and as left (issue #15.3): the server's judgement, and only what was measured.
    const m = definition.mappings
    const measured = (variable: string | undefined) =>
      definition.layout && judgement ? measuredResult(definition.layout, variable, judgement.data) : '-'
    const condition = {
      asFound: measured(m.asFoundResultField),
      asLeft: m.asLeftResultField ? measured(m.asLeftResultField) : base.testResult,
    }
    return this.calibrationRecord(input, base, fields, condition)
  }

  /**
   * A calibration is about the device owner's test equipment (DESIGN.md §5): it takes no supplier, so one
   * sent is refused rather than dropped unseen (audit s9 F6). Its product type, when sent, is the device's
   * model (the test equipment's product type SPEC's detail page loads), stored on the record and on the
   * device: it must exist, or the answer is 400 naming it, never the database's foreign-key 500.
   */
  private async assertCalibrationIds(input: SubmissionInput): Promise<void> {
    if (input.supplierId != null) throw badRequest(RECORD_MESSAGES.calibrationNotTaken('supplierId'))
    if (input.productTypeId != null) await this.lookups.productTypeName(input.productTypeId)
  }

  /**
   * A submission's first statement (issue #17.1): its record type, and for a product record the questions
   * its checks ask next (may a supplier-view caller read the product type, is the type offered for it, the
   * supplier's serial ranges), so they are one round trip, not four. The checks still run in their order,
   * on the answers kept.
   */
  private async askFirst(input: SubmissionInput, supplierId: number | null, scoped: boolean): Promise<void> {
    const { recordTypeId, productTypeId } = input
    if (this.definitions.has(recordTypeId)) return
    if (!supplierId || !productTypeId) {
      await this.definitions.get(recordTypeId)
      return
    }
    const questions = SubmissionLookups.firstQuestions(supplierId, productTypeId, recordTypeId, scoped)
    const { extras } = await this.definitions.read(recordTypeId, questions)
    this.lookups.remember(supplierId, productTypeId, recordTypeId, extras)
  }

  /**
   * The submitted data as the record stores it: CSV text cells read as the controls would store them, no
   * field the record type does not know (unless the edited or revised record holds it), the server's own
   * judgement (issue #12: results come from the values and this layout revision, a
   * disagreeing claim is refused), checked with the layout's data schema.
   */
  private judged(
    definition: RecordDefinition,
    input: SubmissionInput,
    options: PrepareOptions,
    parameters: readonly TestParameter[],
  ) {
    // A file-capture type's records are CSV rows wherever they come from (the upload, the demo seed).
    const reader =
      options.textCells || definition.captureType === 'file' ? this.caches.readerOf(definition) : null
    const submitted = reader ? reader(input.data) : input.data
    // Only the form's fields (docs/decisions.md "Record data holds the form's fields"); a CSV file's
    // columns were checked once by its header (csv-header.ts), not again per row.
    const accepted = options.textCells ? null : this.caches.acceptedFieldsOf(definition)
    if (accepted) assertKnownFields(accepted, submitted, options.heldFields)
    const judged = definition.layout ? judgeSubmission(definition.layout, submitted, parameters) : null
    // The layout's rules first (issue #14): a value for a hidden control is refused as such, not by its type.
    if (judged) assertRulesHold(judged)
    const validator = this.caches.validatorOf(definition)
    if (validator) assertValidData(validator, judged?.filled ?? submitted, options.textCells ? 'csv' : 'json')
    if (judged) assertAgrees(judged)
    const judgement = judged?.judgement ?? null
    return { data: judgement?.data ?? submitted, judgement }
  }

  /** A calibration record: the device owner's test equipment, its calibration and certificate. */
  private async calibrationRecord(
    input: SubmissionInput,
    base: BaseRecord,
    fields: MappedFields,
    condition: Pick<PreparedCalibration, 'asFound' | 'asLeft'>,
  ): Promise<PreparedRecord> {
    if (!input.deviceOwnerId) throw badRequest(RECORD_MESSAGES.ownerRequired)
    const m = base.definition.mappings
    const calibration = await prepareCalibration(
      this.db,
      input.deviceOwnerId,
      m,
      base.data,
      base.recordDate,
      fields.requiredText,
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
      calibration: { ...calibration, ...condition },
    }
  }

  /** A Test, Despatch or Problem Report record: its product and components by serial, and its mapped fields. */
  private async productRecord(
    supplierId: number | null,
    input: SubmissionInput,
    base: BaseRecord,
    fields: MappedFields,
  ): Promise<PreparedRecord> {
    const { definition, data } = base
    const m = definition.mappings
    if (!supplierId) throw badRequest(RECORD_MESSAGES.supplierRequired)
    if (!input.productTypeId) throw badRequest(RECORD_MESSAGES.productTypeRequired)
    await this.lookups.checkOffered(input.productTypeId, definition)
    const serialText = serialTextOf(fields.value('serialField'))
    if (!serialText) throw badRequest(RECORD_MESSAGES.fieldRequired(m.serialField!))
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
      parentSerial: serialTextOf(fields.value('parentSerialField')) ?? null,
      calibration: null,
    }
    if (definition.category === 'despatch') {
      prepared.jobNumber = fields.requiredText('jobNumberField')
      prepared.batchNumber = textOf(fields.value('batchNumberField')) ?? null
      prepared.customerName = fields.requiredText('customerNameField')
      const customer = idOrName(fields.value('customerNameField'))
      if (customer?.id !== undefined) prepared.customerName = await this.lookups.customerName(customer.id)
    }
    if (definition.category === 'problemReport') {
      prepared.faultItems = listText(fields.value('faultItemsField'))
      prepared.repairItems = listText(fields.value('repairItemsField'))
      prepared.faultDescriptives = listText(fields.value('faultDescriptivesField'))
      prepared.repairDescriptives = listText(fields.value('repairDescriptivesField'))
    }
    return prepared
  }
}
