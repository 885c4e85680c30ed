import { eq } from 'drizzle-orm'
import { loadLayout, type FormLayout } from '../../schemas/form-layout/index'
import type { RecordDetail } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import { AuditRepository } from '../audit/repository'
import type { Db } from '../db/client'
import { documents, recordDocuments } from '../db/schema/index'
import { unprocessable } from '../http-error'
import { RecordTypesRepository } from '../record-types/record-types'
import { RecordDefinitions } from '../record-types/record-definitions'
import { RecordsRepository } from '../records/records'
import { TestEquipmentRepository } from '../test-equipment/test-equipment'
import { certificateModel, type CertificateModel } from './certificate-model'
import { certificatePdf, type Paper } from './certificate-pdf'

/** Not a SPEC text: a record whose layout revision is gone cannot be shown as it was judged. */
export const CERTIFICATE_MESSAGES = {
  layoutMissing: (revision: number, recordType: string) =>
    `Layout revision ${revision} of ${recordType} is missing, so no certificate can be made for this record.`,
} as const

/**
 * Test certificates (issue #16): one record's certificate, read with exactly the record's own access
 * rules (a record the caller cannot read is 404 here as it is on the record call).
 */
export class Certificates {
  constructor(
    private readonly db: Db,
    private readonly settings: { organisation: string; paper: Paper },
  ) {}

  /** The layout revision the record was judged with; refused (422) when it is no longer stored. */
  private async layoutOf(record: RecordDetail): Promise<FormLayout | null> {
    // A record stored before layouts had revisions is shown with its record type's layout, as the record view does.
    if (record.layoutVersion == null)
      return (await new RecordDefinitions(this.db).get(record.recordTypeId)).layout
    const row = await new RecordTypesRepository(this.db).layoutRevision(
      record.recordTypeId,
      record.layoutVersion,
    )
    const loaded = row ? loadLayout(row.layout) : null
    if (!loaded?.ok)
      throw unprocessable(CERTIFICATE_MESSAGES.layoutMissing(record.layoutVersion, record.recordTypeName))
    return loaded.layout
  }

  /** What the certificate of a record says, gathered from the database. */
  async model(id: number, viewer: Viewer, url: string): Promise<CertificateModel> {
    const record = await new RecordsRepository(this.db).get(id, viewer)
    const layout = await this.layoutOf(record)
    const devices = new TestEquipmentRepository(this.db)
    const equipment = record.testEquipmentUsed?.length
      ? []
      : await Promise.all((record.testEquipment ?? []).map((te) => devices.get(te)))
    const files = await this.db
      .select({ name: documents.originalFilename })
      .from(recordDocuments)
      .innerJoin(documents, eq(documents.id, recordDocuments.documentId))
      .where(eq(recordDocuments.recordId, id))
    const history = await new AuditRepository(this.db).history('record', [String(id)])
    const updates = history.filter((h) => h.action === 'update')
    const last = updates.at(-1)
    return certificateModel({
      record,
      layout,
      equipment,
      files: files.map((f) => f.name),
      audit: {
        edits: updates.length,
        lastBy: last?.userName ?? null,
        lastAt: last ? new Date(last.at) : null,
        createdBy: history.find((h) => h.action === 'create')?.userName ?? null,
      },
      organisation: this.settings.organisation,
      url,
    })
  }

  /** The certificate as a PDF. */
  async pdf(id: number, viewer: Viewer, url: string): Promise<Buffer> {
    return certificatePdf(await this.model(id, viewer, url), this.settings.organisation, this.settings.paper)
  }
}
