import { MESSAGES } from '../messages'
import type { SupplierProduct } from '../entities/supplier'
import { SERIAL_RANGE_MAX, type SerialRange } from '../entities/serial-range'

/** A complete serial range: prefix ('' when the type has none) and an inclusive min..max. */
export interface SerialRangeBounds {
  prefix: string
  min: number
  max: number
}

/** Whether two ranges claim a common serial: same prefix (ignoring case) and overlapping bounds. */
export function serialRangesOverlap(a: SerialRangeBounds, b: SerialRangeBounds): boolean {
  return a.prefix.trim().toLowerCase() === b.prefix.trim().toLowerCase() && a.min <= b.max && b.min <= a.max
}

const blank = (s: string | null | undefined) => s == null || s.trim() === ''

/** Whether a range's number is a whole number the ranges can hold (0..SERIAL_RANGE_MAX). */
const withinBounds = (n: number) => Number.isInteger(n) && n >= 0 && n <= SERIAL_RANGE_MAX

/** A serial range's fields a broken rule can point at. */
export type SerialRangeField = 'prefix' | 'min' | 'max'

/**
 * A broken serial range rule and where it sits, so a screen can mark the field as well as show the text:
 * `product` indexes the SupplierProducts list (absent for a device owner), `range` the ranges, `fields` the
 * range's fields at fault (none when the product row itself is at fault).
 */
export interface SerialRangeProblem {
  message: string
  product?: number
  range?: number
  fields: SerialRangeField[]
}

/** The fields of a range at fault for a rule on min and max, in the order the rules check them. */
function boundsProblem(range: {
  min?: number | null
  max?: number | null
}): { rule: 'required' | 'bounds'; fields: SerialRangeField[] } | undefined {
  const missing = (['min', 'max'] as const).filter((f) => range[f] == null)
  if (missing.length) return { rule: 'required', fields: missing }
  const outside = (['min', 'max'] as const).filter((f) => !withinBounds(range[f]!))
  if (outside.length) return { rule: 'bounds', fields: outside }
  return undefined
}

/**
 * The SPEC §5 supplier rules over the SupplierProducts list, in the order the supplier screen checks
 * them; returns the first broken rule's text and where it is, or undefined when the list is valid.
 * @param hasNoPrefix whether a product type carries NoSerialNumberPrefix (its ranges need no prefix).
 * @param nameOf the product type's name for the duplicate message.
 */
export function supplierProductsProblem(
  products: readonly SupplierProduct[],
  hasNoPrefix: (productTypeId: number) => boolean,
  nameOf: (productTypeId: number) => string = (id) => String(id),
): SerialRangeProblem | undefined {
  const seen = new Set<number>()
  for (const [p, product] of products.entries()) {
    if (product.id == null || product.id <= 0)
      return { message: MESSAGES.supplier.emptyProduct, product: p, fields: [] }
    if (seen.has(product.id))
      return {
        message: MESSAGES.supplier.duplicateProduct(product.name ?? nameOf(product.id)),
        product: p,
        fields: [],
      }
    seen.add(product.id)
    for (const [r, range] of product.serialRanges.entries()) {
      const at = { product: p, range: r }
      if (blank(range.prefix) && !hasNoPrefix(product.id))
        return { message: MESSAGES.supplier.prefixRequired, ...at, fields: ['prefix'] }
      const bounds = boundsProblem(range)
      if (bounds?.rule === 'required')
        return { message: MESSAGES.supplier.minMaxRequired, ...at, fields: bounds.fields }
      if (bounds) return { message: MESSAGES.serialRange.outOfBounds, ...at, fields: bounds.fields }
      if (range.min! >= range.max!)
        return { message: MESSAGES.supplier.minBelowMax, ...at, fields: ['min', 'max'] }
    }
  }
  return undefined
}

/** {@link supplierProductsProblem}'s text alone: the server's answer. */
export function supplierProductsError(
  ...args: Parameters<typeof supplierProductsProblem>
): string | undefined {
  return supplierProductsProblem(...args)?.message
}

/** A device owner's range is empty when prefix, min and max are all blank; such rows are dropped. */
export function isEmptyOwnerRange(range: SerialRange): boolean {
  return blank(range.prefix) && range.min == null && range.max == null
}

/**
 * The SPEC §5 device-owner rules over test-equipment serial ranges: empty ranges are dropped, a prefix
 * is required and must end with the separator, min and max are required and max ≥ min.
 * @returns the kept ranges, or the first broken rule's text and where it is (`range` indexes `ranges`).
 */
export function ownerSerialRangesCheck(
  ranges: readonly SerialRange[],
  separator: string,
):
  | { ranges: SerialRangeBounds[]; error?: undefined; problem?: undefined }
  | { error: string; problem: SerialRangeProblem; ranges?: undefined } {
  const kept: SerialRangeBounds[] = []
  const refuse = (message: string, range: number, fields: SerialRangeField[]) => ({
    error: message,
    problem: { message, range, fields },
  })
  for (const [i, range] of ranges.entries()) {
    if (isEmptyOwnerRange(range)) continue
    if (blank(range.prefix)) return refuse(MESSAGES.owner.prefixRequired, i, ['prefix'])
    const prefix = range.prefix!.trim()
    if (!prefix.endsWith(separator)) return refuse(MESSAGES.owner.prefixSeparator(separator), i, ['prefix'])
    const bounds = boundsProblem(range)
    if (bounds?.rule === 'required') return refuse(MESSAGES.owner.minMaxRequired, i, bounds.fields)
    if (bounds) return refuse(MESSAGES.serialRange.outOfBounds, i, bounds.fields)
    if (range.max! < range.min!) return refuse(MESSAGES.owner.maxBelowMin, i, ['min', 'max'])
    kept.push({ prefix, min: range.min!, max: range.max! })
  }
  return { ranges: kept }
}
