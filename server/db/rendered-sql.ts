import { Param, SQL, sql, StringChunk, type SQLChunk } from 'drizzle-orm'
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

/**
 * `part` rendered to text now and handed back as SQL of plain text and parameter chunks (issue #17.4),
 * for a part that goes into more than one statement: the records page's conditions are in both its
 * rows and its count, and drizzle's walk of their columns (~20 µs for one serial condition) then runs
 * once instead of twice. The parameters keep their order, so the part renumbers from wherever it is
 * placed. Should the text not number its parameters $1…$n in order (a literal `$2` of its own), the part
 * is returned as it was.
 */
export function renderedNow(part: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(part)
  const pieces = text.split(/\$(\d+)/)
  if (pieces.length !== 2 * params.length + 1) return part
  const chunks: SQLChunk[] = [new StringChunk(pieces[0])]
  for (let i = 0; i < params.length; i++) {
    if (pieces[2 * i + 1] !== String(i + 1)) return part
    chunks.push(new Param(params[i]), new StringChunk(pieces[2 * i + 2]))
  }
  return new SQL(chunks)
}
