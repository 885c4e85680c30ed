import { sql } from 'drizzle-orm'
import { ATTRIBUTE_KEYS, TABLE_NAMES } from '../../schemas/entities/attribute'
import type { Db } from '../db/client'
import { rowsOf } from '../submissions/write/sql-batch'

/** A JSON text of `text`, `null` for null: PostgreSQL's string escaping is JSON.stringify's. */
const jsonText = (column: string) => `coalesce(to_json(${column})::text, 'null')`

/**
 * The SupplierProducts attribute every supplier ends with, as the serializer wrote it (no `id`), cut
 * around its value; the tail closes the attributes and the supplier.
 */
const [PRODUCTS_HEAD, PRODUCTS_TAIL] = JSON.stringify({
  key: ATTRIBUTE_KEYS.supplierProducts,
  value: '<value>',
  tableName: TABLE_NAMES.supplier,
  name: ATTRIBUTE_KEYS.supplierProducts,
  description: null,
})
  .concat(']}')
  .split(JSON.stringify('<value>'))

/**
 * What the three marks the statement writes stand for. The constant SupplierProducts attribute is ~150
 * of a supplier's ~170 bytes; the database sends one control character for it and the server puts the
 * text back, so 50 KB cross the socket instead of 350 KB (moving 350 KB alone took ~5 ms on PostgreSQL
 * here). A raw control character is never part of the JSON otherwise: `to_json` escapes them all.
 */
const MARKS: Record<string, string> = {
  '\u0001': PRODUCTS_HEAD,
  '\u0002': PRODUCTS_TAIL,
  '\u0003': `${PRODUCTS_HEAD}"[]"${PRODUCTS_TAIL}`,
}

/** Any of the marks (a RegExp from text: lint rightly flags control characters in a regex literal). */
const MARK = new RegExp(`[${Object.keys(MARKS).join('')}]`, 'g')

/**
 * The whole supplier list as `GET {meta}/api/assetmanufacturers` answers it (issue #17.4), written by
 * the database while it reads the rows: serialising the 346 KB answer for 2,000 suppliers cost the
 * server ~4 ms and mapping the rows ~1–2 ms, more than PostgreSQL spent reading them.
 *
 * Byte for byte what the response schema's serializer (fast-json-stringify, required properties first)
 * wrote for `listWithAttributes()`: suppliers by id with `id`, `name`, `attributes`; each stored
 * attribute (by id) with `key, value, id, tableName, name, description`; then SupplierProducts, whose
 * value is the compact JSON text of the supplier's products (by position, then row id) with their
 * serial ranges (by id). `to_json(text)` escapes exactly as JSON.stringify does (`"`, `\`, control
 * characters as `\b \f \n \r \t` or lowercase `\u00xx`). tests/api/supplier-list-json.test.ts holds it
 * to both. $1 is the attributes' table name.
 */
const LIST_SQL = `
WITH ranges AS (
  SELECT supplier_product_id,
         string_agg('{"id":' || id || ',"prefix":' || ${jsonText('prefix')} || ',"min":' || min
                    || ',"max":' || max || '}', ',' ORDER BY id) AS json
  FROM supplier_serial_ranges
  GROUP BY supplier_product_id
), products AS (
  SELECT p.supplier_id,
         string_agg('{"id":' || m.id || ',"name":' || ${jsonText('m.name')} || ',"serialRanges":['
                    || coalesce(r.json, '') || ']}', ',' ORDER BY p.position, p.id) AS json
  FROM supplier_products p
  JOIN asset_models m ON m.id = p.asset_model_id
  LEFT JOIN ranges r ON r.supplier_product_id = p.id
  GROUP BY p.supplier_id
), attributes AS (
  SELECT entity_id,
         string_agg('{"key":' || ${jsonText('key')} || ',"value":' || ${jsonText('value')} || ',"id":' || id
                    || ',"tableName":' || ${jsonText('table_name')} || ',"name":' || ${jsonText('name')}
                    || ',"description":' || ${jsonText('description')} || '},', '' ORDER BY id) AS json
  FROM entity_attributes
  WHERE table_name = $1
  GROUP BY entity_id
)
SELECT '[' || coalesce(string_agg(
         '{"id":' || s.id || ',"name":' || ${jsonText('s.name')} || ',"attributes":[' || coalesce(a.json, '')
         || CASE WHEN p.json IS NULL THEN chr(3)
                 ELSE chr(1) || to_json('[' || p.json || ']')::text || chr(2) END,
         ',' ORDER BY s.id), '') || ']' AS json
FROM asset_manufacturers s
LEFT JOIN attributes a ON a.entity_id = s.id
LEFT JOIN products p ON p.supplier_id = s.id`

const [BEFORE_TABLE, AFTER_TABLE] = LIST_SQL.split('$1')

/** Every supplier with its attributes and SupplierProducts, as the list's JSON text (see LIST_SQL). */
export async function supplierListJson(db: Db): Promise<string> {
  const statement = sql`${sql.raw(BEFORE_TABLE)}${TABLE_NAMES.supplier}${sql.raw(AFTER_TABLE)}`
  const [row] = rowsOf<{ json: string }>(await db.execute(statement))
  return row.json.replace(MARK, (mark) => MARKS[mark])
}
