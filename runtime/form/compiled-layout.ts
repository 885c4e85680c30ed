import { compileLayout, NO_PARAMS, precompileField, validateData } from '../compiler'
import type { CompiledLayout } from '../compiler'
import { testTypeIssue, timespanUnitIssue } from '../pass-fail'
import { deriveRecord, missingRequired, requiredMessageOf } from '../../schemas/form-layout'
import type { FormLayout, Parameters, ValueControl } from '../../schemas/form-layout'
import type { RecordData } from './types'

const cache = new WeakMap<FormLayout, WeakMap<Parameters, CompiledLayout>>()

/**
 * `compileLayout`, once per layout and parameters object (pages keep the layout they loaded and the
 * parameters of its product type, so this hits).
 */
export function compiledFor(layout: FormLayout, params: Parameters = NO_PARAMS): CompiledLayout {
  let byParams = cache.get(layout)
  if (!byParams) cache.set(layout, (byParams = new WeakMap()))
  let compiled = byParams.get(params)
  if (!compiled) byParams.set(params, (compiled = compileLayout(layout, params)))
  return compiled
}

/**
 * The full check run on Save: every field against its schema (required fields, formats, the SPEC §5
 * 'At least {n} test equipment required for {label}'), plus required controls that cannot be filled
 * in because the layout is broken (a timespan without unit, a test field with an unknown test type),
 * which report SPEC's text for that case. Returns messages per variable; `{}` when the record may be
 * saved.
 */
export function validateRecord(
  layout: FormLayout,
  value: Readonly<RecordData>,
  params: Parameters = NO_PARAMS,
): Record<string, string[]> {
  const compiled = compiledFor(layout, params)
  const out = validateData(compiled, value)
  if (!compiled.rules.none) {
    // Hidden controls are not checked (they send nothing); conditionally required ones are (issue #14).
    const derived = deriveRecord(compiled.rules, value, params)
    for (const variable of derived.hidden) delete out[variable]
    for (const control of missingRequired(compiled.rules, derived, params))
      if ('variable' in control && control.variable)
        out[control.variable] = [requiredMessageOf(control as ValueControl)]
  }
  for (const { control } of Object.values(compiled.fields)) {
    if (!('required' in control) || !control.required) continue
    const issue =
      control.type === 'timespan'
        ? timespanUnitIssue(control)
        : control.type === 'testField'
          ? testTypeIssue(control)
          : null
    if (issue) out[control.variable] = [issue]
  }
  return out
}

/**
 * Compiles every field validator in small slices while the browser is idle, so neither the first
 * render nor the first keystroke pays ajv's compile cost (~60 ms for a big form in one go).
 */
export function precompileWhenIdle(compiled: CompiledLayout): () => void {
  let cancelled = false
  const schedule: (cb: () => void) => void =
    typeof window !== 'undefined' && 'requestIdleCallback' in window
      ? (cb) => window.requestIdleCallback(() => cb(), { timeout: 2000 })
      : (cb) => setTimeout(cb, 0)
  const variables = Object.keys(compiled.fields)
  let index = 0
  const step = () => {
    if (cancelled) return
    const started = performance.now()
    // ~8 ms per slice keeps a keystroke that arrives meanwhile well under budget.
    while (index < variables.length && performance.now() - started < 8)
      precompileField(compiled, variables[index++])
    if (index < variables.length) schedule(step)
  }
  // Starts once the first frame is on screen, so the first render never waits for it.
  const first = requestAnimationFrame(() => setTimeout(() => schedule(step), 100))
  return () => {
    cancelAnimationFrame(first)
    cancelled = true
  }
}
