/**
 * Similar owner names (DESIGN.md §5): the bigram Dice coefficient, case-insensitive, with the SPEC §9
 * ratios 0.4 (warning badge) and 0.9 (danger badge).
 */
export const SIMILAR_NAME_WARNING = 0.4
export const SIMILAR_NAME_DANGER = 0.9

function bigrams(text: string): Map<string, number> {
  const s = text.toLowerCase().replace(/\s+/g, ' ').trim()
  const grams = new Map<string, number>()
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2)
    grams.set(g, (grams.get(g) ?? 0) + 1)
  }
  return grams
}

/** Dice coefficient of the two strings' character bigrams (multiset), from 0 (nothing shared) to 1. */
export function diceSimilarity(a: string, b: string): number {
  const x = bigrams(a)
  const y = bigrams(b)
  let total = 0
  for (const n of x.values()) total += n
  for (const n of y.values()) total += n
  if (total === 0) return a.trim().toLowerCase() === b.trim().toLowerCase() ? 1 : 0
  let shared = 0
  for (const [g, n] of x) shared += Math.min(n, y.get(g) ?? 0)
  return (2 * shared) / total
}

/** The badge level of a similarity score: danger, warning, or none below the warning ratio. */
export function similarityLevel(score: number): 'danger' | 'warning' | undefined {
  if (score >= SIMILAR_NAME_DANGER) return 'danger'
  if (score >= SIMILAR_NAME_WARNING) return 'warning'
  return undefined
}

/** Other names similar to `name`, most similar first, with their level. */
export function similarNames<T extends { name: string }>(
  name: string,
  others: readonly T[],
): { item: T; score: number; level: 'danger' | 'warning' }[] {
  if (!name.trim()) return []
  return others
    .map((item) => ({ item, score: diceSimilarity(name, item.name) }))
    .flatMap((m) => {
      const level = similarityLevel(m.score)
      return level ? [{ ...m, level }] : []
    })
    .sort((a, b) => b.score - a.score)
}
