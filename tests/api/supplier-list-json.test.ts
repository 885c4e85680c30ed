import Ajv from 'ajv'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supplierProductsSchema, supplierSchema } from '../../schemas/entities/supplier'
import { assetManufacturers, entityAttributes, supplierProducts } from '../../server/db/schema/index'
import { SuppliersRepository } from '../../server/reference/suppliers'
import { startTestServer, type TestServer } from '../support/api'

const listSchema = { type: 'array', items: supplierSchema } as const

/** `schema` with no property beyond those it names, at every level: the answer has no extra field. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed)
  if (!schema || typeof schema !== 'object') return schema
  // Without `$id`, so one Ajv compiles several copies.
  const entries = Object.entries(schema).filter(([key]) => key !== '$id')
  const copy = Object.fromEntries(entries.map(([key, value]) => [key, closed(value)]))
  if ('properties' in copy) copy.additionalProperties = false
  return copy
}

/** Text that JSON must escape, and text it must not (non-ASCII, `/`, `</script>`, DEL). */
const AWKWARD = 'a "quoted" \\ back\nline\ttab\r\b\f \u0001\u001f\u007f é ü 漢字 😀 </script> /'

/** The list as the response schema's serializer wrote it before issue #17.4, from the row objects. */
async function serializedFromRows(server: TestServer): Promise<string> {
  const list = await new SuppliersRepository(server.database.db).listWithAttributes()
  const app = Fastify()
  app.get('/', { schema: { response: { 200: listSchema } } }, async () => list)
  try {
    return (await app.inject({ method: 'GET', url: '/' })).body
  } finally {
    await app.close()
  }
}

describe('the supplier list written by the database (issue #17.4)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
    const db = server.database.db
    const repo = new SuppliersRepository(db)
    const [awkward] = await db
      .insert(assetManufacturers)
      .values({ name: AWKWARD })
      .returning({ id: assetManufacturers.id })
    await db.insert(entityAttributes).values([
      { tableName: 'AssetManufacturers', entityId: awkward.id, key: 'Note', name: AWKWARD, value: AWKWARD },
      { tableName: 'AssetManufacturers', entityId: awkward.id, key: 'Empty', name: null, description: null },
      {
        tableName: 'AssetManufacturers',
        entityId: awkward.id,
        key: 'Blank',
        name: '',
        description: '',
        value: '',
      },
      // Another table's attribute on the same id is not the supplier's.
      { tableName: 'AssetModels', entityId: awkward.id, key: 'Other', value: 'x' },
    ])
    // Two products, the later-made first by position, each with ranges out of their id order.
    await repo.setAttribute(awkward.id, {
      key: 'SupplierProducts',
      value: JSON.stringify([
        { id: 100201, serialRanges: [{ prefix: 'Q"\\', min: 10, max: 20 }] },
        {
          id: 100200,
          serialRanges: [
            { prefix: 'ZZ', min: 500, max: 2_000_000_000 },
            { prefix: 'ZZ', min: 1, max: 2 },
          ],
        },
      ]),
    })
    // A product without ranges, stored directly (the supplier rules never leave one so).
    const [plain] = await db
      .insert(assetManufacturers)
      .values({ name: 'Rangeless' })
      .returning({ id: assetManufacturers.id })
    await db.insert(supplierProducts).values({ supplierId: plain.id, assetModelId: 100200, position: 0 })
    // An attribute and no products.
    const [bare] = await db
      .insert(assetManufacturers)
      .values({ name: 'Bare' })
      .returning({ id: assetManufacturers.id })
    await db
      .insert(entityAttributes)
      .values({ tableName: 'AssetManufacturers', entityId: bare.id, key: 'Region', value: 'North' })
  })
  afterAll(() => server.close())

  it('answers byte for byte what the response schema serialised from the rows', async () => {
    const res = await server.call('meta', 'GET', '/api/assetmanufacturers', { as: 'configurator' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.body).toBe(await serializedFromRows(server))
  })

  it('matches the supplier JSON Schema: every field, its type, its nulls, nothing more', async () => {
    const res = await server.call('meta', 'GET', '/api/assetmanufacturers', { as: 'internal' })
    const list = res.json() as { id: number; name: string; attributes: Record<string, unknown>[] }[]
    const ajv = new Ajv({ strict: false, allErrors: true })
    const valid = ajv.validate(closed(listSchema) as object, list)
    expect(ajv.errors ?? []).toEqual([])
    expect(valid).toBe(true)
    expect(list.map((s) => s.id)).toEqual([...list.map((s) => s.id)].sort((a, b) => a - b))
    const awkward = list.find((s) => s.name === AWKWARD)!
    expect(awkward.attributes).toEqual([
      expect.objectContaining({
        tableName: 'AssetManufacturers',
        key: 'Note',
        name: AWKWARD,
        value: AWKWARD,
      }),
      expect.objectContaining({ key: 'Empty', name: null, description: null, value: null }),
      expect.objectContaining({ key: 'Blank', name: '', description: '', value: '' }),
      {
        tableName: 'AssetManufacturers',
        key: 'SupplierProducts',
        name: 'SupplierProducts',
        description: null,
        value: expect.any(String),
      },
    ])
    const validProducts = ajv.compile(closed(supplierProductsSchema) as object)
    for (const supplier of list) {
      const products = JSON.parse(supplier.attributes.at(-1)!.value as string)
      expect(validProducts(products)).toBe(true)
    }
    const products = JSON.parse(awkward.attributes[3].value as string)
    expect(products.map((p: { id: number }) => p.id)).toEqual([100201, 100200])
    expect(products[1].serialRanges.map((r: { min: number }) => r.min)).toEqual([500, 1])
    const rangeless = list.find((s) => s.name === 'Rangeless')!
    expect(JSON.parse(rangeless.attributes.at(-1)!.value as string)).toEqual([
      { id: 100200, name: expect.any(String), serialRanges: [] },
    ])
    const bare = list.find((s) => s.name === 'Bare')!
    expect(bare.attributes.map((a) => [a.key, a.value])).toEqual([
      ['Region', 'North'],
      ['SupplierProducts', '[]'],
    ])
  })

  it('keeps the list to reference readers: a supplier-view user 403, no token 401', async () => {
    expect((await server.call('meta', 'GET', '/api/assetmanufacturers', { as: 'supplier' })).statusCode).toBe(
      403,
    )
    expect((await server.call('meta', 'GET', '/api/assetmanufacturers')).statusCode).toBe(401)
  })
})
