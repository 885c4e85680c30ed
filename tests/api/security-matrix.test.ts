import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { TestServer } from '../support/api'
import { routeKey, startRecordingServer, type RouteInfo } from '../support/fuzz-routes'
import {
  assetManufacturers,
  calibrators,
  configurationEntries,
  deviceOwnerLocations,
  deviceOwners,
  products,
  records,
  testEquipment,
} from '../../server/db/schema/index'
import { UsersRepository } from '../../server/auth/users'
import { multipart, PDF } from './records-fixtures'
import { ACCESS_MATRIX, MATRIX_VIEWS, type MatrixIds, type MatrixRow, type MatrixView } from './access-matrix'

const FORBIDDEN = 'You are not authorised to perform this action.'

describe('access-control matrix: every route × every role view', () => {
  let server: TestServer
  let routes: RouteInfo[]
  let ids: MatrixIds
  const tokens = new Map<MatrixView, string>()

  beforeAll(async () => {
    ;({ server, routes } = await startRecordingServer())
    const db = server.database.db
    // A signed-in user with none of SPEC §6's claims: the 'none' view.
    await new UsersRepository(db).add({
      username: 'nobody',
      email: 'nobody@itr.example',
      password: 'nobody-pass',
      claims: {},
    })
    const login = await server.call('auth', 'POST', '/api/token', {
      body: 'grant_type=password&username=nobody&password=nobody-pass',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    tokens.set('none', login.json().token)
    for (const view of ['supplier', 'internal', 'configurator', 'viewAll'] as const)
      tokens.set(view, await server.tokenFor(view))

    const [northwind] = await db
      .select()
      .from(assetManufacturers)
      .where(eq(assetManufacturers.name, 'Northwind Transformers'))
    const [record] = await db
      .select()
      .from(records)
      .where(and(eq(records.supplierId, northwind.id), eq(records.category, 'test')))
      .orderBy(asc(records.id))
    const [product] = await db.select().from(products).where(eq(products.assetManufacturerId, northwind.id))
    const [equipment] = await db.select().from(testEquipment).orderBy(asc(testEquipment.id))
    const [owner] = await db.select().from(deviceOwners).orderBy(asc(deviceOwners.id))
    const [location] = await db
      .select()
      .from(deviceOwnerLocations)
      .where(eq(deviceOwnerLocations.ownerId, owner.id))
    const [calibrator] = await db.select().from(calibrators).orderBy(asc(calibrators.id))
    const [descriptive] = await db
      .select()
      .from(configurationEntries)
      .where(inArray(configurationEntries.domain, ['ITRFAULTDESCRIPTIVE', 'ITRREPAIRDESCRIPTIVE']))
    const upload = multipart('matrix.pdf', PDF)
    const document = await server.call('itr', 'POST', '/api/formDocuments', { as: 'supplier', ...upload })
    const exported = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/ExcelExport/filter/${encodeURIComponent('{"filters":[]}')}`,
      { as: 'viewAll' },
    )
    ids = {
      supplierId: northwind.id,
      productTypeId: product.assetModelId,
      productId: product.id,
      recordId: record.id,
      recordTypeId: record.recordTypeId,
      testEquipmentId: equipment.id,
      ownerId: owner.id,
      locationId: location.id,
      calibratorId: calibrator.id,
      descriptiveId: descriptive.id,
      jobId: exported.json().jobId,
      documentFilename: document.json().savedFilename,
    }
  }, 120_000)
  afterAll(() => server.close())

  it('has exactly one row for every route under /svc, and no row without a route', () => {
    const appKeys = routes.map(routeKey).sort()
    const matrixKeys = ACCESS_MATRIX.map(routeKey).sort()
    expect(new Set(matrixKeys).size, 'duplicate matrix rows').toBe(matrixKeys.length)
    expect(
      appKeys.filter((k) => !matrixKeys.includes(k)),
      'routes without a matrix row',
    ).toEqual([])
    expect(
      matrixKeys.filter((k) => !appKeys.includes(k)),
      'matrix rows without a route',
    ).toEqual([])
  })

  const send = (row: MatrixRow, token?: string) =>
    server.app.inject({
      method: row.method,
      url: row.path(ids),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(typeof row.body === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(row.body !== undefined ? { payload: row.body as string | object } : {}),
    })

  describe.each(ACCESS_MATRIX.map((row) => [routeKey(row), row] as const))('%s', (_key, row) => {
    it('answers 401 without a token unless public', async () => {
      const res = await send(row)
      if (row.allow === 'public') {
        expect(res.statusCode).not.toBe(401)
        expect(res.statusCode).toBeLessThan(500)
      } else {
        expect(res.statusCode).toBe(401)
        expect(res.json().message).toBe('A bearer token is required.')
      }
    })

    it.each(MATRIX_VIEWS)('as %s', async (view) => {
      const res = await send(row, tokens.get(view))
      const admitted = row.allow === 'public' || row.allow.includes(view)
      const expected = row.expect?.[view]
      if (expected !== undefined) expect(res.statusCode).toBe(expected)
      else if (admitted) {
        expect([401, 403], `${view} must reach the handler: ${res.body}`).not.toContain(res.statusCode)
        expect(res.statusCode, res.body).toBeLessThan(500)
      } else {
        expect(res.statusCode, res.body).toBe(403)
        expect(res.json().message).toBe(FORBIDDEN)
      }
    })
  })
})
