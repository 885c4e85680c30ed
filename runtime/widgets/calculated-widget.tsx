import type { ItrWidgetProps } from './widget-props'

/** The value as the layout's decimals show it; unset ('—') while an input is missing. */
export function formatCalculated(value: unknown, decimals: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—'
  return typeof decimals === 'number' ? value.toFixed(decimals) : String(value)
}

/**
 * A calculated value (issue #14): computed by the form store from the formula as its inputs change
 * (schemas/form-layout/derive.ts, the same code the server judges with), never typed, so it shows the
 * value read-only with its unit.
 */
export function CalculatedWidget(props: ItrWidgetProps) {
  const unit = typeof props.options.unit === 'string' ? props.options.unit : undefined
  return (
    <div className="input-group">
      <output
        id={props.id}
        className="form-control bg-body-tertiary"
        aria-live="polite"
        aria-label={props.label}
      >
        {formatCalculated(props.value, props.options.decimals)}
      </output>
      {unit && <span className="input-group-text">{unit}</span>}
    </div>
  )
}
