import { sql, type SQL } from 'drizzle-orm'

/**
 * A list as one array parameter, for `= ANY(…)` or `unnest(…)` (issue #17.1). PostgreSQL plans a bound
 * array with its real length, so the one or two products of a submission are found through their index;
 * a JSON list unpacked by `jsonb_array_elements_text` is guessed at 100 rows whatever its length, which on
 * a small or growing `records` table made every submission's summary and re-test chain statements scan
 * the whole table (2–3 ms each on 2,800 records, rising with it). A list of thousands (a CSV batch) is one
 * parameter as before, never an IN list of bound values.
 */
export function intArray(values: readonly number[]): SQL {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new Error(`intArray: ${v} is not an integer`)
  return sql`${`{${values.join(',')}}`}::int[]`
}

/** Text values as one `text[]` parameter; each element is quoted, so commas, braces, quotes and 'NULL' stay text. */
export function textArray(values: readonly string[]): SQL {
  const quoted = values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`)
  return sql`${`{${quoted.join(',')}}`}::text[]`
}
