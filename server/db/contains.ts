import { ilike, or, type SQL } from 'drizzle-orm'

/** An ILIKE pattern matching `text` anywhere, with ILIKE's own characters (\ % _) taken literally. */
export const anywhere = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A grid's fuzzy filter (SPEC §9): `column` contains any of `values`, in any case. One helper for the
 * records, products and audit filters, so a typed `%` or `_` means itself everywhere.
 */
export const containsAny = (
  column: Parameters<typeof ilike>[0],
  values: readonly string[],
): SQL | undefined => or(...values.map((v) => ilike(column, anywhere(v))))
