import type { Endpoint } from '../../schemas/form-layout'
import type { RuntimeContextIds, RuntimeHost } from '../form/services'

/**
 * Where dropdown and multiselect controls take their choices (SPEC §3 "Form layout"): fixed `values`,
 * a named `source`, or a layout `endpoint` on {meta} whose URL parameters come from other variables.
 * Pure functions; the `useListOptions` hook does the fetching.
 */

/** The list settings the compiler copies into a dropdown's or multiselect's `ui:options`. */
export interface ListSpec {
  values?: string[]
  source?: string
  endpoint?: Endpoint
  filterfield?: string
  filtervalue?: string
  outField?: string
}

/** One choice: what is stored, what is shown, and the item it came from (for filtering). */
export interface ListOption {
  value: string
  label: string
  item: unknown
}

/** A GET to make, or why none can be made yet. */
export type ListRequest =
  { host: RuntimeHost; path: string } | { waitingFor: string } | { unknownSource: string }

const FAULT_REPAIR_ITEMS = 'FaultRepairItems'

/**
 * The request behind each named source. Fault and repair items share the product type's item list
 * (`{meta}/api/AssetModels/attributes/{productTypeId}/FaultRepairItems`, an attribute whose value is a
 * JSON list of names); descriptives are the configuration domains of SPEC §7.
 */
export function sourceRequest(source: string, context: RuntimeContextIds): ListRequest {
  switch (source) {
    case 'customers':
      return { host: 'meta', path: '/api/Customers' }
    case 'calibrators':
      return { host: 'itr', path: '/api/calibrators' }
    case 'locations':
      return context.ownerId === undefined
        ? { waitingFor: 'device owner' }
        : { host: 'itr', path: `/api/DeviceOwners/${context.ownerId}/Locations` }
    case 'faultItems':
    case 'repairItems':
      return context.productTypeId === undefined
        ? { waitingFor: 'product type' }
        : {
            host: 'meta',
            path: `/api/AssetModels/attributes/${context.productTypeId}/${FAULT_REPAIR_ITEMS}`,
          }
    case 'faultDescriptives':
      return { host: 'meta', path: '/api/Configuration/ITRFAULTDESCRIPTIVE' }
    case 'repairDescriptives':
      return { host: 'meta', path: '/api/Configuration/ITRREPAIRDESCRIPTIVE' }
    default:
      return { unknownSource: source }
  }
}

/** Variables whose values a list reads: its filter variable and its endpoint's variable parameters. */
export function listDependencies(spec: ListSpec): string[] {
  const out: string[] = []
  if (spec.filterfield) out.push(spec.filterfield)
  for (const param of spec.endpoint?.urlParams ?? [])
    if (param.type === 'variable') out.push(param.field ?? param.name)
  return [...new Set(out)]
}

const present = (v: unknown) => v !== null && v !== undefined && v !== ''

/**
 * `GET {meta}{parsed url}` for a layout endpoint. Each URL parameter is resolved — `variable`: the
 * value of the variable named by `field` (or `name`); `other`: the runtime context id named by `value`
 * (or `name`), e.g. ownerId; `param`: its literal `value` — and then fills the `{name}` placeholder in
 * `api` if there is one, or is appended to the query string. A variable without a value means the list
 * cannot be asked for yet.
 */
export function endpointRequest(
  endpoint: Endpoint,
  values: Readonly<Record<string, unknown>>,
  context: RuntimeContextIds,
): ListRequest {
  let path = endpoint.api.startsWith('/') ? endpoint.api : `/${endpoint.api}`
  const query: string[] = []
  for (const param of endpoint.urlParams ?? []) {
    let value: unknown
    if (param.type === 'variable') value = values[param.field ?? param.name]
    else if (param.type === 'other') value = context[(param.value ?? param.name) as keyof RuntimeContextIds]
    else value = param.value
    if (!present(value)) return { waitingFor: param.field ?? param.name }
    const text = encodeURIComponent(String(value))
    const placeholder = `{${param.name}}`
    if (path.includes(placeholder)) path = path.split(placeholder).join(text)
    else query.push(`${encodeURIComponent(param.name)}=${text}`)
  }
  return {
    host: 'meta',
    path: query.length ? `${path}${path.includes('?') ? '&' : '?'}${query.join('&')}` : path,
  }
}

/** The request for a list, or null when it has fixed values. */
export function listRequest(
  spec: ListSpec,
  values: Readonly<Record<string, unknown>>,
  context: RuntimeContextIds,
): ListRequest | null {
  if (spec.values && spec.values.length > 0) return null
  if (spec.endpoint) return endpointRequest(spec.endpoint, values, context)
  if (spec.source) return sourceRequest(spec.source, context)
  return null
}

/** The items of an answer: a plain list, a page (`result`), or an attribute whose value is a JSON list. */
export function itemsOf(response: unknown): unknown[] {
  if (Array.isArray(response)) return response
  if (typeof response === 'object' && response !== null) {
    const r = response as { result?: unknown; value?: unknown }
    if (Array.isArray(r.result)) return r.result
    if (typeof r.value === 'string') {
      try {
        const parsed: unknown = JSON.parse(r.value)
        if (Array.isArray(parsed)) return parsed
      } catch {
        // An attribute that is not a JSON list holds no choices.
      }
    }
  }
  return []
}

const field = (item: unknown, name: string): unknown =>
  typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[name] : undefined

/**
 * Items as choices. A string is its own value. For an object, the stored value is its `outField`,
 * else its `name`, else its `value` (configuration rows), else its id; the shown text joins the
 * endpoint's `outFields` when given, else uses the same fields.
 */
export function toOptions(items: readonly unknown[], spec: ListSpec): ListOption[] {
  const out: ListOption[] = []
  const seen = new Set<string>()
  for (const item of items) {
    let value: unknown
    let label: unknown
    if (typeof item === 'string' || typeof item === 'number') value = label = item
    else {
      value = spec.outField
        ? field(item, spec.outField)
        : (field(item, 'name') ?? field(item, 'value') ?? field(item, 'id'))
      const shown = spec.endpoint?.outFields?.map((f) => field(item, f)).filter(present)
      label =
        shown && shown.length ? shown.join(' - ') : (field(item, 'name') ?? field(item, 'value') ?? value)
    }
    if (!present(value)) continue
    const text = String(value)
    if (seen.has(text)) continue
    seen.add(text)
    out.push({ value: text, label: String(label), item })
  }
  return out
}

/** Options whose `filtervalue` field equals the filter variable's value; all of them while it is empty. */
export function filterOptions(options: ListOption[], spec: ListSpec, filterValue: unknown): ListOption[] {
  if (!spec.filterfield || !spec.filtervalue || !present(filterValue)) return options
  return options.filter((o) => String(field(o.item, spec.filtervalue as string)) === String(filterValue))
}
