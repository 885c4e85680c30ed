import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react'
import type { CompiledLayout } from '../compiler'
import type { FieldSnapshot, FormStore } from './form-store'
import { hiddenKey } from './derive-live'
import type { RuntimeServices } from './services'
import type { CalibrationRuntime } from './calibration-runtime'

/** What every widget of one open form can reach without props drilling through rjsf. */
export interface RuntimeContextValue {
  store: FormStore
  services: RuntimeServices
  compiled: CompiledLayout
  /** The whole form is read-only (an existing record before Edit). */
  readOnly: boolean
  /** SPEC §2 'Lock Items': every entry except serial lookups is read-only. */
  locked: boolean
  /** A user edit of one variable: updates the store and tells the page. */
  change(variable: string, value: unknown): void
  /** Prefix of the DOM ids of this form's inputs (several forms may share a page). */
  idPrefix: string
  /** The calibration gate's page side (issue #15.1); absent: devices are judged now, no overrides. */
  calibration?: CalibrationRuntime
}

export const RuntimeContext = createContext<RuntimeContextValue | null>(null)

/** The open form's runtime; throws outside a RecordForm (or a test's RuntimeProvider). */
export function useRuntime(): RuntimeContextValue {
  const runtime = useContext(RuntimeContext)
  if (!runtime) throw new Error('Form widgets must be rendered inside a RecordForm.')
  return runtime
}

/** The runtime when there is one: lets a widget also work in a plain rjsf form. */
export function useOptionalRuntime(): RuntimeContextValue | null {
  return useContext(RuntimeContext)
}

/** The current value of one variable; the component re-renders only when that value changes. */
export function useVariable(variable: string | undefined): unknown {
  const runtime = useContext(RuntimeContext)
  const subscribe = useCallback(
    (listener: () => void) =>
      runtime && variable ? runtime.store.subscribe(variable, listener) : () => undefined,
    [runtime, variable],
  )
  return useSyncExternalStore(subscribe, () =>
    runtime && variable ? runtime.store.get(variable) : undefined,
  )
}

const NO_VALUES: readonly unknown[] = Object.freeze([])

/**
 * The snapshots (see `useSlot`) of several variables with one subscription: a section of the form (a
 * group and its badge) binds all its fields at once, so mounting a big form makes one subscription and
 * one pair of effects per group instead of per field (issue #17.5). `keys` must be the same array while
 * the variables do not change; the result is the same array until one of the snapshots changes.
 */
export function useSnapshots(keys: readonly string[]): readonly FieldSnapshot[] {
  const { store } = useRuntime()
  const cache = useRef<readonly FieldSnapshot[]>(NO_VALUES as FieldSnapshot[])
  const subscribe = useCallback(
    (listener: () => void) => {
      const offs = keys.map((v) => store.subscribe(v, listener))
      return () => offs.forEach((off) => off())
    },
    [store, keys],
  )
  const snapshot = () => {
    const previous = cache.current
    const same = previous.length === keys.length && keys.every((v, i) => previous[i] === store.snapshot(v))
    if (!same) cache.current = keys.map((v) => store.snapshot(v))
    return cache.current
  }
  return useSyncExternalStore(subscribe, snapshot)
}

/**
 * The current values of several variables (a list's filter and endpoint parameters). The array is
 * the same object until one of the values changes, so the caller re-renders only then.
 */
export function useVariables(variables: readonly string[]): readonly unknown[] {
  const runtime = useContext(RuntimeContext)
  const key = variables.join('\u0000')
  const cache = useRef<readonly unknown[]>(NO_VALUES)
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!runtime || key === '') return () => undefined
      const offs = key.split('\u0000').map((v) => runtime.store.subscribe(v, listener))
      return () => offs.forEach((off) => off())
    },
    [runtime, key],
  )
  const snapshot = () => {
    if (!runtime || key === '') return NO_VALUES
    const names = key.split('\u0000')
    const previous = cache.current
    const same =
      previous.length === names.length && names.every((v, i) => Object.is(previous[i], runtime.store.get(v)))
    if (!same) cache.current = names.map((v) => runtime.store.get(v))
    return cache.current
  }
  return useSyncExternalStore(subscribe, snapshot)
}

/** Whether a group, row or note (by control id) is hidden by its condition (issue #14); re-renders only when that changes. */
export function useHidden(id: string | undefined): boolean {
  const runtime = useContext(RuntimeContext)
  const subscribe = useCallback(
    (listener: () => void) =>
      runtime && id ? runtime.store.subscribe(hiddenKey(id), listener) : () => undefined,
    [runtime, id],
  )
  return useSyncExternalStore(subscribe, () => (runtime && id ? runtime.store.isHidden('id', id) : false))
}
