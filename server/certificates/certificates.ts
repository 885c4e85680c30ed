import { eq } from 'drizzle-orm'
import { loadLayout, type FormLayout } from '../../schemas/form-layout/index'
import { COUNTING_STATES, type RecordDetail } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import { AuditRepository } from '../audit/repository'
import type { Db } from '../db/client'
import { documents, recordDocuments } from '../db/schema/index'
import { unprocessable } from '../http-error'
import { RecordTypesRepository } from '../record-types/record-types'
import { RecordDefinitions } from '../record-types/record-definitions'
import { RecordsRepository } from '../records/records'
import { TestEquipmentRepository } from '../test-equipment/test-equipment'
import { CertificateSettingsRepository } from '../settings/certificate-settings'
import { certificateModel, type CertificateFile, type CertificateModel } from './certificate-model'
import { certificatePdf, type CertificateTemplate, type Paper } from './certificate-pdf'
import { thumbnailOf } from './certificate-images'

/** Uploads a certificate tries to show as images (the bytes decide; see certificate-images.ts). */
const IMAGE = /^image\/(png|jpeg|jpg)$/i
const IMAGE_NAME = /\.(png|jpe?g)$/i

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
  /** Layouts by record type and revision: a batch of one record type loads its layout once. */
  private readonly layouts = new Map<string, Promise<FormLayout | null>>()
  private templateOnce: Promise<CertificateTemplate> | undefined

  constructor(
    private readonly db: Db,
    private readonly settings: { title: string; paper: Paper },
  ) {}

  /** The organisation's name, address and logo (admin settings), read once per instance. */
  template(): Promise<CertificateTemplate> {
    this.templateOnce ??= new CertificateSettingsRepository(this.db).template(
      this.settings.title,
      this.settings.paper,
    )
    return this.templateOnce
  }

  /** The layout revision the record was judged with; refused (422) when it is no longer stored. */
  private layoutOf(record: RecordDetail): Promise<FormLayout | null> {
    const key = `${record.recordTypeId}:${record.layoutVersion ?? 'current'}`
    let layout = this.layouts.get(key)
    if (!layout) {
      layout = this.loadLayout(record)
      this.layouts.set(key, layout)
      layout.catch(() => this.layouts.delete(key))
    }
    return layout
  }

  private async loadLayout(record: RecordDetail): Promise<FormLayout | null> {
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

  /** Checks that a record's layout revision is still stored (422 otherwise), as its certificate would. */
  async layoutFor(id: number, viewer: Viewer): Promise<void> {
    await this.layoutOf(await new RecordsRepository(this.db).get(id, viewer))
  }

  /**
   * The files linked to a record (record_documents): PNG and JPEG uploads with their thumbnails (bytes
   * read only for those), any other by name.
   */
  private async filesOf(id: number): Promise<CertificateFile[]> {
    const rows = await this.db
      .select({
        id: documents.id,
        name: documents.originalFilename,
        contentType: documents.contentType,
      })
      .from(recordDocuments)
      .innerJoin(documents, eq(documents.id, recordDocuments.documentId))
      .where(eq(recordDocuments.recordId, id))
      .orderBy(documents.id)
    const imageIds = rows.filter((r) => IMAGE.test(r.contentType) || IMAGE_NAME.test(r.name)).map((r) => r.id)
    const bytes = new Map<number, Buffer>()
    // One image at a time: a record with many photos never holds all their bytes at once.
    for (const docId of imageIds) {
      const [row] = await this.db
        .select({ content: documents.content })
        .from(documents)
        .where(eq(documents.id, docId))
      if (row) bytes.set(docId, row.content)
    }
    return rows.map((r) => {
      const content = bytes.get(r.id)
      return content ? { name: r.name, image: thumbnailOf(content) } : { name: r.name }
    })
  }

  /** What the certificate of a record says, gathered from the database; `origin` is the app's address. */
  async model(id: number, viewer: Viewer, origin: string): Promise<CertificateModel> {
    const record = await new RecordsRepository(this.db).get(id, viewer)
    const layout = await this.layoutOf(record)
    const devices = new TestEquipmentRepository(this.db)
    const equipment = record.testEquipmentUsed?.length
      ? []
      : await Promise.all((record.testEquipment ?? []).map((te) => devices.get(te)))
    const files = await this.filesOf(id)
    const { organisation } = await this.template()
    const history = await new AuditRepository(this.db).history('record', [String(id)])
    const updates = history.filter((h) => h.action === 'update')
    const last = updates.at(-1)
    return certificateModel({
      record,
      layout,
      equipment,
      files,
      audit: {
        edits: updates.length,
        lastBy: last?.userName ?? null,
        lastAt: last ? new Date(last.at) : null,
        createdBy: history.find((h) => h.action === 'create')?.userName ?? null,
      },
      organisation,
      url: `${origin}/Records/${id}`,
      // Issue #19: a record still waiting (or rejected) prints 'DRAFT — not approved'.
      draft: !COUNTING_STATES.includes(record.reviewState ?? 'none'),
    })
  }

  /** The certificate as a PDF. */
  async pdf(id: number, viewer: Viewer, origin: string): Promise<Buffer> {
    return certificatePdf(await this.model(id, viewer, origin), await this.template())
  }
}
