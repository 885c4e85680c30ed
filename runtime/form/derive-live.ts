import { judgeRecord, requiredNow, tablesOf, variableOf } from '../../schemas/form-layout'
import type { CompiledLayout } from '../compiler'
import type { RecordData } from './types'

/**
 * Listener key of a group, row or note's hidden state, by control id. A field's hidden and required-now
 * states wake its variable's own listeners instead: its slot reads them with its value, in one subscription.
 */
export const hiddenKey = (id: string) => `\u0001id:${id}`

/** Keys whose values differ between two records. */
export function changedKeys(before: Readonly<RecordData>, after: Readonly<RecordData>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...keys].filter((k) => !Object.is(before[k], after[k]))
}

/** Members of exactly one of two sets. */
function symmetricDifference(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...[...a].filter((v) => !b.has(v)), ...[...b].filter((v) => !a.has(v))]
}

/** Hidden variables and control ids, and the variables a condition makes required now. */
export interface HiddenState {
  hidden: ReadonlySet<string>
  hiddenIds: ReadonlySet<string>
  required: ReadonlySet<string>
}

/**
 * A layout with rules (calculations, `valueFrom` tests, conditions; issue #14) re-derives the record
 * through the judge after each change, so capture shows exactly what the server will compute: calculated
 * values, the tests judging them, hidden controls (their tests n/a in group results) and group results.
 * Only values that differ are replaced, so only their fields re-render; a hidden field keeps what was
 * typed (shown again, it is back) but a Save leaves it out. Undefined for layouts without rules.
 * `changedHidden` are the listener keys to wake: the variables whose hidden or required-now state
 * changed, and `hiddenKey` of each group, row or note shown or hidden.
 */
export function deriveLive(
  compiled: CompiledLayout,
  data: Readonly<RecordData>,
  before: HiddenState,
): (HiddenState & { data: Readonly<RecordData>; changedHidden: string[] }) | undefined {
  const rules = compiled.rules
  if (rules.none) return undefined
  const judged = judgeRecord(compiled.layout, data, compiled.params)
  let out: RecordData | null = null
  const put = (variable: string, value: unknown) => {
    if (Object.is(data[variable], value)) return
    out ??= { ...data }
    out[variable] = value
  }
  for (const { control } of rules.calculations) put(control.variable, judged.data[control.variable] ?? null)
  for (const test of rules.valueFrom) {
    const now = judged.data[test.variable] as { value?: unknown; passOrFail?: unknown } | null | undefined
    const was = data[test.variable] as typeof now
    if (now?.value !== was?.value || now?.passOrFail !== was?.passOrFail) put(test.variable, now ?? null)
  }
  // Tables (issue #14): the judge keeps unchanged rows and lists as they are, so only a changed table re-renders.
  for (const { variable } of tablesOf(compiled.layout))
    if (variable in judged.data) put(variable, judged.data[variable])
  for (const [variable, result] of Object.entries(judged.groups)) put(variable, result)
  const required = new Set(requiredNow(rules, judged, compiled.params).map((c) => variableOf(c) ?? ''))
  return {
    data: out ?? data,
    hidden: judged.hidden,
    hiddenIds: judged.hiddenIds,
    required,
    changedHidden: [
      ...symmetricDifference(before.hidden, judged.hidden),
      ...symmetricDifference(before.hiddenIds, judged.hiddenIds).map(hiddenKey),
      ...symmetricDifference(before.required, required),
    ],
  }
}
