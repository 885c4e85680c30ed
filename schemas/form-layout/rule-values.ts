/** The values rules read (issue #14), shared by derive.ts and the table judge without importing each other. */

/** The product type's test parameters by key (`param.key` in rules). */
export type Parameters = Readonly<Record<string, unknown>>

/** A variable's number for formulas: a test field's measured value, a number, numeric text, a checkbox as 1/0. */
export function numberOf(value: unknown): number | null {
  if (value !== null && typeof value === 'object' && 'value' in value)
    return numberOf((value as { value: unknown }).value)
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'boolean') return Number(value)
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return null
}
