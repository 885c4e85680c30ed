import { memo, useCallback } from 'react'
import { widgetElement, widgetFor } from '../widgets/registry'
import { useRuntime, useSlot } from './runtime-context'

/**
 * One variable of the form: its caption, its widget and its messages. It subscribes to its own
 * variable in the form store, so typing here re-renders this slot and nothing else.
 */
export const FieldSlot = memo(function FieldSlot({
  variable,
  className,
}: {
  variable: string
  className: string
}) {
  const runtime = useRuntime()
  const { value, errors, hidden, required: requiredNow } = useSlot(variable)
  const { compiled, change } = runtime
  const onChange = useCallback((next: unknown) => change(variable, next), [change, variable])
  const field = compiled.fields[variable]
  const ui = compiled.uiSchema[variable] as Record<string, unknown> | undefined
  const Widget = widgetFor(ui)
  if (!field || !Widget || hidden) return null
  const label = typeof ui?.['ui:title'] === 'string' ? (ui['ui:title'] as string) : variable
  const required = requiredNow || (compiled.schema.required ?? []).includes(variable)
  // Lock Items (SPEC §2) leaves serial lookups editable so the next item can be entered.
  const readonly =
    runtime.readOnly || ui?.['ui:readonly'] === true || (runtime.locked && field.control.type !== 'serial')
  const id = `${runtime.idPrefix}${variable}`
  const rawErrors = errors.length ? (errors as string[]) : undefined
  const props = {
    id,
    value: value ?? null,
    onChange,
    label,
    options: (ui?.['ui:options'] as Record<string, unknown>) ?? {},
    readonly,
    required,
    rawErrors,
  }
  return (
    <div className={`itr-field ${className}`} data-variable={variable}>
      {!Widget.ownsLabel && (
        <label className="form-label fw-semibold mb-1" htmlFor={id} id={`${id}-label`}>
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
