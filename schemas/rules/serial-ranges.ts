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

/** Whether a range's numbers are whole numbers the ranges can hold (0..SERIAL_RANGE_MAX). */
const withinBounds = (range: { min: number; max: number }) =>
  [range.min, range.max].every((n) => Number.isInteger(n) && n >= 0 && n <= SERIAL_RANGE_MAX)

/**
 * The SPEC §5 supplier rules over the SupplierProducts list, in the order the supplier screen checks
 * them; returns the first broken rule's text, or undefined when the list is valid.
 * @param hasNoPrefix whether a product type carries NoSerialNumberPrefix (its ranges need no prefix).
 * @param nameOf the product type's name for the duplicate message.
 */
export function supplierProductsError(
  products: readonly SupplierProduct[],
  hasNoPrefix: (productTypeId: number) => boolean,
  nameOf: (productTypeId: number) => string = (id) => String(id),
): string | undefined {
  const seen = new Set<number>()
  for (const product of products) {
    if (product.id == null || product.id <= 0) return MESSAGES.supplier.emptyProduct
    if (seen.has(product.id)) return MESSAGES.supplier.duplicateProduct(product.name ?? nameOf(product.id))
    seen.add(product.id)
    for (const range of product.serialRanges) {
      if (blank(range.prefix) && !hasNoPrefix(product.id)) return MESSAGES.supplier.prefixRequired
      if (range.min == null || range.max == null) return MESSAGES.supplier.minMaxRequired
      if (!withinBounds({ min: range.min, max: range.max })) return MESSAGES.serialRange.outOfBounds
      if (range.min >= range.max) return MESSAGES.supplier.minBelowMax
    }
  }
  return undefined
}

/** A device owner's range is empty when prefix, min and max are all blank; such rows are dropped. */
export function isEmptyOwnerRange(range: SerialRange): boolean {
  return blank(range.prefix) && range.min == null && range.max == null
}

/**
 * The SPEC §5 device-owner rules over test-equipment serial ranges: empty ranges are dropped, a prefix
 * is required and must end with the separator, min and max are required and max ≥ min.
 * @returns the kept ranges, or the first broken rule's text.
 */
export function ownerSerialRangesCheck(
  ranges: readonly SerialRange[],
  separator: string,
): { ranges: SerialRangeBounds[]; error?: undefined } | { error: string; ranges?: undefined } {
  const kept: SerialRangeBounds[] = []
  for (const range of ranges) {
    if (isEmptyOwnerRange(range)) continue
    if (blank(range.prefix)) return { error: MESSAGES.owner.prefixRequired }
    const prefix = range.prefix!.trim()
    if (!prefix.endsWith(separator)) return { error: MESSAGES.owner.prefixSeparator(separator) }
    if (range.min == null || range.max == null) return { error: MESSAGES.owner.minMaxRequired }
    if (!withinBounds({ min: range.min, max: range.max })) return { error: MESSAGES.serialRange.outOfBounds }
    if (range.max < range.min) return { error: MESSAGES.owner.maxBelowMin }
    kept.push({ prefix, min: range.min, max: range.max })
  }
  return { ranges: kept }
}
