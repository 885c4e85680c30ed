import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'

const dialect = new PgDialect()
const rendered = new Map<string, SQL>()

/**
 * `build()`'s SQL as one raw chunk, rendered to text on first use and kept by `key` (issue #17.4).
 * drizzle renders a statement by walking every chunk and testing each column's class chain, ~20 µs a
 * column: a page's 24-column select cost ~0.5 ms of the server's CPU per call. Parts that never change
 * (column lists, joins, an ORDER BY) are rendered once; per call only the rest is. Only SQL without
 * parameters is kept, so the statement's own parameters keep their numbers.
 */
export function renderedOnce(key: string, build: () => SQL): SQL {
  let text = rendered.get(key)
  if (!text) {
    const query = dialect.sqlToQuery(build())
    if (query.params.length) throw new Error(`${key} must not bind parameters.`)
    text = sql.raw(query.sql)
    rendered.set(key, text)
  }
  return text
}
