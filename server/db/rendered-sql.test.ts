import { describe, expect, it } from 'vitest'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { records } from './schema/index'
import { renderedNow } from './rendered-sql'

const render = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query)

describe('renderedNow', () => {
  const condition = and(eq(records.supplierId, 7), inArray(records.productSerialNumber, ['A1', 'a1']))!

  it('renders a part placed after other parameters exactly as drizzle does', () => {
    const once = renderedNow(condition)
    const statement = (where: typeof condition) =>
      sql`SELECT ${records.id} FROM ${records} WHERE ${records.id} > ${3} AND ${where} LIMIT ${10}`
    expect(render(statement(once))).toEqual(render(statement(condition)))
    expect(render(statement(once)).params).toEqual([3, 7, 'A1', 'a1', 10])
  })

  it('serves two statements with one rendering of the part', () => {
    const once = renderedNow(condition)
    const count = render(sql`SELECT count(*) FROM ${records} WHERE ${once} LIMIT ${100}`)
    expect(count.sql).toBe(
      'SELECT count(*) FROM "records" WHERE ("records"."supplier_id" = $1 and ' +
        '"records"."product_serial_number" in ($2, $3)) LIMIT $4',
    )
    expect(count.params).toEqual([7, 'A1', 'a1', 100])
  })

  it('keeps a part whose text has a literal placeholder of its own', () => {
    const odd = sql`${records.jobNumber} = '$2' AND ${records.id} = ${5}`
    expect(renderedNow(odd)).toBe(odd)
  })
})
