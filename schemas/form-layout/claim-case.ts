import { PASS_OR_FAIL, type PassOrFail } from './constants'
import type { FormLayout } from './layout-schema'
import { variableOf, walkControls } from './layout-walk'
import { tablesOf } from './table-judge'

/**
 * Case is not significant in a claimed result (docs/decisions.md "The server judges every record"; audit
 * s9 F12): 'pass', 'FAIL' and 'N/A' claim what 'Pass', 'Fail' and 'n/a' do. The server writes each claim
 * in its stored form before judging, so the judge, the data schema and the stored record all read one
 * spelling. A word that is no result stays as sent, for the data schema to refuse with its message.
 */

const BY_LOWER = new Map<string, PassOrFail>(PASS_OR_FAIL.map((r) => [r.toLowerCase(), r]))

/** A claimed result in its stored spelling; anything else as it is. */
export function canonicalResult(claim: unknown): unknown {
  return typeof claim === 'string' ? (BY_LOWER.get(claim.toLowerCase()) ?? claim) : claim
}

const isEntry = (v: unknown): v is { passOrFail: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'passOrFail' in v

/** A test entry `{value, passOrFail}` with its claim canonical; the same object when it already is. */
function canonicalEntry(entry: unknown): unknown {
  if (!isEntry(entry)) return entry
  const claim = canonicalResult(entry.passOrFail)
  return claim === entry.passOrFail ? entry : { ...entry, passOrFail: claim }
}

/** The rows of a table with each test cell's claim canonical; the same list when nothing changed. */
function canonicalRows(rows: readonly unknown[], tests: readonly string[]): readonly unknown[] {
  let changed = false
  const out = rows.map((row) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return row
    let next: Record<string, unknown> | null = null
    for (const column of tests) {
      const cell = (row as Record<string, unknown>)[column]
      const canonical = canonicalEntry(cell)
      if (canonical !== cell) (next ??= { ...(row as Record<string, unknown>) })[column] = canonical
    }
    if (next) changed = true
    return next ?? row
  })
  return changed ? out : rows
}

/**
 * The submitted data with every claimed result in its stored spelling: a test field's `passOrFail`, a
 * group's result and each test cell's `passOrFail`. The same object when nothing changed.
 */
export function canonicalClaims(
  layout: Pick<FormLayout, 'controls'>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const changes: [string, unknown][] = []
  for (const { control } of walkControls(layout.controls)) {
    const variable = variableOf(control)
    if (!variable || !(variable in data)) continue
    if (control.type === 'testField') changes.push([variable, canonicalEntry(data[variable])])
    else if (control.type === 'group') changes.push([variable, canonicalResult(data[variable])])
  }
  for (const table of tablesOf(layout)) {
    const rows = data[table.variable]
    if (!Array.isArray(rows)) continue
    const tests = table.columns.filter((c) => c.type === 'testField').map((c) => c.variable)
    changes.push([table.variable, canonicalRows(rows, tests)])
  }
  const changed = changes.filter(([variable, value]) => value !== data[variable])
  return changed.length ? { ...data, ...Object.fromEntries(changed) } : data
}
