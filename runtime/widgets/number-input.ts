/**
 * The number a number box holds, or null when empty; `unreadable` when it holds text the browser cannot
 * read as a number ('0.4e', '7-'): a type=number input then reports '' as its value and sets
 * `validity.badInput`, which without this looks the same as an emptied box.
 */
export function numberOfInput(input: HTMLInputElement): { value: number | null; unreadable: boolean } {
  const raw = input.value
  const n = raw.trim() === '' ? null : Number(raw)
  if (input.validity?.badInput || (n !== null && !Number.isFinite(n)))
    return { value: null, unreadable: true }
  return { value: n, unreadable: false }
}
