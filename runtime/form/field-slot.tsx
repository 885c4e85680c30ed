import { memo } from 'react'
import { widgetElement, widgetFor } from '../widgets/registry'
import type { FieldSnapshot } from './form-store'
import type { RuntimeContextValue } from './runtime-context'

/**
 * One variable of the form: its caption, its widget and its messages. It has no hooks of its own: the
 * section it sits in (a group, or the form's top level; layout-field.tsx) subscribes to all its fields
 * at once and hands each slot its snapshot, which is the same object until that variable's value,
 * messages, hidden or required-now state change, so typing here re-renders this slot and its section's
 * markup, not the form (issue #17.5: a hook-free slot keeps a 300-control form's mount small).
 */
export const FieldSlot = memo(function FieldSlot({
  variable,
  className,
  snapshot,
  runtime,
}: {
  variable: string
  className: string
  snapshot: FieldSnapshot
  runtime: RuntimeContextValue
}) {
  const { value, errors, hidden, required: requiredNow, memory } = snapshot
  const { compiled, change } = runtime
  const onChange = (next: unknown) => change(variable, next)
  const field = compiled.fields[variable]
  const ui = compiled.uiSchema[variable] as Record<string, unknown> | undefined
  const Widget = widgetFor(ui)
  if (!field || !Widget || hidden) return null
  const label = typeof ui?.['ui:title'] === 'string' ? (ui['ui:title'] as string) : variable
  const required = requiredNow || compiled.required.has(variable)
  // Lock Items (SPEC §2) leaves serial lookups editable so the next item can be entered.
  const readonly =
    runtime.readOnly || ui?.['ui:readonly'] === true || (runtime.locked && field.control.type !== 'serial')
  const id = `${runtime.idPrefix}${variable}`
  const rawErrors = errors.length ? (errors as string[]) : undefined
  const props = {
    id,
    name: variable,
    value: value ?? null,
    onChange,
    label,
    options: (ui?.['ui:options'] as Record<string, unknown>) ?? {},
    readonly,
    required,
    rawErrors,
    memory,
    remember: (next: unknown) => runtime.store.remember(variable, next),
    reportEntry: (problem: string | null) => runtime.store.reportEntry(variable, problem),
  }
  return (
    <div className={`itr-field ${className}`} data-variable={variable}>
      {!Widget.ownsLabel && (
        <label className="form-label fw-semibold mb-1" htmlFor={id}>
          {label}
          {required && (
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {widgetElement(Widget, props)}
      {rawErrors && (
        <div className="invalid-feedback d-block" id={`${id}-errors`}>
          {rawErrors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      )}
    </div>
  )
})
