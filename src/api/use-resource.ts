import { useCallback, useEffect, useRef, useState } from 'react'

/** State of a page's data: loading, then data or an error (SPEC §4 "Pages"). */
export interface Resource<T> {
  data: T | undefined
  loading: boolean
  error: unknown
  /** Loads again (after a save, or a retry). */
  reload: () => void
}

/**
 * Loads data for a page and keeps loading/error state; the newest call wins when `deps` change
 * quickly. `load` receives an AbortSignal to cancel stale requests.
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): Resource<T> {
  const [state, setState] = useState<{ data?: T; loading: boolean; error: unknown; for?: unknown[] }>({
    loading: true,
    error: null,
  })
  const [tick, setTick] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const current = [...deps, tick]
  // Between a change of `deps` and the effect that loads for them, the state is still the old one's: say
  // loading then, or a grid reads the old (or a skipped, empty) answer as loaded for one frame (s12).
  const stale =
    !state.for || state.for.length !== current.length || current.some((v, i) => !Object.is(v, state.for![i]))

  useEffect(() => {
    const controller = new AbortController()
    setState((s) => ({ ...s, loading: true, error: null, for: current }))
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, loading: false, error: null, for: current }),
      (error) => !controller.signal.aborted && setState((s) => ({ ...s, loading: false, error })),
    )
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick])

  const reload = useCallback(() => setTick((t) => t + 1), [])
  return { data: state.data, loading: state.loading || stale, error: state.error, reload }
}
