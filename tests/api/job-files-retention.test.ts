import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { documents, jobs, users } from '../../server/db/schema/index'
import { JobFilesRetention, JOB_FILES_LEASE } from '../../server/jobs/job-files-retention'
import { JobLease } from '../../server/jobs/lease'
import { JobsRepository } from '../../server/jobs/jobs'
import { DocumentsRepository } from '../../server/documents/documents'
import { exportFileDaysOf } from '../../server/config'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { startTestServer, type TestServer } from '../support/api'

const BASE = '/api/InstrumentTestRecord/ExcelExport'
const DAY = 86_400_000

/**
 * Files of exports and certificate batches are kept EXPORT_FILE_DAYS days, then removed; the job stays
 * and its download says why (410). A record's documents are never removed, whatever their type says.
 */
describe('export file retention', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const filter = encodeURIComponent(JSON.stringify({ filters: [{ field: 'category', value: 'test' }] }))
  /** A finished export of the internal user: its job id and file's document id. */
  async function finishedExport() {
    const started = await server.call('data', 'GET', `${BASE}/filter/${filter}`, { as: 'internal' })
    expect(started.statusCode, started.body).toBe(200)
    const jobId = started.json().jobId as number
    for (let waited = 0; ; waited += 50) {
      const [job] = await db().select().from(jobs).where(eq(jobs.id, jobId))
      if (job.status === 'done' && job.documentId) return { jobId, documentId: job.documentId }
      if (job.status === 'error' || waited > 20_000)
        throw new Error(`export ${jobId}: ${job.status} ${job.error}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const age = (documentId: number, days: number) =>
    db().execute(
      sql`UPDATE documents SET created_at = now() - make_interval(days => ${days}) WHERE id = ${documentId}`,
    )
  const download = (jobId: number) =>
    server.call('data', 'GET', `${BASE}/jobs/${jobId}/download`, { as: 'internal' })

  it('removes files older than the kept days, keeps newer ones and every record document', async () => {
    const old = await finishedExport()
    const recent = await finishedExport()
    await age(old.documentId, 31)
    await age(recent.documentId, 29)
    // A record's upload that calls itself an export is the record's, and old: it stays.
    const [upload] = await db()
      .insert(documents)
      .values({
        documentType: 'excelExport',
        originalFilename: 'site.xlsx',
        savedFilename: `retention-${Date.now()}.xlsx`,
        contentType: 'application/octet-stream',
        size: 1,
        content: Buffer.from('x'),
        createdAt: new Date(Date.now() - 400 * DAY),
      })
      .returning({ id: documents.id })

    expect((await download(old.jobId)).statusCode).toBe(200)
    const run = await new JobFilesRetention(db(), { days: 30 }).run()
    expect(run).toEqual({ status: 'done', removed: 1 })

    const gone = await download(old.jobId)
    expect(gone.statusCode).toBe(410)
    expect(gone.json().message).toBe(RECORD_MESSAGES.jobFileRemoved(30))
    const status = await server.call('data', 'GET', `${BASE}/jobs/${old.jobId}`, { as: 'internal' })
    expect(status.json()).toMatchObject({ status: 'done', downloadUrl: null })
    expect((await download(recent.jobId)).statusCode).toBe(200)
    const left = await db().select({ id: documents.id }).from(documents).where(eq(documents.id, upload.id))
    expect(left).toHaveLength(1)
  })

  it('a job that fails after storing its file keeps no file (audit s10 C2)', async () => {
    // As the export and batch runners do: the file is stored and tied to its job before it is mailed;
    // then the mail fails, or the user was disabled meanwhile.
    const [internal] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'internal'))
    const repo = new JobsRepository(db())
    const job = await repo.create('excelExport', internal.id, {})
    const doc = await new DocumentsRepository(db()).store({
      documentType: 'excelExport',
      originalFilename: `records-export-${job.id}.xlsx`,
      contentType: 'application/octet-stream',
      content: Buffer.from('workbook'),
      createdBy: internal.id,
    })
    await repo.attach(job.id, doc.id)
    await repo.fail(job.id, 'The export was not sent because this account is disabled.')
    expect(await db().select({ id: documents.id }).from(documents).where(eq(documents.id, doc.id))).toEqual(
      [],
    )
    const download = await server.call('data', 'GET', `${BASE}/jobs/${job.id}/download`, { as: 'internal' })
    expect(download.statusCode).toBe(404)
    expect(download.json().message).toBe(
      RECORD_MESSAGES.jobFailed('The export was not sent because this account is disabled.'),
    )
  })

  it('keeps everything with 0 days, and runs once at a time', async () => {
    const file = await finishedExport()
    await age(file.documentId, 3650)
    expect(await new JobFilesRetention(db(), { days: 0 }).run()).toEqual({ status: 'done', removed: 0 })
    const other = new JobLease(db(), JOB_FILES_LEASE, 'another instance')
    expect(await other.acquire()).toBe(true)
    expect(await new JobFilesRetention(db(), { days: 30 }).run()).toEqual({ status: 'busy', removed: 0 })
    await other.release()
    expect(await new JobFilesRetention(db(), { days: 30 }).run()).toEqual({ status: 'done', removed: 1 })
  })

  it('reads EXPORT_FILE_DAYS as whole days, 30 by default, and refuses anything else', () => {
    expect(exportFileDaysOf(undefined)).toBe(30)
    expect(exportFileDaysOf(' 0 ')).toBe(0)
    expect(exportFileDaysOf('90')).toBe(90)
    for (const bad of ['-1', '1.5', 'a month', '1e3'])
      expect(() => exportFileDaysOf(bad), bad).toThrow(
        'EXPORT_FILE_DAYS must be a whole number of days, 0 to keep export files for ever',
      )
  })
})
