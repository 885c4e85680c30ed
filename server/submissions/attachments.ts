import { walkControls } from '../../schemas/form-layout/index'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { DocumentsRepository } from '../documents/documents'
import { badRequest } from '../http-error'
import type { RecordDefinition } from '../record-types/record-definitions'
import { TestEquipmentRepository } from '../test-equipment/test-equipment'
import { documentNames, idsOf, valueOf } from './values'

/** What a record's upload and test-equipment controls attach to it, each checked to exist and be usable. */
export class SubmissionAttachments {
  private readonly testEquipment: TestEquipmentRepository
  private readonly documents: DocumentsRepository

  constructor(db: Db) {
    this.testEquipment = new TestEquipmentRepository(db)
    this.documents = new DocumentsRepository(db)
  }

  /**
   * The documents the record's upload controls name, each one the submitter may use: its own upload, one
   * already held by a record it may read, or any for configurators and admins. Anything else reads as
   * missing ('Document … does not exist.'), so a saved name learned elsewhere attaches nothing (issue #13.5).
   */
  async documentIds(definition: RecordDefinition, data: Record<string, unknown>, who: Viewer) {
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

  /**
   * Test equipment of every testEquipment control, each of which must exist (SPEC §8). How many a
   * control needs (SPEC §5) is the data schema's `minItems`, checked before this.
   */
  async testEquipmentIds(definition: RecordDefinition, data: Record<string, unknown>) {
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
