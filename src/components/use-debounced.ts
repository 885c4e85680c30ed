import { useEffect, useState } from 'react'

/**
 * `value`, settled: it follows `value` after `delayMs` without changes. When `immediate(next, shown)`
 * says so (e.g. a page change rather than a keystroke) it follows at once.
 */
export function useDebounced<T>(value: T, delayMs: number, immediate?: (next: T, shown: T) => boolean): T {
  const [shown, setShown] = useState(value)
  const now = value !== shown && immediate?.(value, shown) === true
  useEffect(() => {
    if (value === shown) return
    if (now) {
      setShown(value)
      return
    }
    const timer = setTimeout(() => setShown(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, shown, now, delayMs])
  return now ? value : shown
}
