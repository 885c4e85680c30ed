import { and, eq, lt, sql } from 'drizzle-orm'
import { MAPPING_FIELD_LABELS, type MappingField } from '../../schemas/form-layout/index'
import { RECORD_MESSAGES, type CsvResult, type CsvRowError } from '../../schemas/records/index'
import { badRequest, conflict, HttpError } from '../http-error'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { isConcurrencyAbort } from '../db/errors'
import { jobs } from '../db/schema/index'
import { JobsRepository } from '../jobs/jobs'
import { RecordWriter } from './write/record-writer'
import { productTypesOf, uploadQueue, UploadTypeLocks } from './write/upload-lock'
import { SubmissionPreparer } from './prepare'
import type { PreparedRecord, SubmissionKind } from './types'
import { ChunkedWrites } from './csv-writes'
import { runsOffThread } from '../db/copy-rows'
import { idempotent, keyAnswered } from './submissions'
import { checkCsvHeader, rowData } from './csv-header'
import { otherSeparatorOf, readCsvLines } from './csv-file'

/** A decoded CSV upload. */
export interface CsvInput {
  supplierId: number
  productTypeId: number
  recordTypeId: number
  fileName?: string | null
  text: string
}

const KIND_BY_CATEGORY: Record<string, SubmissionKind | undefined> = {
  test: 'single',
  problemReport: 'single',
  despatch: 'despatch',
}

/** A parsed file, ready to check: its rows with their line numbers. */
interface CheckedFile {
  input: CsvInput
  kind: SubmissionKind
  columns: string[]
  rows: { line: number; cells: string[] }[]
  jobId: number
  /** The product types the file's records can create or lock products of: its own and its components'. */
  productTypeIds: number[]
}

/** A running ingest older than this was cut off by a restart (its transaction rolled back). */
const STALE_MINUTES = 10

/**
 * The answer (409) when PostgreSQL rolled the upload back to break a deadlock with another writer of the
 * same products (or a serialization failure): the file was fine, and sending it again works.
 */
export const CSV_WRITE_CONFLICT =
  'Someone else saved records of the same products at the same moment, so this upload was stopped. ' +
  'Nothing was saved: upload the file again.'

/**
 * CSV upload (SPEC §7): the header row names layout variables, every row becomes one record. The whole
 * file is checked and written in one transaction, so a file with any bad row stores nothing and the
 * answer lists every bad row with its line number. Each upload is a job row, committed before the work
 * starts: done when the records are committed, error otherwise.
 */
export class CsvIngest {
  private readonly jobs: JobsRepository

  constructor(private readonly db: Db) {
    this.jobs = new JobsRepository(db)
  }

  /** Marks ingests left running by a stopped instance as failed (they wrote nothing). */
  async failInterruptedJobs(): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        status: 'error',
        error: 'Interrupted by a restart; nothing was saved. Upload the file again.',
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(jobs.kind, 'csvIngest'),
          eq(jobs.status, 'running'),
          lt(jobs.updatedAt, sql`now() - make_interval(mins => ${STALE_MINUTES})`),
        ),
      )
  }

  async ingest(input: CsvInput, who: Viewer, idempotencyKey?: string): Promise<CsvResult> {
    const preparer = new SubmissionPreparer(this.db)
    const definition = await preparer.definitions.get(input.recordTypeId)
    const kind = KIND_BY_CATEGORY[definition.category]
    if (!kind) throw badRequest(RECORD_MESSAGES.csvNotFileCapture(definition.name))
    preparer.authorise(kind, { ...input, data: {} }, who)
    await preparer.assertProductTypeVisible({ ...input, data: {} }, who)
    // A form-capture type is captured through its form only (SPEC §4 Add record: the upload appears for file).
    if (definition.captureType === 'form')
      throw badRequest(RECORD_MESSAGES.csvNotFileCapture(definition.name))
    // A record type the product type does not offer refuses the file once, not each of its rows.
    await preparer.assertOffered(input.productTypeId, definition)

    // Badly quoted cells refuse the file here, before its rows are counted (csv-file.ts).
    const [header, ...body] = readCsvLines(input.text)
    const columns = (header?.cells ?? []).map((h) => h.trim())
    const rows = body.filter(({ cells }) => cells.some((c) => c.trim() !== ''))
    if (rows.length === 0) throw badRequest(RECORD_MESSAGES.csvEmpty)
    const missing = (Object.keys(MAPPING_FIELD_LABELS) as MappingField[])
      .map((field) => definition.mappings[field] as string | undefined)
      .filter((column): column is string => !!column && !columns.includes(column))
    const required = [definition.mappings.serialField, definition.mappings.dateOfRecordField]
    const missingRequired = missing.filter((c) => required.includes(c))
    if (missingRequired.length)
      throw badRequest(RECORD_MESSAGES.csvMissingColumns(missingRequired, otherSeparatorOf(columns)))
    // Every column is read as one variable, or the file is refused whole (docs/csv-upload.md "The file").
    checkCsvHeader(columns, definition)

    const job = await this.jobs.create('csvIngest', who.id, {
      fileName: input.fileName ?? null,
      supplierId: input.supplierId,
      productTypeId: input.productTypeId,
      recordTypeId: input.recordTypeId,
      rows: rows.length,
    })
    const productTypeIds = [input.productTypeId]
    for (const component of definition.mappings.components ?? [])
      if (component.productType?.id) productTypeIds.push(component.productType.id)
    const stopBeating = this.jobs.keepAlive(job.id)
    try {
      const file = { input, kind, columns, rows, jobId: job.id, productTypeIds }
      const run = () =>
        idempotent(this.db, who.id, idempotencyKey, 'csv', input, (tx) => this.checkAndWrite(tx, file, who))
      // Queued in this instance before its transaction takes a connection (upload-lock.ts, UploadQueue);
      // a key already taken replays (or is refused) without work, so it waits for no other upload.
      const result = (await keyAnswered(this.db, who.id, idempotencyKey))
        ? await run()
        : await uploadQueue.run(productTypeIds, run)
      // A replayed key answers with the first upload's job; the one made for the replay did nothing.
      if (result.jobId !== job.id) await this.jobs.discard(job.id)
      return result
    } catch (thrown) {
      // A deadlock still possible with another kind of writer (docs/decisions.md, audit s8d) is the
      // database's choice of victim, not a fault: a 409 that says to send the file again, never a 500.
      const error = isConcurrencyAbort(thrown) ? conflict(CSV_WRITE_CONFLICT) : thrown
      await this.jobs.fail(job.id, error instanceof Error ? error.message : String(error))
      throw error
    } finally {
      stopBeating()
    }
  }

  /**
   * Checks every row and writes the checked ones in `tx`, chunk by chunk while the rest are checked
   * (csv-writes.ts); a bad row anywhere stops the writes, and the transaction rolls back whatever was
   * written, so the answer is the same as checking the whole file first.
   */
  private async checkAndWrite(tx: Db, file: CheckedFile, who: Viewer): Promise<CsvResult> {
    const { input, kind, columns, rows, jobId } = file
    const preparer = new SubmissionPreparer(tx)
    const errors: CsvRowError[] = []
    const writer = new RecordWriter(tx)
    // Before its first write, the upload queues behind any other upload of its product types
    // (upload-lock.ts): two uploads that cross on the same products chunk by chunk would otherwise deadlock.
    const locks = new UploadTypeLocks(tx)
    const write = async (part: PreparedRecord[]) => {
      await locks.hold([...file.productTypeIds, ...productTypesOf(part)])
      return writer.writeAll(part, who.id, jobId)
    }
    const writes = new ChunkedWrites(write, runsOffThread(tx))
    for (const { line, cells } of rows) {
      if (writes.failed) break
      if (cells.length !== columns.length) {
        errors.push({
          line,
          reason: `The row has ${cells.length} values but the header has ${columns.length} columns.`,
        })
        continue
      }
      const data = rowData(columns, cells)
      try {
        // Cells are read by control kind, then checked with the layout's data schema (compiled once for
        // the whole file: the preparer keeps the validator) like any submission.
        const prepared = await preparer.prepare(
          kind,
          { ...input, fileName: input.fileName ?? null, data },
          who,
          {
            textCells: true,
          },
        )
        if (errors.length === 0) await writes.add(prepared)
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode < 500)) {
          await writes.abandon()
          throw writes.causeOf(error)
        }
        errors.push({ line, reason: error.message })
      }
    }
    if (errors.length) {
      await writes.abandon()
      if (!writes.failed) throw badRequest(RECORD_MESSAGES.csvRejected(errors.length, rows.length), errors)
    }
    // Multi-row statements, COPY-staged (DESIGN.md §8, issue #17.3); throws a failed write's error.
    await writes.finish()
    await new JobsRepository(tx).finish(jobId, { records: rows.length })
    return { message: RECORD_MESSAGES.uploadAccepted, jobId, records: rows.length }
  }
}
