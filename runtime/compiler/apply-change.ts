import { evaluateGroup } from '../pass-fail'
import type { CompiledLayout } from './types'

/**
 * One user change to record data: set the variable, then bring every group result that depends on
 * it up to date (SPEC §4 "Group results"). Only the affected groups are re-evaluated, following
 * `dependents` outwards (a nested group's result feeds its parent), so a keystroke stays O(depth).
 * Returns the same object when nothing changed, which lets React skip the render.
 */
export function applyChange(
  compiled: CompiledLayout,
  data: Readonly<Record<string, unknown>>,
  variable: string,
  value: unknown,
): Readonly<Record<string, unknown>> {
  if (Object.is(data[variable], value)) return data
  const next: Record<string, unknown> = { ...data, [variable]: value }
  const queue = [...(compiled.dependents[variable] ?? [])]
  // Bounded: explicit `tests` lists could name each other in a cycle.
  for (let steps = 0; queue.length > 0 && steps < 10_000; steps++) {
    const groupVariable = queue.shift() as string
    const field = compiled.fields[groupVariable]
    if (!field || field.control.type !== 'group') continue
    const result = evaluateGroup(field.control, next)
    if (next[groupVariable] !== result) {
      next[groupVariable] = result
      queue.push(...(compiled.dependents[groupVariable] ?? []))
    }
  }
  return next
}
