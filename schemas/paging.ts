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

/** Whether a page answer's `totalCount` is the capped "more than" value rather than an exact count. */
export function isCappedCount(totalCount: number, offset: number, size: number): boolean {
  return totalCount === countHorizon(offset, size)
}
