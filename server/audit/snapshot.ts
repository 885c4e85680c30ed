/**
 * How an entity is stored in an audit row: a flat object of field → value, so the Audit page and the
 * history panels diff it field by field. Attribute lists become `attributes.<key>` fields, a record's
 * data `data.<variable>` fields; secrets never enter the log.
 */

const SECRET = /password|hash|token|secret/i

type Flat = Record<string, unknown>

const isAttributeList = (value: unknown): value is { key: string; value: unknown }[] =>
  Array.isArray(value) &&
  value.every((v) => v !== null && typeof v === 'object' && typeof (v as { key?: unknown }).key === 'string')

/** The entity as a flat field map, or null when there is none (before a create, after a delete). */
export function snapshot(entity: unknown): Flat | null {
  if (entity === null || entity === undefined) return null
  if (typeof entity !== 'object' || Array.isArray(entity)) return { value: entity }
  const flat: Flat = {}
  for (const [key, value] of Object.entries(entity)) {
    if (SECRET.test(key)) continue
    if (key === 'attributes' && isAttributeList(value)) {
      for (const attribute of value) flat[`attributes.${attribute.key}`] = attribute.value
    } else if (key === 'data' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [variable, v] of Object.entries(value)) flat[`data.${variable}`] = v
    } else {
      flat[key] = value instanceof Date ? value.toISOString() : value
    }
  }
  return flat
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * What an audit row stores: the whole entity for a create or a delete; for an update only the fields
 * that changed, on both sides (the diff is the same, and a large record type layout is not copied into
 * every row). Null when an update changed nothing.
 */
export function changeOf(
  before: Flat | null,
  after: Flat | null,
): { action: 'create' | 'update' | 'delete'; before: Flat | null; after: Flat | null } | null {
  if (!before && !after) return null
  if (!before) return { action: 'create', before: null, after }
  if (!after) return { action: 'delete', before, after: null }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !same(before[k], after[k]),
  )
  if (keys.length === 0) return null
  const pick = (flat: Flat) => Object.fromEntries(keys.filter((k) => k in flat).map((k) => [k, flat[k]]))
  return { action: 'update', before: pick(before), after: pick(after) }
}
