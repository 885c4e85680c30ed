/**
 * Undo/redo for the designer: past, present and future states. Pure; the store holds one
 * `History` and replaces it on each action. Rapid edits of one thing (typing a label) coalesce into
 * one undo step when they share a `coalesceKey` and arrive within `COALESCE_MS` of each other.
 */

export interface History<T> {
  readonly past: readonly T[]
  readonly present: T
  readonly future: readonly T[]
  /** Key and time of the last recorded change, for coalescing. */
  readonly last?: { key: string; at: number }
}

/** Edits with the same key closer together than this are one undo step. */
export const COALESCE_MS = 1000

/** Undo steps kept; older ones are dropped. */
export const HISTORY_LIMIT = 100

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] }
}

export interface RecordOptions {
  /** Same key + within COALESCE_MS of the previous change → merged into it (e.g. 'label:0.2'). */
  coalesceKey?: string
  /** Time of the change in ms; passed in so the history stays pure and testable. */
  at?: number
  limit?: number
}

/**
 * Records `next` as the new present. The same object as the present is not a change (commands
 * return their input when they do nothing), so it adds no undo step.
 */
export function record<T>(history: History<T>, next: T, options: RecordOptions = {}): History<T> {
  if (Object.is(next, history.present)) return history
  const { coalesceKey, at = 0, limit = HISTORY_LIMIT } = options
  const last = coalesceKey === undefined ? undefined : { key: coalesceKey, at }
  const coalesce =
    coalesceKey !== undefined &&
    history.last?.key === coalesceKey &&
    at - history.last.at <= COALESCE_MS &&
    history.future.length === 0
  if (coalesce) return { past: history.past, present: next, future: [], last }
  const past = [...history.past, history.present]
  return {
    past: past.length > limit ? past.slice(past.length - limit) : past,
    present: next,
    future: [],
    last,
  }
}

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0
export const canRedo = (history: History<unknown>): boolean => history.future.length > 0

/** Steps back one change; unchanged when there is nothing to undo. */
export function undo<T>(history: History<T>): History<T> {
  if (!canUndo(history)) return history
  const previous = history.past[history.past.length - 1]
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] }
}

/** Re-applies the change last undone; unchanged when there is nothing to redo. */
export function redo<T>(history: History<T>): History<T> {
  if (!canRedo(history)) return history
  const [next, ...future] = history.future
  return { past: [...history.past, history.present], present: next, future }
}
