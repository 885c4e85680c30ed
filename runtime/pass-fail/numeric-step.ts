/**
 * SPEC §5 "Form fields": the numeric test input's step follows the decimals written in its min
 * and max, so 0.25..1 steps by 0.01 and 1..10 by 1.
 */

/** Decimal places of a number as written (1e-7 has 7, 2.50 has 1 since JS drops trailing zeros). */
export function decimalsOf(n: number): number {
  if (!Number.isFinite(n)) return 0
  const [mantissa, exponent] = String(n).toLowerCase().split('e')
  const fraction = mantissa.split('.')[1]?.length ?? 0
  return Math.max(0, fraction - Number(exponent ?? 0))
}

/** Step for a numeric input with these bounds; 'any' when there are none to take decimals from. */
export function numericStep(min?: number, max?: number): number | 'any' {
  if (min === undefined && max === undefined) return 'any'
  const decimals = Math.max(min === undefined ? 0 : decimalsOf(min), max === undefined ? 0 : decimalsOf(max))
  // toFixed keeps 0.01 exact instead of 10 ** -2 = 0.010000000000000002.
  return decimals === 0 ? 1 : Number((1 / 10 ** decimals).toFixed(decimals))
}
