import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react'

/**
 * What the DayText boxes of one set of filters share with it: which boxes show text that is not a day,
 * and the number of times Clear Filters was pressed (a box drops its text when it changes).
 */
export interface DayTextScope {
  /** Bumped by `clear`: a box whose text is not a day empties it. */
  generation: number
  /** A box says whether it shows text that is not a day (false again when it goes). */
  report: (box: string, unreadable: boolean) => void
}

/** The scope a DayText reports to; none (its default) for a box that no Clear Filters empties. */
export const DayTextScopeContext = createContext<DayTextScope | null>(null)

/**
 * The one rule for Clear Filters over DayText boxes (docs/decisions.md): text that is not a day clears
 * its filter but stays in the box, so with no filter left Clear Filters must still be offered, and must
 * empty that text. A page holds this hook with its own filters' reset, wraps its filters in
 * `<DayTexts scope={…}>`, keeps Clear Filters enabled while `unreadable`, and gives Clear Filters `clear`:
 * the page's reset, then the boxes' text.
 */
export function useDayTextScope(reset: () => void) {
  const [unreadable, setUnreadable] = useState<ReadonlySet<string>>(() => new Set())
  const [generation, setGeneration] = useState(0)
  const report = useCallback(
    (box: string, bad: boolean) =>
      setUnreadable((boxes) => {
        if (boxes.has(box) === bad) return boxes
        const next = new Set(boxes)
        if (bad) next.add(box)
        else next.delete(box)
        return next
      }),
    [],
  )
  const scope = useMemo<DayTextScope>(() => ({ generation, report }), [generation, report])
  const clear = () => {
    reset()
    setGeneration((n) => n + 1)
  }
  return { scope, unreadable: unreadable.size > 0, clear }
}

/** Gives the DayText boxes inside it the scope of `useDayTextScope`. */
export function DayTexts({ scope, children }: { scope: DayTextScope; children: ReactNode }) {
  return <DayTextScopeContext.Provider value={scope}>{children}</DayTextScopeContext.Provider>
}
