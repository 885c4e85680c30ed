import { RECORD_MESSAGES, suspectOn } from '../../schemas/records/index'
import type { EquipmentSnapshot, OverrideRequest } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { DocumentsRepository } from '../documents/documents'
import { badRequest } from '../http-error'
import type { RecordDefinition } from '../record-types/record-definitions'
import { TestEquipmentRepository } from '../test-equipment/test-equipment'
import { checkOverrides, equipmentPolicies, gateAndSnapshot } from './calibration-gate'
import { valueOf } from './values'
import { assertDocumentUsable, documentRefs } from './document-refs'
import { attachmentControls } from './layout-controls'

const NONE: ReadonlySet<string> = new Set()

/** A document held in a variable, as a key of the `held` set. */
export const heldKey = (variable: string, savedFilename: string) => `${variable}\u0000${savedFilename}`

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
   * Each is described as it was stored, and is what its control takes (a PDF for a document control:
   * document-refs.ts) — unless the edited or revised record already holds it in that same variable
   * (`held`, heldKey), where it stays as it was accepted even if the control became PDF-only since.
   */
  async documentIds(
    definition: RecordDefinition,
    data: Record<string, unknown>,
    who: Viewer,
    held: ReadonlySet<string> = NONE,
  ) {
    if (!definition.layout) return []
    const ids: number[] = []
    for (const { variable, pdfOnly } of attachmentControls(definition.layout).uploads) {
      for (const ref of documentRefs(valueOf(data, variable))) {
        const row = await this.documents.describe(ref.savedFilename)
        if (!row || !(await this.documents.visibleTo(row, who)))
          throw badRequest(RECORD_MESSAGES.documentMissing(ref.savedFilename))
        assertDocumentUsable(row, ref, pdfOnly && !held.has(heldKey(variable, ref.savedFilename)))
        if (!ids.includes(row.id)) ids.push(row.id)
      }
    }
    return ids
  }

  /**
   * Test equipment of every testEquipment control, each of which must exist (SPEC §8), gated by its
   * calibration at the record's date and frozen as the record's snapshot (issue #15.1–2,
   * calibration-gate.ts). How many a control needs (SPEC §5) is the data schema's `minItems`, checked
   * before this. Devices are read afresh for every record: a calibration written earlier in the same
   * transaction (the demo seed) must be seen.
   */
  async testEquipmentUse(
    definition: RecordDefinition,
    data: Record<string, unknown>,
    use: {
      recordDate: Date
      overrides?: readonly OverrideRequest[] | null
      who: Viewer
      /** Snapshots an edited record already holds: its devices keep what was true when they were used. */
      frozen?: readonly EquipmentSnapshot[] | null
    },
  ): Promise<{ ids: number[]; snapshots: EquipmentSnapshot[] }> {
    const policies = equipmentPolicies(definition, data)
    const ids = [...policies.keys()]
    const found = new Map((await this.testEquipment.byIds(ids)).map((d) => [d.id, d]))
    const missing = ids.find((id) => !found.has(id))
    if (missing !== undefined) throw badRequest(RECORD_MESSAGES.testEquipmentNotFoundId(missing))
    const overrides = checkOverrides(use.overrides, found, use.who)
    const frozen = new Map((use.frozen ?? []).map((f) => [f.testEquipmentId, f]))
    // A device found out of tolerance over the record's date is suspect (issue #15.3).
    const suspect = new Set(ids.filter((id) => suspectOn(found.get(id)!.suspectPeriods, use.recordDate)))
    const fresh = gateAndSnapshot({
      devices: ids.filter((id) => !frozen.has(id)).map((id) => found.get(id)!),
      policies,
      overrides,
      recordDate: use.recordDate,
      who: use.who,
      now: new Date(),
      suspect,
    })
    const byId = new Map([...fresh.map((f) => [f.testEquipmentId, f] as const), ...frozen])
    return { ids, snapshots: ids.map((id) => byId.get(id)!) }
  }
}
