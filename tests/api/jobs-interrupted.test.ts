import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { INTERRUPTED_JOB_MESSAGE, JobsRepository, STALE_JOB_MS } from '../../server/jobs/jobs'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

it('reports a job left running by a restart as failed, so it can be requested again', async () => {
  const jobs = new JobsRepository(server.database.db)
  const job = await jobs.create('export', null, {})
  expect((await jobs.get(job.id))?.status).toBe('running')

  // The same job read after the stale period, as another instance would after a restart.
  const later = new JobsRepository(server.database.db, () => Date.now() + STALE_JOB_MS + 1000)
  const read = await later.get(job.id)
  expect(read?.status).toBe('error')
  expect(read?.error).toBe(INTERRUPTED_JOB_MESSAGE)
})

it('never reads a job this process still works on as interrupted, however long it runs', async () => {
  const jobs = new JobsRepository(server.database.db)
  const job = await jobs.create('export', null, {})
  const stop = jobs.keepAlive(job.id, 100)
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  // Read as if the stale period were only a second: a job that beat in the last second is running.
  const soon = new JobsRepository(server.database.db, () => Date.now() + STALE_JOB_MS - 1_000)
  expect((await soon.get(job.id))?.status).toBe('running')
  stop()
  // Once the heartbeat stops (the process died), the job reads as interrupted after the period.
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  const read = await soon.get(job.id)
  expect(read?.status).toBe('error')
  expect(read?.error).toBe(INTERRUPTED_JOB_MESSAGE)
})

it('leaves a finished job as it is', async () => {
  const jobs = new JobsRepository(server.database.db)
  const job = await jobs.create('export', null, {})
  await jobs.finish(job.id, { rows: 1 })
  const later = new JobsRepository(server.database.db, () => Date.now() + STALE_JOB_MS + 1000)
  expect((await later.get(job.id))?.status).toBe('done')
})
