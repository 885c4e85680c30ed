import { eq } from 'drizzle-orm'
import { loadLayout, type FormLayout } from '../../schemas/form-layout/index'
import { RECORD_MESSAGES, type RecordDetail } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { documents } from '../db/schema/index'
import { notFound, unprocessable } from '../http-error'
import { RecordTypesRepository } from '../record-types/record-types'
import { RecordDefinitions } from '../record-types/record-definitions'
import { RecordsRepository } from '../records/records'
import { CertificateSettingsRepository } from '../settings/certificate-settings'
import { certificateModel, type CertificateFile, type CertificateModel } from './certificate-model'
import { certificatePdf, type CertificateTemplate, type Paper } from './certificate-pdf'
import { thumbnailOf } from './certificate-images'
import { auditSummaryOf, readCertificateData, unrecordedDevices, type LinkedFile } from './certificate-reads'

/** Uploads a certificate tries to show as images (the bytes decide; see certificate-images.ts). */
const IMAGE = /^image\/(png|jpeg|jpg)$/i
const IMAGE_NAME = /\.(png|jpe?g)$/i

/** Not a SPEC text: a record whose layout revision is gone cannot be shown as it was judged. */
export const CERTIFICATE_MESSAGES = {
  layoutMissing: (revision: number, recordType: string) =>
    `Layout revision ${revision} of ${recordType} is missing, so no certificate can be made for this record.`,
} as const

/**
 * Layout revisions already read and checked, by database: a stored revision never changes, and the
 * single certificate's route (a new `Certificates` each call) would otherwise read and check the same
 * 300-control layout on every call. A few dozen per database, the oldest dropped first.
 */
const revisions = new WeakMap<Db, Map<string, FormLayout>>()
const REVISIONS_KEPT = 50

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
    const known = revisions.get(this.db) ?? new Map<string, FormLayout>()
    revisions.set(this.db, known)
    const key = `${record.recordTypeId}:${record.layoutVersion}`
    const cached = known.get(key)
    if (cached) return cached
    const row = await new RecordTypesRepository(this.db).layoutRevision(
      record.recordTypeId,
      record.layoutVersion,
    )
    const loaded = row ? loadLayout(row.layout) : null
    if (!loaded?.ok)
      throw unprocessable(CERTIFICATE_MESSAGES.layoutMissing(record.layoutVersion, record.recordTypeName))
    if (known.size >= REVISIONS_KEPT) known.delete(known.keys().next().value!)
    known.set(key, loaded.layout)
    return loaded.layout
  }

  /** Checks that a record's layout revision is still stored (422 otherwise), as its certificate would. */
  async layoutFor(id: number, viewer: Viewer): Promise<void> {
    await this.layoutOf(await new RecordsRepository(this.db).get(id, viewer))
  }

  /**
   * The files linked to a record: PNG and JPEG uploads with their thumbnails (bytes read only for
   * those, one at a time, so a record with many photos never holds all their bytes at once), any
   * other by name.
   */
  private async filesOf(linked: readonly LinkedFile[]): Promise<CertificateFile[]> {
    const files: CertificateFile[] = []
    for (const file of linked) {
      if (!IMAGE.test(file.contentType) && !IMAGE_NAME.test(file.name)) {
        files.push({ name: file.name })
        continue
      }
      const [row] = await this.db
        .select({ content: documents.content })
        .from(documents)
        .where(eq(documents.id, file.id))
      files.push(row ? { name: file.name, image: thumbnailOf(row.content) } : { name: file.name })
    }
    return files
  }

  /**
   * What the certificates of `ids` say, in their order, gathered from the database in a few statements
   * for all of them (certificate-reads.ts); `origin` is the app's address. An id the viewer may not
   * read is 404, as the record call answers it.
   */
  async models(ids: readonly number[], viewer: Viewer, origin: string): Promise<CertificateModel[]> {
    const data = await readCertificateData(this.db, ids, viewer)
    const { organisation } = await this.template()
    const models: CertificateModel[] = []
    for (const id of ids) {
      const record = data.records.get(id)
      if (!record) throw notFound(RECORD_MESSAGES.recordNotFound(id))
      const layout = await this.layoutOf(record)
      const equipment = unrecordedDevices(record).flatMap((te) => data.devices.get(te) ?? [])
      models.push(
        certificateModel({
          record,
          layout,
          equipment,
          files: await this.filesOf(data.files.get(id) ?? []),
          audit: auditSummaryOf(data, id),
          organisation,
          url: `${origin}/Records/${id}`,
          // Issue #19, audit s9 F5: who approved it and when; its state's stamps come from the record.
          approval: data.approvals.get(id),
          rejection: data.rejections.get(id),
          calibration: data.calibrations.get(id),
        }),
      )
    }
    return models
  }

  /** What the certificate of a record says (see {@link models}). */
  async model(id: number, viewer: Viewer, origin: string): Promise<CertificateModel> {
    const [model] = await this.models([id], viewer, origin)
    return model
  }

  /** The certificate as a PDF. */
  async pdf(id: number, viewer: Viewer, origin: string): Promise<Buffer> {
    return certificatePdf(await this.model(id, viewer, origin), await this.template())
  }
}
