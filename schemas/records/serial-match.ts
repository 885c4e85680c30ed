/** A serial range as stored: prefix ('' when none), inclusive min..max. */
export interface RangeBounds {
  prefix: string
  min: number
  max: number
}

/** A serial split into the matching range's prefix and its numeric value. */
export interface MatchedSerial {
  prefix: string
  value: string
}

const SEPARATOR = ':'
const trimSeparator = (s: string) => (s.endsWith(SEPARATOR) ? s.slice(0, -SEPARATOR.length) : s)

/**
 * Finds the range a serial falls in (DESIGN.md §5). `text` is what was typed or scanned, with or without
 * the separator after the prefix ('NWT:123', 'NWT123', 'nwt:123' all match prefix 'NWT:'); the answer uses
 * the range's own prefix so one product is one row however it was typed. With `prefixOptional` (types
 * with NoSerialNumberPrefix) a bare number matches any range of the type, and the prefix stays ''.
 */
export function matchSerial(
  text: string,
  ranges: readonly RangeBounds[],
  prefixOptional = false,
): MatchedSerial | undefined {
  const serial = text.trim()
  const within = (digits: string, r: RangeBounds) => {
    if (!/^\d{1,15}$/.test(digits)) return false
    const n = Number(digits)
    return n >= r.min && n <= r.max
  }
  for (const range of ranges) {
    const bare = trimSeparator(range.prefix.trim())
    if (bare === '') {
      if (within(serial, range)) return { prefix: '', value: serial }
      continue
    }
    if (serial.toLowerCase().startsWith(bare.toLowerCase())) {
      let rest = serial.slice(bare.length)
      if (rest.startsWith(SEPARATOR)) rest = rest.slice(SEPARATOR.length)
      if (within(rest, range)) return { prefix: range.prefix.trim(), value: rest }
    }
    if (prefixOptional && within(serial, range)) return { prefix: '', value: serial }
  }
  return undefined
}
