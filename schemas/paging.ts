/**
 * Server paging counts matching rows exactly up to COUNT_LIMIT (or the end of the asked page when that
 * is deeper), plus one: an exact count(*) over 1,000,000 records costs several times the page budget
 * (docs/performance.md). A `totalCount` equal to the horizon therefore means "more than horizon − 1".
 */
export const COUNT_LIMIT = 10_000

/** The most rows a page call counts for a page starting at `offset` of `size` rows. */
export function countHorizon(offset: number, size: number): number {
  return Math.max(COUNT_LIMIT, offset + size) + 1
}

/**
 * The total a page's own rows tell: a page (counting from 1) with fewer rows than `size`, and with a row or
 * the first, is the last page, so the total is the rows before it plus its own. Undefined when the rows
 * cannot tell (a full page, or one past the end) and a count must be read.
 */
export function shortPageTotal(page: number, size: number, rows: number): number | undefined {
  return rows < size && (rows > 0 || page === 1) ? (page - 1) * size + rows : undefined
}

/** Whether a page answer's `totalCount` is the capped "more than" value rather than an exact count. */
export function isCappedCount(totalCount: number, offset: number, size: number): boolean {
  return totalCount === countHorizon(offset, size)
}

/**
 * The answer schema of a server-paged list (the one list contract, `{page, size, sort, filter} →
 * {totalCount, totalPages, result}`), its rows described by `items`. A `const` type parameter keeps the
 * literal schema, so `FromSchema` still types the answer.
 */
export function pagedAnswerSchema<const Items extends object>(items: Items) {
  return {
    type: 'object',
    required: ['totalCount', 'totalPages', 'result'],
    properties: {
      totalCount: { type: 'integer' },
      totalPages: { type: 'integer' },
      result: { type: 'array', items },
    },
  } as const
}
