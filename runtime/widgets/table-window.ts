import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'

/**
 * Windowing of long measurement tables (issue #14 performance: a 1,000-row table renders and scrolls with
 * no task over 100 ms). A table of more than `WINDOW_FROM` rows renders only the rows in view and a few
 * either side, between two spacer rows of the others' height, so the work per scroll step is a few dozen
 * rows however long the table. Shorter tables render every row (nothing to gain, and find-in-page works).
 */

/** Tables up to this many rows are rendered whole. */
export const WINDOW_FROM = 100
/**
 * Rows rendered beyond each edge of the view. Few: every scroll step restyles and lays out every rendered
 * row, so each row kept out of view costs every step (4 rather than 10 took the longest scroll task of
 * bench/form-table.ts down by about a sixth, in thread time).
 */
const OVERSCAN = 4
/** A row's height before one is measured: a small input plus the cell padding (40 px in the app's CSS). */
const DEFAULT_ROW_PX = 40

/** The rows to render: `start` inclusive, `end` exclusive. */
export interface RowRange {
  start: number
  end: number
}

/**
 * The rows in view: the body's top is `bodyTop` px from the top of the viewport (negative once scrolled
 * past), the viewport `viewHeight` px high, each row `rowPx` high, with `OVERSCAN` rows either side.
 */
export function visibleRange(count: number, bodyTop: number, viewHeight: number, rowPx: number): RowRange {
  if (count <= WINDOW_FROM) return { start: 0, end: count }
  const first = Math.floor(Math.max(0, -bodyTop) / rowPx)
  const last = Math.ceil(Math.max(0, viewHeight - bodyTop) / rowPx)
  const start = Math.max(0, Math.min(count, first) - OVERSCAN)
  const end = Math.min(count, Math.max(start + 1, last) + OVERSCAN)
  return { start, end }
}

/**
 * The rows of the first render, before the body's place on the page is known: the rows that could fill the
 * window were the body at its top, and no overscan. The first frame of a long table is its longest task
 * (style and layout of every rendered row); the measurement in the next frame adds what the view needs.
 */
export function initialRange(count: number, viewHeight: number): RowRange {
  if (count <= WINDOW_FROM) return { start: 0, end: count }
  return { start: 0, end: Math.min(count, Math.ceil(viewHeight / DEFAULT_ROW_PX)) }
}

/**
 * The row range of a table body that follows scrolling (of the page or of any container: scroll events
 * are caught in the capture phase) and resizing; `reveal(row)` brings a row outside the range into it,
 * for keyboard moves to a row not rendered yet.
 */
export function useRowWindow(body: RefObject<HTMLTableSectionElement | null>, count: number) {
  const rowPx = useRef(DEFAULT_ROW_PX)
  const [range, setRange] = useState<RowRange>(() => initialRange(count, window.innerHeight))
  const update = useCallback(() => {
    const el = body.current
    if (!el) return
    const row = el.querySelector<HTMLElement>('tr[data-row]')
    if (row && row.offsetHeight > 0) rowPx.current = row.offsetHeight
    const next = visibleRange(count, el.getBoundingClientRect().top, window.innerHeight, rowPx.current)
    setRange((r) => (r.start === next.start && r.end === next.end ? r : next))
  }, [body, count])
  useEffect(() => {
    if (count <= WINDOW_FROM) return
    // Measured in the next frame, not during the commit: reading layout there would force the page's
    // first layout into React's task (a long task on a big form).
    let frame = requestAnimationFrame(() => ((frame = 0), update()))
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), update()))
    }
    window.addEventListener('scroll', onScroll, { capture: true, passive: true })
    window.addEventListener('resize', onScroll, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll, { capture: true })
      window.removeEventListener('resize', onScroll)
    }
  }, [count, update])
  const reveal = useCallback(
    (row: number) =>
      setRange((r) =>
        row >= r.start && row < r.end
          ? r
          : { start: Math.max(0, row - OVERSCAN), end: Math.min(count, row + OVERSCAN + 1) },
      ),
    [count],
  )
  // A short table shows every row; a long one never past its end (rows removed since the last scroll).
  const shown =
    count <= WINDOW_FROM
      ? { start: 0, end: count }
      : { start: Math.min(range.start, count), end: Math.min(Math.max(range.end, range.start + 1), count) }
  return { range: shown, rowPx: rowPx.current, reveal }
}
