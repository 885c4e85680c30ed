/** The values rules read (issue #14), shared by derive.ts and the table judge without importing each other. */

/** The product type's test parameters by key (`param.key` in rules). */
export type Parameters = Readonly<Record<string, unknown>>

/** Decimal notation only: '12', '-0.5', '.5', '1e3'; never '0x10', '0b11' or '0o7', which Number() reads. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i

/**
 * The number a text is written as in decimal notation (surrounding spaces ignored), else undefined (audit
 * s9 S4): a parameter or value typed '0x10' is text, so it is never judged as 16 while printed as '0x10'.
 */
export function decimalNumber(text: string): number | undefined {
  const trimmed = text.trim()
  if (!DECIMAL.test(trimmed)) return undefined
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : undefined
}

/** A variable's number for formulas: a test field's measured value, a number, numeric text, a checkbox as 1/0. */
export function numberOf(value: unknown): number | null {
  if (value !== null && typeof value === 'object' && 'value' in value)
    return numberOf((value as { value: unknown }).value)
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'boolean') return Number(value)
  if (typeof value === 'string') return decimalNumber(value) ?? null
  return null
}
