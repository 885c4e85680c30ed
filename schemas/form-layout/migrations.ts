import { CONTROL_TYPES, LAYOUT_VERSION, MAX_COL, TEST_TYPES } from './constants'
import type { FormLayout } from './layout-schema'
import { validateLayout } from './validate-layout'
import { fillControlIds, withControlIds } from './control-ids'
import type { LayoutIssue } from './validate-layout'

/**
 * Pure migrations of stored layouts to the current `LAYOUT_VERSION`. Records keep the layout
 * version they were captured with (DESIGN §5), so old documents must stay readable: each step lifts
 * a document by exactly one version and never mutates its input.
 *
 * Version 0 is every layout written before layouts carried a `version`: hand-written JSON pasted
 * into the record-type textarea. Its known looseness (type names in any case, numbers and booleans
 * as strings, comma-separated values, missing labels or children) is normalised so the strict v1
 * schema accepts it.
 */

type Json = Record<string, unknown>

/** Thrown for documents no migration can read (not an object, or from a newer version). */
export class LayoutMigrationError extends Error {}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Legacy spellings seen in hand-written layouts, beyond differences of case. */
const TYPE_ALIASES: Record<string, string> = {
  text: 'singletext',
  textarea: 'multitext',
  date: 'datepicker',
  file: 'upload',
}

const canonical = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined => {
  if (typeof value !== 'string') return undefined
  const lower = value.trim().toLowerCase()
  return allowed.find((name) => name.toLowerCase() === lower)
}

const toNumber = (value: unknown): unknown => {
  if (typeof value !== 'string' || value.trim() === '') return value
  const n = Number(value)
  return Number.isFinite(n) ? n : value
}

const toBoolean = (value: unknown): unknown => (value === 'true' ? true : value === 'false' ? false : value)

function migrateControlV0(input: unknown): unknown {
  if (!isObject(input)) return input
  const control: Json = { ...input }
  const type = canonical(TYPE_ALIASES[String(control.type).toLowerCase()] ?? control.type, CONTROL_TYPES)
  if (type) control.type = type

  if ('col' in control) {
    const col = toNumber(control.col)
    control.col = typeof col === 'number' ? Math.min(MAX_COL, Math.max(1, Math.round(col))) : col
  }
  for (const key of ['min', 'max', 'maxValues'] as const) {
    if (key in control) control[key] = toNumber(control[key])
  }
  for (const key of ['naOption', 'barcode', 'required'] as const) {
    if (key in control) control[key] = toBoolean(control[key])
  }
  if (typeof control.testNumber === 'number') control.testNumber = String(control.testNumber)
  if (type === 'testField') {
    const testType = canonical(control.testType, TEST_TYPES)
    if (testType) control.testType = testType
  }
  if (typeof control.values === 'string') {
    control.values = control.values
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
  }
  // Older layouts left labels out and showed the variable; v1 requires a label on value controls.
  if (typeof control.variable === 'string' && control.label === undefined && type !== 'group') {
    control.label = control.variable
  }
  if (type === 'group' || type === 'row') {
    control.children = Array.isArray(control.children) ? control.children.map(migrateControlV0) : []
  }
  return control
}

/** v0 (unversioned legacy) → v1. */
export function migrateV0toV1(doc: Json): Json {
  return {
    ...doc,
    version: 1,
    title: typeof doc.title === 'string' ? doc.title : '',
    controls: Array.isArray(doc.controls) ? doc.controls.map(migrateControlV0) : [],
  }
}

/** v1 → v2: every control gets a stable id (control-ids.ts). */
export function migrateV1toV2(doc: Json): Json {
  const controls = Array.isArray(doc.controls) ? fillControlIds(doc.controls as Json[]) : doc.controls
  return { ...doc, version: 2, controls }
}

/** `MIGRATIONS[n]` lifts a version-n document to n + 1. */
export const MIGRATIONS: Readonly<Record<number, (doc: Json) => Json>> = {
  0: migrateV0toV1,
  1: migrateV1toV2,
}

/** Version of a stored layout: documents without one are the legacy version 0. */
export function layoutVersionOf(doc: Json): number {
  return typeof doc.version === 'number' ? doc.version : 0
}

/**
 * Lifts a stored layout (parsed JSON) to the current version. The result is not validated yet;
 * use `loadLayout` for migrate-then-validate.
 */
export function migrateLayout(doc: unknown): { document: Json; fromVersion: number } {
  if (!isObject(doc)) throw new LayoutMigrationError('A form layout must be a JSON object.')
  const fromVersion = layoutVersionOf(doc)
  if (!Number.isInteger(fromVersion) || fromVersion < 0 || fromVersion > LAYOUT_VERSION) {
    throw new LayoutMigrationError(`Form layout version ${String(doc.version)} is not supported.`)
  }
  let document = doc
  for (let version = fromVersion; version < LAYOUT_VERSION; version++) {
    document = MIGRATIONS[version](document)
  }
  return { document, fromVersion }
}

/** Migrates then validates a stored layout: what the runtime and designer call on load. */
export function loadLayout(
  doc: unknown,
): { ok: true; layout: FormLayout; fromVersion: number } | { ok: false; issues: LayoutIssue[] } {
  let migrated: { document: Json; fromVersion: number }
  try {
    migrated = migrateLayout(doc)
  } catch (error) {
    if (error instanceof LayoutMigrationError)
      return { ok: false, issues: [{ path: '', message: error.message }] }
    throw error
  }
  const result = validateLayout(migrated.document)
  // A version-2 document may still lack ids (typed in the JSON view, written by hand): they are filled in.
  return result.ok
    ? { ok: true, layout: withControlIds(result.layout), fromVersion: migrated.fromVersion }
    : result
}
