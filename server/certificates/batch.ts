import { PassThrough, Readable } from 'node:stream'
import { and, inArray, sql } from 'drizzle-orm'
import yazl from 'yazl'
import { CERTIFICATE_BATCH_MESSAGES, type RecordsFilter } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { records } from '../db/schema/index'
import { forbidden } from '../http-error'
import { recordConditions } from '../records/records-filter'
import { recordJoinsOf, recordKeySelect, recordOrder } from '../records/records-query'
import { Certificates } from './certificates'
import { certificateDocument, drawCertificate, type Paper } from './certificate-pdf'
import { PdfsInOrder, modelsInOrder } from './batch-order'
import { renderPool } from './render-pool'

/** Output the merged PDF may queue before the next certificate waits for the reader. */
const QUEUED = 4 * 1024 * 1024
/** PDFs of a zip being made at once, ahead of the archive: two for each worker keeps them all busy. */
const AHEAD = 8

/**
 * Certificates of many records (issue #16.3): the records a viewer chose, as one zip of PDFs or one
 * merged PDF, streamed — a page of records and a few certificates are in memory at a time, made only as
 * fast as the reader takes them, so memory stays flat whatever the count. Everything that can refuse the batch (scope, a missing
 * layout revision) is checked before the first byte, so a caller never gets half a file.
 */
export class CertificateBatch {
  readonly certificates: Certificates

  constructor(
    private readonly db: Db,
    private readonly settings: { title: string; paper: Paper },
  ) {
    this.certificates = new Certificates(db, settings)
  }

  /** Ids chosen one by one: each must be a record the viewer may read (403 naming those it may not). */
  async checkIds(ids: readonly number[], viewer: Viewer): Promise<number[]> {
    const rows = await this.db
      .select({ id: records.id })
      .from(records)
      .where(and(inArray(records.id, [...ids]), viewer.recordScope()))
    const readable = new Set(rows.map((r) => r.id))
    const refused = ids.filter((id) => !readable.has(id))
    if (refused.length) throw forbidden(CERTIFICATE_BATCH_MESSAGES.notYours(refused))
    return [...ids]
  }

  /** The ids of the records matching a filter in the viewer's scope, in the records page's order. */
  async idsOf(filter: RecordsFilter, viewer: Viewer, limit: number): Promise<number[]> {
    const rows = await recordKeySelect(this.db, recordJoinsOf(filter, true))
      .where(recordConditions(filter, viewer))
      .orderBy(...recordOrder(filter))
      .limit(limit)
    return rows.map((r) => r.id)
  }

  /** Refuses (422, the single certificate's message) when any record's layout revision is gone. */
  async checkLayouts(ids: readonly number[], viewer: Viewer): Promise<void> {
    const firsts = await this.db
      .select({ id: sql<number>`min(${records.id})` })
      .from(records)
      .where(inArray(records.id, [...ids]))
      .groupBy(records.recordTypeId, records.layoutVersion)
    for (const { id } of firsts) await this.certificates.layoutFor(Number(id), viewer)
  }

  /**
   * One zip holding certificate-{id}.pdf per record (yazl). Models are read a page at a time and the
   * PDFs drawn in the render pool's workers a few ahead of the archive, which takes each in turn
   * (stored as it is: PDFs are compressed already).
   */
  zip(ids: readonly number[], viewer: Viewer, origin: string): Readable {
    const zip = new yazl.ZipFile()
    const out = new PassThrough()
    const mtime = new Date()
    zip.on('error', (error: Error) => out.destroy(error))
    zip.outputStream.on('error', (error: Error) => out.destroy(error))
    zip.outputStream.pipe(out)
    const pool = renderPool()
    let pdfs: PdfsInOrder | undefined
    const next = async () => {
      // Started with the first entry: nothing is read before the archive is being taken.
      const template = await this.certificates.template()
      pdfs ??= new PdfsInOrder(
        modelsInOrder(this.certificates, ids, viewer, origin),
        (model) => pool.render(model, template),
        AHEAD,
      )
      return pdfs.next()
    }
    for (const id of ids)
      zip.addReadStreamLazy(`certificate-${id}.pdf`, { mtime, compress: false }, (done) => {
        next().then(
          (pdf) => done(null, Readable.from([pdf])),
          (error: Error) => done(error, undefined as never),
        )
      })
    zip.end()
    return out
  }

  /**
   * One PDF with every certificate from a new page, each numbered 'Page n of m' within itself. Pages are
   * flushed after each certificate (fonts are shared, so it is smaller than the zip).
   */
  pdf(ids: readonly number[], viewer: Viewer, origin: string): Readable {
    const doc = certificateDocument(`Certificates (${ids.length})`, 'Test certificates', this.settings.paper)
    const run = async () => {
      const template = await this.certificates.template()
      for await (const model of modelsInOrder(this.certificates, ids, viewer, origin)) {
        if (doc.destroyed) return
        await drawCertificate(doc, model, template)
        doc.flushPages()
        // Let the reader catch up: the document is a stream that does not wait for it by itself.
        while (doc.readableLength > QUEUED && !doc.destroyed) await new Promise((r) => setTimeout(r, 5))
      }
      doc.end()
    }
    run().catch((error: Error) => doc.destroy(error))
    return doc
  }
}
