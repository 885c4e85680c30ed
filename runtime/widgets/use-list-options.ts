import { useEffect, useMemo, useState } from 'react'
import { useOptionalRuntime, useVariables } from '../form/runtime-context'
import type { RuntimeServices } from '../form/services'
import { WIDGET_MESSAGES } from './messages'
import {
  filterOptions,
  itemsOf,
  listDependencies,
  listRequest,
  toOptions,
  type ListOption,
  type ListSpec,
} from './list-source'

/** One answer per services object and URL: fifty dropdowns on 'customers' make one call. */
const responses = new WeakMap<RuntimeServices, Map<string, Promise<unknown>>>()

function fetchOnce(services: RuntimeServices, host: 'meta' | 'itr' | 'data', path: string): Promise<unknown> {
  let byUrl = responses.get(services)
  if (!byUrl) responses.set(services, (byUrl = new Map()))
  const key = `${host} ${path}`
  let pending = byUrl.get(key)
  if (!pending) {
    pending = services.fetchJson(host, path)
    // A failure is not remembered: the next render may ask again.
    pending.catch(() => byUrl.delete(key))
    byUrl.set(key, pending)
  }
  return pending
}

export interface ListState {
  options: ListOption[]
  loading: boolean
  /** Why the list is empty: a failed call, or what it waits for. */
  message?: string
}

/**
 * The choices of a dropdown or multiselect. Reads the variables the list depends on from the form
 * store, so when one of them changes the endpoint is asked again (SPEC §4 "Data entry"), and only
 * this widget re-renders.
 */
export function useListOptions(spec: ListSpec): ListState {
  const runtime = useOptionalRuntime()
  const dependencies = useMemo(() => listDependencies(spec), [spec])
  const values = useVariables(dependencies)
  const byName = useMemo(
    () => Object.fromEntries(dependencies.map((name, i) => [name, values[i]])),
    [dependencies, values],
  )
  const context = runtime?.services.context
  const request = useMemo(() => listRequest(spec, byName, context ?? {}), [spec, byName, context])
  const url = request && 'path' in request ? `${request.host} ${request.path}` : null
  const [answer, setAnswer] = useState<{ url: string; items?: unknown[]; error?: string } | null>(null)

  useEffect(() => {
    if (!url || !runtime || !request || !('path' in request)) return
    let live = true
    fetchOnce(runtime.services, request.host, request.path).then(
      (response) => live && setAnswer({ url, items: itemsOf(response) }),
      (error: Error) => live && setAnswer({ url, error: WIDGET_MESSAGES.list.loadFailed(error.message) }),
    )
    return () => {
      live = false
    }
    // `request` follows `url`; listing it too would refetch on every new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, runtime])

  return useMemo((): ListState => {
    if (spec.values && spec.values.length > 0)
      return { options: spec.values.map((v) => ({ value: v, label: v, item: v })), loading: false }
    if (!request) return { options: [], loading: false }
    if ('unknownSource' in request)
      return { options: [], loading: false, message: `Unknown list source ${request.unknownSource}.` }
    if ('waitingFor' in request) {
      // Name the control the user has to fill in, not its variable.
      const label = runtime?.compiled.fields[request.waitingFor]?.control.label ?? request.waitingFor
      return { options: [], loading: false, message: `Choose ${label} first.` }
    }
    if (!answer || answer.url !== url) return { options: [], loading: true }
    if (answer.error) return { options: [], loading: false, message: answer.error }
    const filterValue = spec.filterfield ? byName[spec.filterfield] : undefined
    return { options: filterOptions(toOptions(answer.items ?? [], spec), spec, filterValue), loading: false }
  }, [spec, request, answer, url, byName, runtime])
}
