import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { firstHeldOpen } from '../support/held-open'
import type { Db } from '../../server/db/client'
import { MESSAGES } from '../../schemas/messages'
import { DeviceOwnersRepository } from '../../server/reference/device-owners'
import { ProductTypesRepository } from '../../server/product-types/product-types'
import { ProductTypeMappingsRepository } from '../../server/product-types/product-type-mappings'

/**
 * Parent changes check for a cycle against the other rows, then write (found with audit s8d D4): two
 * at once (A under B, B under A) each passed against the other's old parent and together stored a
 * cycle. Each tree's parent changes now queue on an advisory lock. Only PostgreSQL runs two
 * transactions at once; PGlite has one connection, so there is nothing to race there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent parent changes cannot close a cycle', () => {
  let server: TestServer
  let root: Db
  beforeAll(async () => {
    server = await startTestServer()
    root = server.database.db
  })
  afterAll(() => server.close())

  const unique = (what: string) => `Race ${what} ${Date.now()} ${Math.random()}`

  it('device owners: B under A waits for A under B, then is refused as a cycle', async () => {
    const owners = new DeviceOwnersRepository(root)
    const [nameA, nameB] = [unique('owner A'), unique('owner B')]
    const [a, b] = [await owners.create(nameA), await owners.create(nameB)]
    const res = await firstHeldOpen(
      root,
      (db) => new DeviceOwnersRepository(db).update(a, { name: nameA, parentId: b }),
      () =>
        server.call('itr', 'PATCH', `/api/deviceOwners/${b}`, {
          as: 'configurator',
          body: { name: nameB, parentId: a },
        }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(MESSAGES.owner.parentCycle)
    expect((await owners.row(a)).parentId).toBe(b)
    expect((await owners.row(b)).parentId).toBeNull()
  })

  it('product types: B under A waits for A under B, then is refused as a cycle', async () => {
    const types = new ProductTypesRepository(root)
    const a = await types.create({ name: unique('type A') })
    const b = await types.create({ name: unique('type B') })
    const res = await firstHeldOpen(
      root,
      (db) => new ProductTypeMappingsRepository(db).setParent(b, a),
      () =>
        server.call('meta', 'POST', `/api/assetmodels/${a}/child/assetmodels/${b}`, { as: 'configurator' }),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().message).toBe(MESSAGES.productType.parentCycle)
    const mappings = new ProductTypeMappingsRepository(root)
    expect((await mappings.parentsOf(a)).map((m) => m.parentId)).toEqual([b])
    expect(await mappings.parentsOf(b)).toEqual([])
  })
})
