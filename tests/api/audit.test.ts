import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldChanges, type AuditEntry } from '../../schemas/audit'
import { auditLog, records } from '../../server/db/schema/index'
import { UsersRepository } from '../../server/auth/users'
import { startTestServer, type TestServer } from '../support/api'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

/** Issue 8 point 6: every write leaves one audit row in its own transaction; admins page the log. */
describe('audit trail', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    // Problem Reports on Contoso's ring main units too, so records of two suppliers can be made.
    const linked = await server.call('itr', 'PUT', `/api/ProductTypes/${fx.ringMainUnit}/RecordTypes`, {
      as: 'viewAll',
      body: [fx.types.problem],
    })
    expect(linked.statusCode).toBe(204)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const rowsOf = (entity: string, id: number | string) =>
    db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .then((rows) => rows.filter((r) => r.entity === entity))
  /** A Problem Report on a Northwind transformer or a Contoso ring main unit, submitted by the admin. */
  const problemReport = async (supplier: 'northwind' | 'contoso') => {
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'viewAll',
      body: {
        supplierId: fx[supplier],
        productTypeId: supplier === 'northwind' ? fx.transformer : fx.ringMainUnit,
        recordTypeId: fx.types.problem,
        data: {
          serial: supplier === 'northwind' ? 'NWT:101' : 'CRM:1',
          date: '2026-06-01T08:00:00Z',
          faultItems: ['Oil leak'],
        },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().recordId as number
  }
  const total = async () => (await db().select({ n: count() }).from(auditLog))[0].n
  const page = (filter: object, size = 10, pageNo = 1, as: 'viewAll' | 'configurator' = 'viewAll') =>
    server.call(
      'config',
      'GET',
      `/api/Audit/page/${pageNo}/size/${size}/filter/${encodeURIComponent(JSON.stringify(filter))}`,
      { as },
    )

  it('a supplier rename writes one row with the actor and the name before and after', async () => {
    const created = await server.call('meta', 'POST', '/api/assetmanufacturers', {
      as: 'configurator',
      body: { name: 'Audit Works' },
    })
    expect(created.statusCode).toBe(200)
    const id = created.json() as number
    const renamed = await server.call('meta', 'PUT', `/api/assetmanufacturers/${id}/`, {
      as: 'viewAll',
      body: { name: 'Audit Works Ltd' },
    })
    expect(renamed.statusCode).toBe(204)

    const rows = await rowsOf('supplier', id)
    expect(rows.map((r) => [r.action, r.userName, r.userView])).toEqual([
      ['create', 'configurator', 'configurator'],
      ['update', 'admin', 'viewAll'],
    ])
    expect(rows[0].after).toMatchObject({ id, name: 'Audit Works' })
    expect(rows[1].before).toEqual({ name: 'Audit Works' })
    expect(rows[1].after).toEqual({ name: 'Audit Works Ltd' })
    expect(rows[1].at).toBeInstanceOf(Date)

    // The history panel's call answers the same rows to whoever reads suppliers.
    const history = await server.call('config', 'GET', `/api/Audit/supplier/${id}`, { as: 'internal' })
    expect(history.statusCode).toBe(200)
    const entries = history.json() as AuditEntry[]
    expect(entries.map((e) => e.action)).toEqual(['create', 'update'])
    expect(fieldChanges(entries[1].before, entries[1].after)).toEqual([
      { field: 'name', before: 'Audit Works', after: 'Audit Works Ltd' },
    ])
    const supplierUser = await server.call('config', 'GET', `/api/Audit/supplier/${id}`, { as: 'supplier' })
    expect(supplierUser.statusCode).toBe(403)
  })

  it('a rejected write and a write that changes nothing leave no row', async () => {
    await problemReport('contoso')
    const before = await total()
    // Contoso now has a record: its delete removes its attributes, then the records' foreign key
    // refuses it, inside the one transaction.
    const refused = await server.call('meta', 'DELETE', `/api/assetmanufacturers/${fx.contoso}`, {
      as: 'viewAll',
    })
    expect(refused.statusCode).toBe(409)
    const missing = await server.call('meta', 'PUT', '/api/assetmanufacturers/999999', {
      as: 'viewAll',
      body: { name: 'Nobody' },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Supplier 999999 does not exist')
    const badProducts = await server.call(
      'meta',
      'POST',
      `/api/assetmanufacturers/attributes/${fx.contoso}`,
      {
        as: 'viewAll',
        body: { key: 'SupplierProducts', value: 'not json', name: 'SupplierProducts' },
      },
    )
    expect(badProducts.statusCode).toBe(400)
    const contoso = (
      await server.call('meta', 'GET', `/api/assetmanufacturers/${fx.contoso}`, { as: 'viewAll' })
    ).json() as { name: string }
    const sameName = await server.call('meta', 'PUT', `/api/assetmanufacturers/${fx.contoso}`, {
      as: 'viewAll',
      body: { name: contoso.name },
    })
    expect(sameName.statusCode).toBe(204)
    expect(await total()).toBe(before)
  })

  it('the Audit page call filters by user, entity and date and pages; only admins may call it', async () => {
    for (const name of ['Page One', 'Page Two', 'Page Three'])
      await server.call('itr', 'POST', '/api/calibrators', { as: 'configurator', body: { name } })
    const all = await page({ entity: 'calibrator' })
    expect(all.statusCode).toBe(200)
    expect(all.json().totalCount).toBe(3)
    expect(all.json().result.map((e: AuditEntry) => e.after?.name)).toEqual([
      'Page Three',
      'Page Two',
      'Page One',
    ])

    const second = await page({ entity: 'calibrator', sortDirection: 'asc' }, 2, 2)
    expect(second.json()).toMatchObject({ totalCount: 3, totalPages: 2 })
    expect(second.json().result.map((e: AuditEntry) => e.after?.name)).toEqual(['Page Three'])

    expect((await page({ entity: 'calibrator', user: 'ADMIN' })).json().totalCount).toBe(0)
    expect((await page({ entity: 'calibrator', user: 'config' })).json().totalCount).toBe(3)
    expect(
      (await page({ entity: 'calibrator', from: '2000-01-01', to: '2000-12-31' })).json().totalCount,
    ).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    expect((await page({ entity: 'calibrator', from: today, to: today })).json().totalCount).toBe(3)

    const badDate = await page({ from: 'yesterday' })
    expect(badDate.statusCode).toBe(400)
    expect(badDate.json().message).toBe('"yesterday" in "from" is not a valid date.')
    expect((await page({ entity: 'password' })).statusCode).toBe(400)
    const notAdmin = await page({}, 10, 1, 'configurator')
    expect(notAdmin.statusCode).toBe(403)
  })

  it('a Problem Report edited twice keeps both earlier versions with a field-level diff', async () => {
    const body = {
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: fx.types.problem,
      data: {
        serial: 'NWT:101',
        date: '2026-06-01T08:00:00Z',
        faultItems: ['Oil leak'],
        repairItems: [],
        faultDescriptives: [],
        repairDescriptives: [],
      },
    }
    const created = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'internal',
      body,
    })
    expect(created.statusCode).toBe(200)
    const id = created.json().recordId as number
    for (const repairItems of [['Replaced gasket'], ['Replaced gasket', 'New bushing']]) {
      const edit = await server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
        as: 'internal',
        body: { ...body, data: { ...body.data, repairItems } },
      })
      expect(edit.statusCode).toBe(200)
    }
    const history = (
      await server.call('config', 'GET', `/api/Audit/record/${id}`, { as: 'internal' })
    ).json() as AuditEntry[]
    expect(history.map((e) => [e.action, e.userName])).toEqual([
      ['create', 'internal'],
      ['update', 'internal'],
      ['update', 'internal'],
    ])
    expect(history[0].after).toMatchObject({ 'data.faultItems': ['Oil leak'] })
    expect(fieldChanges(history[1].before, history[1].after)).toContainEqual({
      field: 'data.repairItems',
      before: [],
      after: ['Replaced gasket'],
    })
    expect(fieldChanges(history[2].before, history[2].after)).toContainEqual({
      field: 'data.repairItems',
      before: ['Replaced gasket'],
      after: ['Replaced gasket', 'New bushing'],
    })

    // A /DataEntry edit stored as a new record names the record it revises; either history shows both.
    const revised = await server.call(
      'submission',
      'POST',
      `/api/InstrumentTest/upload-single?revisionOf=${id}`,
      { as: 'internal', body: { ...body, data: { ...body.data, faultItems: ['Oil leak', 'Rust'] } } },
    )
    expect(revised.statusCode).toBe(200)
    const newId = String(revised.json().recordId)
    const ofNew = (
      await server.call('config', 'GET', `/api/Audit/record/${newId}`, { as: 'internal' })
    ).json() as AuditEntry[]
    expect(ofNew.map((e) => [e.entityId, e.action, e.revisionOf ?? null])).toEqual([
      [String(id), 'create', null],
      [String(id), 'update', null],
      [String(id), 'update', null],
      [newId, 'create', String(id)],
    ])
    const ofOld = (
      await server.call('config', 'GET', `/api/Audit/record/${id}`, { as: 'internal' })
    ).json() as AuditEntry[]
    expect(ofOld).toHaveLength(4)
    // The id written with a leading zero names the same record: the link is its id, and both histories
    // show the revision (audit).
    const zeroed = await server.call(
      'submission',
      'POST',
      `/api/InstrumentTest/upload-single?revisionOf=0${id}`,
      { as: 'internal', body: { ...body, data: { ...body.data, faultItems: ['Rust'] } } },
    )
    expect(zeroed.statusCode).toBe(200)
    const ofOldAgain = (
      await server.call('config', 'GET', `/api/Audit/record/${id}`, { as: 'internal' })
    ).json() as AuditEntry[]
    expect(ofOldAgain.at(-1)).toMatchObject({
      entityId: String(zeroed.json().recordId),
      action: 'create',
      revisionOf: String(id),
    })

    const unknown = await server.call(
      'submission',
      'POST',
      '/api/InstrumentTest/upload-single?revisionOf=999999',
      {
        as: 'internal',
        body,
      },
    )
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Record 999999 does not exist')
    // However many digits the id has, a missing record is a 404; named twice, the revision is refused.
    const revise = (query: string) =>
      server.call('submission', 'POST', `/api/InstrumentTest/upload-single?${query}`, {
        as: 'internal',
        body,
      })
    const recordCount = async () => (await server.database.db.select({ n: count() }).from(records))[0].n
    const before = [
      await recordCount(),
      (await server.call('config', 'GET', `/api/Audit/record/${id}`, { as: 'internal' })).json(),
    ]
    const huge = await revise('revisionOf=2147483648')
    expect([huge.statusCode, huge.json().message]).toEqual([404, 'Record 2147483648 does not exist'])
    const twice = await revise(`revisionOf=${id}&revisionOf=${id}`)
    expect([twice.statusCode, twice.json().message]).toEqual([
      400,
      'A record revises one record: give ?revisionOf= once.',
    ])
    const after = [
      await recordCount(),
      (await server.call('config', 'GET', `/api/Audit/record/${id}`, { as: 'internal' })).json(),
    ]
    expect(after).toEqual(before)
  })

  it("a supplier user cannot read another supplier's record history", async () => {
    const own = await problemReport('northwind')
    const other = await problemReport('contoso')
    // A supplier user of Northwind who may view every category, so only the supplier scope decides.
    await new UsersRepository(db()).add({
      username: 'northwind-auditor',
      email: 'auditor@northwind.example',
      password: 'auditor-pass-1',
      claims: { AssetManufacturerView: fx.northwind, ITRSubmitter: true, ITRViewer: [1, 2, 3, 4] },
    })
    const login = await server.call('auth', 'POST', '/api/token', {
      body: 'grant_type=password&username=northwind-auditor&password=auditor-pass-1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const token = login.json().token as string
    const denied = await server.call('config', 'GET', `/api/Audit/record/${other}`, { token })
    expect(denied.statusCode).toBe(404)
    expect(denied.json().message).toBe(`Record ${other} does not exist`)
    const mine = await server.call('config', 'GET', `/api/Audit/record/${own}`, { token })
    expect(mine.statusCode).toBe(200)
    expect((mine.json() as AuditEntry[]).map((e) => e.action)).toEqual(['create'])
    const asAdmin = await server.call('config', 'GET', `/api/Audit/record/${other}`, { as: 'viewAll' })
    expect(asAdmin.statusCode).toBe(200)
  })
})
