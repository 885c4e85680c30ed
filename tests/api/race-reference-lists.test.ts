import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, sql } from 'drizzle-orm'
import type { LightMyRequestResponse as InjectResponse } from 'fastify'
import { startTestServer, type TestServer } from '../support/api'
import { firstHeldOpen } from '../support/held-open'
import type { Db } from '../../server/db/client'
import { dataPointTypes } from '../../server/db/schema/index'
import { SuppliersRepository } from '../../server/reference/suppliers'
import { ProductTypesRepository } from '../../server/product-types/product-types'
import { FaultRepairItemsRepository } from '../../server/reference/fault-repair-items'
import { TestParametersRepository } from '../../server/product-types/test-parameters'
import { LIST_SAVED_MEANWHILE } from '../../server/reference/list-lock'
import type { SupplierProducts } from '../../schemas/entities/supplier'
import type { TestParameter } from '../../schemas/entities/test-parameter'

/**
 * Audit s8d D4: saves that replace a whole list (delete, then insert) ran unlocked, so two at once gave
 * a 500 (unique index) or stored both lists merged. Each save now holds its owner's row first.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const TAP_CHANGER = 100202
const BUSHING = 100201

let server: TestServer
let root: Db
beforeAll(async () => {
  server = await startTestServer()
  root = server.database.db
})
afterAll(() => server.close())

const product = (id: number, prefix: string, min: number): SupplierProducts[number] => ({
  id,
  name: '',
  serialRanges: [{ id: 0, prefix, min, max: min + 9 }],
})
/** The supplier lists the audit raced: different product types (a merge) and one type (a 500). */
const supplierLists = (n: number): SupplierProducts[] =>
  Array.from({ length: n }, (_, i) =>
    i % 2 ? [product(BUSHING, 'RACEB:', 1 + i * 100)] : [product(TAP_CHANGER, 'RACE:', 1 + i * 100)],
  )
const productsBody = (list: SupplierProducts) => ({
  tableName: 'AssetManufacturers',
  key: 'SupplierProducts',
  name: 'SupplierProducts',
  description: '',
  value: JSON.stringify(list),
})
const storedProducts = async (supplierId: number) =>
  ((await new SuppliersRepository(root).productsOf([supplierId])).get(supplierId) ?? []).map((p) => ({
    id: p.id,
    ranges: p.serialRanges.map((r) => [r.prefix, r.min, r.max]),
  }))
const sentProducts = (list: SupplierProducts) =>
  list.map((p) => ({ id: p.id, ranges: p.serialRanges.map((r) => [r.prefix, r.min, r.max]) }))

const newSupplier = () => new SuppliersRepository(root).create(`Race supplier ${Date.now()} ${Math.random()}`)
const newProductType = () =>
  new ProductTypesRepository(root).create({ name: `Race type ${Date.now()} ${Math.random()}` })
const recordTypeIds = async () =>
  (await root.select({ id: dataPointTypes.id }).from(dataPointTypes).orderBy(asc(dataPointTypes.id))).map(
    (r) => r.id,
  )
const storedRecordTypes = async (typeId: number) =>
  ((await new ProductTypesRepository(root).recordTypesOf([typeId])).get(typeId) ?? []).map((r) => r.id)
const storedItems = async (typeId: number) =>
  (await new FaultRepairItemsRepository(root).namesOf([typeId])).get(typeId) ?? []
const storedParameters = (typeId: number) => new TestParametersRepository(root).own(typeId)

/** Every answer is 204, or the clear 409 of a save that lost; never a 500. */
function expectSavedOrRefused(answers: InjectResponse[]) {
  for (const res of answers) {
    if (res.statusCode === 409) expect(res.json().message).toBe(LIST_SAVED_MEANWHILE)
    else expect(res.statusCode, res.body).toBe(204)
  }
}

describe('concurrent saves of one list store exactly one of the lists sent (D4)', () => {
  it('SupplierProducts: every save answers, the stored list is one that was sent', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await newSupplier()
      const lists = supplierLists(8)
      const answers = await Promise.all(
        lists.map((list, i) =>
          server.call('meta', 'POST', `/api/assetmanufacturers/attributes/${id}`, {
            as: i % 2 ? 'configurator' : 'viewAll',
            body: productsBody(list),
          }),
        ),
      )
      expectSavedOrRefused(answers)
      expect(lists.map(sentProducts)).toContainEqual(await storedProducts(id))
    }
  })

  it("a product type's record types, item list and test parameters", async () => {
    const [a, b, c] = await recordTypeIds()
    const recordTypeLists = [[a], [b, c], [c], [a, b]]
    const itemLists = [['Oil leak'], ['Fan noisy', 'Rust'], ['rust'], ['Oil leak', 'Dent']]
    const parameterLists: TestParameter[][] = [
      [{ key: 'ratio', value: '1' }],
      [{ key: 'limit', value: '2' }],
      [
        { key: 'ratio', value: '3' },
        { key: 'limit', value: '4' },
      ],
    ]
    for (let round = 0; round < 3; round++) {
      const id = await newProductType()
      const answers = await Promise.all([
        ...[...recordTypeLists, ...recordTypeLists].map((list) =>
          server.call('itr', 'PUT', `/api/ProductTypes/${id}/RecordTypes`, {
            as: 'configurator',
            body: list,
          }),
        ),
        ...[...itemLists, ...itemLists].map((names) =>
          server.call('meta', 'POST', `/api/AssetModels/Attributes/${id}`, {
            as: 'viewAll',
            body: { key: 'FaultRepairItems', name: 'FaultRepairItems', value: JSON.stringify(names) },
          }),
        ),
        ...[...parameterLists, ...parameterLists].map((rows) =>
          server.call('meta', 'PUT', `/api/assetmodels/${id}/TestParameters`, {
            as: 'configurator',
            body: rows,
          }),
        ),
      ])
      expectSavedOrRefused(answers)
      expect(recordTypeLists).toContainEqual(await storedRecordTypes(id))
      expect(itemLists).toContainEqual(await storedItems(id))
      const parameters = (await storedParameters(id)).map(({ key, value }) => ({ key, value }))
      expect(parameterLists).toContainEqual(parameters)
    }
  })
})

describe.skipIf(!onPostgres)('a save that starts while another is uncommitted (PostgreSQL: D4)', () => {
  it('SupplierProducts of other product types: the later save wins, no merged list', async () => {
    const id = await newSupplier()
    const [sentFirst, sentSecond] = supplierLists(2)
    const res = await firstHeldOpen(
      root,
      (db) => new SuppliersRepository(db).setAttribute(id, productsBody(sentFirst)),
      () =>
        server.call('meta', 'POST', `/api/assetmanufacturers/attributes/${id}`, {
          as: 'configurator',
          body: productsBody(sentSecond),
        }),
    )
    expect(res.statusCode, res.body).toBe(204)
    expect(await storedProducts(id)).toEqual(sentProducts(sentSecond))
  })

  it('SupplierProducts of the same product type: the later save wins, no 500', async () => {
    const id = await newSupplier()
    const sentFirst = [product(TAP_CHANGER, 'RACE:', 1)]
    const sentSecond = [product(TAP_CHANGER, 'RACE:', 501)]
    const res = await firstHeldOpen(
      root,
      (db) => new SuppliersRepository(db).setAttribute(id, productsBody(sentFirst)),
      () =>
        server.call('meta', 'POST', `/api/assetmanufacturers/attributes/${id}`, {
          as: 'configurator',
          body: productsBody(sentSecond),
        }),
    )
    expect(res.statusCode, res.body).toBe(204)
    expect(await storedProducts(id)).toEqual(sentProducts(sentSecond))
  })

  it('record types: the later save wins, neither a merge nor a 500', async () => {
    const [a, b] = await recordTypeIds()
    for (const [sentFirst, sentSecond] of [
      [[a], [b]],
      [[a], [a, b]],
    ]) {
      const id = await newProductType()
      const res = await firstHeldOpen(
        root,
        (db) => new ProductTypesRepository(db).setRecordTypes(id, sentFirst),
        () =>
          server.call('itr', 'PUT', `/api/ProductTypes/${id}/RecordTypes`, {
            as: 'configurator',
            body: sentSecond,
          }),
      )
      expect(res.statusCode, res.body).toBe(204)
      expect(await storedRecordTypes(id)).toEqual(sentSecond)
    }
  })

  it('survey/repair items: the later save wins, neither a merge nor a 500', async () => {
    for (const [sentFirst, sentSecond] of [
      [['Oil leak'], ['Rust']],
      [['Oil leak'], ['Rust', 'oil leak']],
    ]) {
      const id = await newProductType()
      const res = await firstHeldOpen(
        root,
        (db) => new FaultRepairItemsRepository(db).replace(id, sentFirst),
        () =>
          server.call('meta', 'POST', `/api/AssetModels/Attributes/${id}`, {
            as: 'viewAll',
            body: { key: 'FaultRepairItems', name: 'FaultRepairItems', value: JSON.stringify(sentSecond) },
          }),
      )
      expect(res.statusCode, res.body).toBe(204)
      expect(await storedItems(id)).toEqual(sentSecond)
    }
  })

  it('test parameters: the later save wins, neither a merge nor a 500', async () => {
    for (const [sentFirst, sentSecond] of [
      [[{ key: 'ratio', value: '1' }], [{ key: 'limit', value: '2' }]],
      [[{ key: 'ratio', value: '1' }], [{ key: 'ratio', value: '2' }]],
    ]) {
      const id = await newProductType()
      const res = await firstHeldOpen(
        root,
        (db) => new TestParametersRepository(db).replace(id, sentFirst),
        () =>
          server.call('meta', 'PUT', `/api/assetmodels/${id}/TestParameters`, {
            as: 'configurator',
            body: sentSecond,
          }),
      )
      expect(res.statusCode, res.body).toBe(204)
      expect((await storedParameters(id)).map(({ key, value }) => ({ key, value }))).toEqual(sentSecond)
    }
  })

  it('a list save does not wait for a submission holding its supplier or product type (KEY SHARE)', async () => {
    const id = await newProductType()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let held!: () => void
    const locked = new Promise<void>((resolve) => (held = resolve))
    // The lock a record's foreign key takes on its product type, held open as a slow submission would.
    const holding = root.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM asset_models WHERE id = ${id} FOR KEY SHARE`)
      held()
      await gate
    })
    await locked
    const res = await server.call('itr', 'PUT', `/api/ProductTypes/${id}/RecordTypes`, {
      as: 'configurator',
      body: (await recordTypeIds()).slice(0, 1),
    })
    release()
    await holding
    expect(res.statusCode, res.body).toBe(204)
  })
})
