import { calibratorWriteSchema } from '../entities/calibrator'
import { deviceOwnerWriteSchema, locationWriteSchema } from '../entities/device-owner'
import { surveyRepairFormSchema } from '../entities/fault-repair'
import { productTypeWriteSchema } from '../entities/product-type'
import { supplierWriteSchema } from '../entities/supplier'
import { fieldMappingsSchema } from '../form-layout/field-mappings'
import { formLayoutSchema } from '../form-layout/layout-schema'
import { comparisonSchema, conditionSchema } from '../form-layout/condition-schema'
import { certificateSettingsSchema } from '../settings'

/**
 * The schemas the browser validates that are known at build time, by export name: ajv compiles them
 * to standalone code during `vite build` (no `eval` in the browser, see docs/security.md). Any other
 * schema (record data, forms assembled from data) is validated by runtime/validation's interpreter;
 * a schema listed here is found by content, so a copy (e.g. without `$id`) still uses its precompiled
 * validator.
 */
export const STATIC_SCHEMAS = {
  formLayout: formLayoutSchema,
  fieldMappings: fieldMappingsSchema,
  supplierWrite: supplierWriteSchema,
  productTypeWrite: productTypeWriteSchema,
  deviceOwnerWrite: deviceOwnerWriteSchema,
  locationWrite: locationWriteSchema,
  calibratorWrite: calibratorWriteSchema,
  surveyRepairForm: surveyRepairFormSchema,
  certificateSettings: certificateSettingsSchema,
} as const

/** A name in `STATIC_SCHEMAS`. */
export type StaticSchemaName = keyof typeof STATIC_SCHEMAS

/** The schema as compiled: without `$id`, so ajv never sees one id twice and copies match by content. */
export function withoutSchemaId(schema: object): object {
  if (!('$id' in schema)) return schema
  const { $id: _id, ...rest } = schema as { $id?: unknown }
  return rest
}

/**
 * Subschemas the layout repeats in every control kind (`visibleIf`, `requiredIf`, and the comparisons
 * inside them). ajv writes a copy of a repeated subschema's code wherever it appears: ~270 KB of
 * generated code per control kind, 4.3 MB in all, most of the designer's JS (issue #17 point 6). Compiled
 * from one definition each, behind a `$ref`, they are one function each; see `schemaToCompile`.
 */
const SHARED_SUBSCHEMAS: Record<string, object> = {
  condition: conditionSchema,
  comparison: comparisonSchema,
}

/** Same content, same key: object keys sorted, a node's own `description` left out. */
function contentKey(node: object): string {
  const { description: _d, ...rest } = node as { description?: unknown }
  return JSON.stringify(rest, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )
}

const SHARED_KEYS = Object.entries(SHARED_SUBSCHEMAS).map(([name, s]) => [contentKey(s), name] as const)

/** `node` with every copy of a shared subschema (but `skip`) replaced by a `$ref` to its definition. */
function referShared(node: unknown, used: Set<string>, skip?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => referShared(n, used, skip))
  if (!node || typeof node !== 'object') return node
  const key = contentKey(node)
  const shared = SHARED_KEYS.find(([k, name]) => k === key && name !== skip)?.[1]
  if (shared) {
    used.add(shared)
    const { description } = node as { description?: unknown }
    return { $ref: `#/definitions/${shared}`, ...(description === undefined ? {} : { description }) }
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, referShared(v, used, skip)]))
}

/**
 * The schema `name` as ajv compiles it, in Node and in the build alike: without `$id`, and with the
 * shared subschemas as definitions behind `$ref`s. ajv inlines a `$ref` only to a schema without
 * `$ref`s; the condition's definition refers to the comparison's, so it stays one function that every
 * control calls. Same verdicts and messages as the schema as written (static-validators.test.ts); an
 * error inside a condition names the definition in its `schemaPath` and `parentSchema`. Browsers match a
 * schema to its validator by the schema as written (runtime/validation/validator-for.ts).
 */
export function schemaToCompile(name: StaticSchemaName): object {
  const used = new Set<string>()
  const root = referShared(withoutSchemaId(STATIC_SCHEMAS[name]), used) as Record<string, unknown>
  if (!used.size) return root
  const definitions = { ...(root.definitions as object | undefined) } as Record<string, unknown>
  // A definition may use another (a condition's `and`/`or` lists hold comparisons): a Set's iteration
  // also visits what is added while it runs.
  for (const shared of used) definitions[shared] ??= referShared(SHARED_SUBSCHEMAS[shared], used, shared)
  return { ...root, definitions }
}
