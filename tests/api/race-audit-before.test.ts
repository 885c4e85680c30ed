import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse as InjectResponse } from 'fastify'
import type { AuditEntity } from '../../schemas/audit'
import { startTestServer, type TestServer } from '../support/api'
import { lockWaiters, secondClient } from '../support/held-open'
import { auditLog } from '../../server/db/schema/index'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

const url = process.env.TEST_DATABASE_URL

/**
 * Two audited writes of one entity at once: the second read its "before" while the first was still open
 * and then queued on the first's row lock, so its audit row showed a change from the state before the
 * first write. Each audit row's "before" must be the state its change replaced: the second row's before
 * is the first row's after. PostgreSQL only (PGlite has one connection: nothing can race there).
 *
 * The interleaving is forced: another connection holds the audit log in SHARE mode, so the first write
 * stops at its audit row, after its change and with its locks held; the second is sent and runs until it
 * waits for a lock; then the audit log is let go and both commit.
 */
describe('audit rows of concurrent writes of one entity', () => {
  let server: TestServer
  let fx: RecordFixtures
  let other: pg.Client | undefined

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    other = await secondClient(server.database.db)
  })
  afterAll(async () => {
    await other?.end()
    await server.close()
  })

  /** Resolves once `n` backends of this database wait for a lock; fails after 5 s. */
  async function waiters(n: number) {
    for (let waited = 0; waited < 5000; waited += 20) {
      if ((await lockWaiters(server.database.db)) >= n) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`fewer than ${n} requests ever waited for a lock`)
  }

  /** Runs `first` until it stops at its audit row, then `second` until it waits; then lets both go. */
  async function interleaved(first: () => Promise<InjectResponse>, second: () => Promise<InjectResponse>) {
    // Signed in before the audit log is held: a sign-in is no part of the race.
    for (const view of ['configurator', 'internal', 'viewAll'] as const) await server.tokenFor(view)
    await other!.query('BEGIN')
    await other!.query('LOCK TABLE audit_log IN SHARE MODE')
    try {
      const one = first()
      await waiters(1)
      const two = second()
      await waiters(2)
      await other!.query('COMMIT')
      return [await one, await two]
    } catch (error) {
      await other!.query('ROLLBACK')
      throw error
    }
  }

  /** The entity's update rows, oldest first. */
  const updates = (entity: AuditEntity, id: number) =>
    server.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'update')),
      )
      .orderBy(asc(auditLog.id))

  /** Two update rows; the second's before is the first's after on `field` and every field both name. */
  async function expectChained(entity: AuditEntity, id: number, field: string) {
    const rows = await updates(entity, id)
    expect(rows).toHaveLength(2)
    const [first, second] = rows as { before: Record<string, unknown>; after: Record<string, unknown> }[]
    expect(second.before[field]).toEqual(first.after[field])
    expect(second.before[field]).not.toEqual(second.after[field])
    for (const key of Object.keys(second.before))
      if (key in first.after) expect(second.before[key], key).toEqual(first.after[key])
  }

  it.skipIf(!url)('a reference row renamed twice at once: a supplier', async () => {
    const created = await server.call('meta', 'POST', '/api/assetmanufacturers', {
      as: 'configurator',
      body: { name: `Race Audit Supplier ${Date.now()}` },
    })
    const id = created.json() as number
    const rename = (name: string) => () =>
      server.call('meta', 'PUT', `/api/assetmanufacturers/${id}`, { as: 'configurator', body: { name } })
    const answers = await interleaved(rename(`First ${id}`), rename(`Second ${id}`))
    for (const res of answers) expect(res.statusCode, res.body).toBe(204)
    await expectChained('supplier', id, 'name')
  })

  it.skipIf(!url)('a reference row renamed twice at once: a calibrator', async () => {
    const created = await server.call('itr', 'POST', '/api/calibrators', {
      as: 'configurator',
      body: { name: `Race Audit Calibrator ${Date.now()}` },
    })
    const id = created.json() as number
    const rename = (name: string) => () =>
      server.call('itr', 'PUT', `/api/calibrators/${id}`, { as: 'configurator', body: { name } })
    const answers = await interleaved(rename(`First ${id}`), rename(`Second ${id}`))
    for (const res of answers) expect(res.statusCode, res.body).toBe(204)
    await expectChained('calibrator', id, 'name')
  })

  it.skipIf(!url)("a supplier's product list saved twice at once", async () => {
    const created = await server.call('meta', 'POST', '/api/assetmanufacturers', {
      as: 'configurator',
      body: { name: `Race Audit List ${Date.now()}` },
    })
    const id = created.json() as number
    const save = (min: number) => () =>
      server.call('meta', 'POST', `/api/assetmanufacturers/attributes/${id}`, {
        as: 'configurator',
        body: {
          tableName: 'AssetManufacturers',
          key: 'SupplierProducts',
          name: 'SupplierProducts',
          description: '',
          value: JSON.stringify([
            { id: 100202, name: '', serialRanges: [{ id: 0, prefix: `RAB${id}:`, min, max: min + 9 }] },
          ]),
        },
      })
    const answers = await interleaved(save(1), save(101))
    for (const res of answers) expect(res.statusCode, res.body).toBe(204)
    await expectChained('supplier', id, 'attributes.SupplierProducts')
  })

  it.skipIf(!url)('a Problem Report edited twice at once', async () => {
    const body = (faultItems: string[]) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.problem,
      data: { serial: 'NWT:4711', date: '2026-05-04T00:00:00Z', faultItems, repairItems: [] },
    })
    const created = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'internal',
      body: body(['Oil leak']),
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().recordId as number
    const edit = (fault: string) => () =>
      server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
        as: 'internal',
        body: body([fault]),
      })
    const answers = await interleaved(edit('Oil leak at the drain valve'), edit('Cracked bushing'))
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    await expectChained('record', id, 'data.faultItems')
  })

  it.skipIf(!url)('a review waiting for an edit of its record logs only the review', async () => {
    // Two steps: a review moves the record to reviewed and locks only the record (not its product).
    const type = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${fx.types.problem}`, { as: 'configurator' })
    ).json()
    const policy = await server.call('meta', 'PUT', `/api/DataPointTypes/${fx.types.problem}`, {
      as: 'configurator',
      body: {
        name: type.name,
        sensorTypeId: type.sensorTypeId,
        units: type.units,
        reviewPolicy: 'review-and-approve',
      },
    })
    expect(policy.statusCode, policy.body).toBe(204)
    const body = (faultItems: string[]) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.problem,
      data: { serial: 'NWT:4712', date: '2026-05-04T00:00:00Z', faultItems, repairItems: [] },
    })
    const created = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'internal',
      body: body(['Oil leak']),
    })
    const id = created.json().recordId as number
    const [edited, reviewed] = await interleaved(
      () =>
        server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
          as: 'internal',
          body: body(['Oil leak at the drain valve']),
        }),
      () =>
        server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
          as: 'viewAll',
          body: { action: 'review' },
        }),
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect(reviewed.statusCode, reviewed.body).toBe(200)
    const [edit, review] = await updates('record', id)
    expect(edit.after).toHaveProperty(['data.faultItems'])
    // The edit's change is the edit's alone: the review's row starts where the edit left the record.
    expect(review.before).not.toHaveProperty(['data.faultItems'])
    expect(review.after).toMatchObject({ reviewState: 'reviewed' })
  })
})
