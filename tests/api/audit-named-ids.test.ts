import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema/index'
import { startTestServer, type TestServer } from '../support/api'
import { audit } from '../../server/audit/write'
import { rowsOf as rowsOfResult } from '../../server/submissions/write/sql-batch'

/**
 * Audit s9 F1: the audit trail takes the changed entity's id from the path, or from the body only where a
 * SPEC call names it there (DELETE Mapping, PUT/DELETE Configuration). A create that carries some other
 * entity's id in its body is still logged as the create of the new entity.
 */
describe('audit rows name the entity the write changed', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const rowsOf = (entity: string, id: number | string) =>
    server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .then((rows) => rows.filter((r) => r.entity === entity).map((r) => r.action))
  const meta = (method: string, path: string, body?: unknown) =>
    server.call('meta', method, path, { as: 'configurator', body })

  it('a descriptive created with another one’s id in its body is logged as its own create', async () => {
    const body = { domain: 'ITRFAULTDESCRIPTIVE', key: '', value: 'Corroded terminal', description: null }
    const first = (await meta('POST', '/api/Configuration/', { ...body, id: 0 })).json() as number
    const second = await meta('POST', '/api/Configuration/', { ...body, value: 'Loose terminal', id: first })
    expect(second.statusCode, second.body).toBe(200)
    const created = second.json() as number
    expect(created).not.toBe(first)
    expect(await rowsOf('configuration', created)).toEqual(['create'])
    expect(await rowsOf('configuration', first)).toEqual(['create'])

    // PUT and DELETE name the descriptive in the body, and are logged against it.
    const put = await meta('PUT', '/api/Configuration/', {
      ...body,
      value: 'Loose terminal lug',
      id: created,
    })
    expect(put.statusCode).toBe(204)
    const deleted = await meta('DELETE', '/api/Configuration/', { ...body, id: created })
    expect(deleted.statusCode).toBe(204)
    expect(await rowsOf('configuration', created)).toEqual(['create', 'update', 'delete'])
  })

  it('an audit row is stamped when it is written, not when its transaction began (audit s9b F1)', async () => {
    // A write that waited for a concurrent one is logged after it: sorted by time, as the history panel
    // sorts, each row's "before" follows the previous row's "after".
    const stamped = await server.database.db.transaction(async (tx) => {
      const [{ began }] = rowsOfResult<{ began: string }>(await tx.execute(sql`SELECT now() AS began`))
      await tx.execute(sql`SELECT pg_sleep(0.05)`)
      await audit(tx, {
        actor: { username: 'clock' },
        entity: 'supplier',
        entityId: 987654,
        action: 'update',
        before: { name: 'a' },
        after: { name: 'b' },
      })
      const [row] = await tx.select({ at: auditLog.at }).from(auditLog).where(eq(auditLog.userName, 'clock'))
      return { began: new Date(began), at: row.at }
    })
    expect(stamped.at.getTime() - stamped.began.getTime()).toBeGreaterThanOrEqual(40)
  })

  it('DELETE Mapping is logged against the product type its body names', async () => {
    const created = await meta('POST', '/api/assetmodels', { name: 'Audit bushing' })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json() as number
    expect((await meta('POST', `/api/assetmodels/100200/child/assetmodels/${id}`)).statusCode).toBe(200)
    const removed = await meta('DELETE', '/api/Mapping', {
      subjectTableName: 'AssetModels',
      subjectId: id,
      parentTableName: 'AssetModels',
      parentId: 100200,
    })
    expect(removed.statusCode).toBe(204)
    expect(await rowsOf('productType', id)).toEqual(['create', 'update', 'update'])
  })
})
