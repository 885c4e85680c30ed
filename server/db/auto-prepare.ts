import type pg from 'pg'

/** How often a statement's text must have been sent before it is prepared, and how many one connection keeps. */
export interface AutoPrepareOptions {
  minUsages: number
  maxPerConnection: number
}

export const AUTO_PREPARE_DEFAULTS: AutoPrepareOptions = { minUsages: 2, maxPerConnection: 250 }

/** Texts counted at most before the counts start again (they are only a hint of what repeats). */
const MAX_COUNTED_TEXTS = 5_000
/** Texts named at most for the process; past this, new texts are sent unnamed. */
const MAX_NAMED_TEXTS = 5_000

/** An array parameter whose text is longer than this (~150 serials, ~400 ids) is a bulk one. */
const BULK_ARRAY_CHARS = 2_048

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown }

/**
 * Whether the call binds a bulk list to one of the text's array parameters (`$n::int[]`, `$n::text[]`:
 * db/sql-arrays.ts). Such a call is sent unnamed and planned for its values (issue #17.3). A generic plan
 * cannot see an array's length, and PostgreSQL keeps the one it made when the tables were small: in a CSV
 * upload's transaction, the stored-products read became a sequential scan of `products` comparing every
 * row with all 2,000 serials of each later chunk, 0.9 s a chunk as the file's products filled the table
 * (1,450 rows/s for 100,000 rows against 5,200 unprepared). Planned per call, it reads the index. A call
 * with a short list (a single submission's one or two serials) keeps the prepared statement.
 */
function bindsBulkArray(text: string, values: readonly unknown[]): boolean {
  if (!values.some((v) => typeof v === 'string' && v.length > BULK_ARRAY_CHARS)) return false
  for (const [, n] of text.matchAll(/\$(\d+)::\w+\[\]/g)) {
    const value = values[Number(n) - 1]
    if (typeof value === 'string' && value.length > BULK_ARRAY_CHARS) return true
  }
  return false
}

/**
 * A pg `Client` class that prepares the statements an instance sends again and again (Npgsql's auto-prepare):
 * a parameterised statement whose exact text has been sent `minUsages` times gets a name, so each connection
 * parses it once and PostgreSQL may keep its plan (its own choice between a generic and a custom plan after
 * five runs). Why: the write path's statements spend more time planning (0.7–1 ms for the record read with
 * its joins) than executing (0.1–0.2 ms). A call binding a bulk list to an array parameter is sent unnamed
 * (see bindsBulkArray). Unparameterised text is left alone — it may hold several statements
 * (migrations) — and so are COPY streams and statements the caller named itself. A connection keeps at most
 * `maxPerConnection` statements; past that it sends new texts unnamed, so a flood of one-off texts costs
 * nothing but the count. The process names at most 5,000 texts and counts at most 5,000 at a time.
 */
export function autoPreparingClient(
  Client: typeof pg.Client,
  options: AutoPrepareOptions = AUTO_PREPARE_DEFAULTS,
): typeof pg.Client {
  const usages = new Map<string, number>()
  const names = new Map<string, string>()

  /** The statement's name once its text has been seen often enough, else undefined. */
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text)
    if (known) return known
    const count = (usages.get(text) ?? 0) + 1
    if (count < options.minUsages) {
      if (usages.size >= MAX_COUNTED_TEXTS) usages.clear()
      usages.set(text, count)
      return undefined
    }
    usages.delete(text)
    if (names.size >= MAX_NAMED_TEXTS) return undefined
    const name = `itr_${names.size + 1}`
    names.set(text, name)
    return name
  }

  return class AutoPreparingClient extends Client {
    /** Names this connection has prepared (pg keeps the texts; this is only the count). */
    private readonly prepared = new Set<string>()

    override query(config: unknown, ...rest: unknown[]): never {
      const query = config as QueryConfig | null
      if (
        query &&
        typeof query === 'object' &&
        typeof query.text === 'string' &&
        query.name === undefined &&
        query.submit === undefined &&
        Array.isArray(rest[0] ?? query.values) &&
        ((rest[0] ?? query.values) as unknown[]).length > 0 &&
        !bindsBulkArray(query.text, (rest[0] ?? query.values) as unknown[])
      ) {
        const name = nameOf(query.text)
        if (name && (this.prepared.has(name) || this.prepared.size < options.maxPerConnection)) {
          this.prepared.add(name)
          return (super.query as (...args: unknown[]) => never)({ ...query, name }, ...rest)
        }
      }
      return (super.query as (...args: unknown[]) => never)(config, ...rest)
    }
  } as unknown as typeof pg.Client
}
