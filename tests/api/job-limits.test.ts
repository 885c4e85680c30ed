import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, count, eq } from 'drizzle-orm'
import { jobs, users } from '../../server/db/schema/index'
import { JobsRepository, RUNNING_JOBS_PER_USER, STALE_JOB_MS } from '../../server/jobs/jobs'
import { startTestServer, type TestServer } from '../support/api'
import { CertificateBatchJobs } from '../../server/certificates/batch-jobs'
import { exportDelivery } from '../../server/records/export/deliver'
import { Viewer } from '../../server/access/viewer'
import type { HttpError } from '../../server/http-error'

/**
 * A user's exports and certificate batches being built at once are bounded (each holds its file in
 * memory until stored): past RUNNING_JOBS_PER_USER the call is refused with 429 and no job is logged.
 */
describe('running jobs per user', () => {
  let server: TestServer
  let internalId: number
  beforeAll(async () => {
    server = await startTestServer()
    const [user] = await server.database.db.select().from(users).where(eq(users.username, 'internal'))
    internalId = user.id
  })
  let batchJobs: CertificateBatchJobs | undefined
  const batches = () =>
    (batchJobs ??= new CertificateBatchJobs(
      server.database.db,
      exportDelivery({}, 'ITR', server.app.settings.dataDir),
      server.app.log,
      { title: 'ITR', paper: 'A4' },
    ))
  afterAll(async () => {
    await batchJobs?.drain()
    await server.close()
  })

  const jobsOf = async (kind: string) =>
    Number(
      (
        await server.database.db
          .select({ n: count() })
          .from(jobs)
          .where(and(eq(jobs.kind, kind), eq(jobs.createdBy, internalId)))
      )[0].n,
    )
  const filter = encodeURIComponent(JSON.stringify({ filters: [{ field: 'category', value: 'test' }] }))
  const startExport = (as: 'internal' | 'configurator' = 'internal') =>
    server.call('data', 'GET', `/api/InstrumentTestRecord/ExcelExport/filter/${filter}`, { as })

  it.each([
    [
      'excelExport',
      () => startExport(),
      'You have 3 exports still being built. Wait for one to finish, then ask again.',
    ],
    [
      'certificateBatch',
      // A batch over CERTIFICATE_BATCH_LIMIT records becomes a job: started here as the route starts it.
      () =>
        batches()
          .start(
            { filter: {}, format: 'zip', origin: 'http://localhost' },
            new Viewer({ id: internalId, username: 'internal', claims: { ITRInternalUser: true } }),
          )
          .then(
            () => ({ statusCode: 202, body: '', json: (): { message?: string } => ({}) }),
            (error: HttpError) => ({
              statusCode: error.statusCode,
              body: error.message,
              json: () => ({ message: error.message }),
            }),
          ),
      'You have 3 certificate batches still being built. Wait for one to finish, then ask again.',
    ],
  ])('refuses a fourth %s while three run, logging nothing', async (kind, start, message) => {
    const repo = new JobsRepository(server.database.db)
    const held = []
    for (let i = 0; i < RUNNING_JOBS_PER_USER; i++) held.push(await repo.create(kind, internalId, {}))
    const before = await jobsOf(kind)
    const refused = await start()
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe(message)
    expect(await jobsOf(kind)).toBe(before)
    // One finishes: the next is accepted.
    await repo.finish(held[0].id, {})
    const accepted = await start()
    expect(accepted.statusCode, accepted.body).toBeLessThan(300)
    for (const job of held) await repo.finish(job.id, {})
  })

  it("counts neither another user's jobs nor one a dead process left running", async () => {
    const repo = new JobsRepository(server.database.db)
    const before = new JobsRepository(server.database.db, () => Date.now() - STALE_JOB_MS - 60_000)
    for (let i = 0; i < RUNNING_JOBS_PER_USER; i++) await before.create('excelExport', internalId, {})
    // Created "16 minutes ago" and never updated: stale, so not counted.
    await server.database.db
      .update(jobs)
      .set({ updatedAt: new Date(Date.now() - STALE_JOB_MS - 60_000) })
      .where(and(eq(jobs.status, 'running'), eq(jobs.createdBy, internalId)))
    expect(await repo.runningCount('excelExport', internalId)).toBe(0)
    expect((await startExport()).statusCode).toBe(200)
    expect((await startExport('configurator')).statusCode).toBe(200)
  })
})
