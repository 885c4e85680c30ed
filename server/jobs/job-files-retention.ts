import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rowsOf } from '../submissions/write/sql-batch'
import { JobLease } from './lease'
import type { ReminderLog } from './calibration-reminders'

/** The lease of the file retention job (one runner at a time across instances). */
export const JOB_FILES_LEASE = 'jobFilesRetention'

/** The background jobs whose file is a copy made for the user, not a record's document. */
export const JOB_FILE_KINDS = ['excelExport', 'certificateBatch'] as const

/**
 * Files of Excel exports and certificate batches are kept `days` days (EXPORT_FILE_DAYS), then removed
 * from the database: each is a copy the user has been mailed or has downloaded (an export of 100,000
 * records is ~6 MB, a batch of 1,000 certificates ~45 MB), and kept forever they would make the
 * database grow with every export. Only a file a job of those kinds made is removed — a record's
 * documents are never touched, whatever document type their uploader gave them. The job row stays
 * ('done'; the foreign key clears its file), so its download answers 410 saying why. One runner at a
 * time through the job lease; 0 days keeps every file.
 */
export class JobFilesRetention {
  constructor(
    private readonly db: Db,
    private readonly options: { days: number; log?: ReminderLog; holder?: string },
  ) {}

  async run(now = new Date()): Promise<{ status: 'done' | 'busy'; removed: number }> {
    if (this.options.days <= 0) return { status: 'done', removed: 0 }
    const lease = new JobLease(this.db, JOB_FILES_LEASE, this.options.holder)
    if (!(await lease.acquire())) return { status: 'busy', removed: 0 }
    try {
      const before = new Date(now.getTime() - this.options.days * 86_400_000)
      const removed = rowsOf<{ id: number }>(
        await this.db.execute(sql`DELETE FROM documents d
          WHERE d.created_at < ${before.toISOString()}::timestamptz
            AND d.id IN (SELECT j.document_id FROM jobs j
              WHERE j.document_id IS NOT NULL AND j.kind IN (${sql.join(
                JOB_FILE_KINDS.map((k) => sql`${k}`),
                sql`, `,
              )}))
          RETURNING d.id`),
      ).length
      if (removed) this.options.log?.info({ removed, days: this.options.days }, 'export files removed')
      return { status: 'done', removed }
    } finally {
      await lease.release()
    }
  }
}
