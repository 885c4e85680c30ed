import { MULTISELECT_VISIBLE_VALUES } from '../../schemas/form-layout'
import { useListOptions } from './use-list-options'
import type { ListSpec } from './list-source'
import { invalidClass, isInert, type ItrWidgetProps } from './widget-props'

interface MultiselectOptions extends ListSpec {
  maxValues?: number
  visibleValues?: number
}

/** Shown when `maxValues` are selected. */
export const maxValuesText = (n: number) => `At most ${n} ${n === 1 ? 'value' : 'values'} may be selected.`

/**
 * multiselect: several values from a list (SPEC §3), at most `maxValues` of them. The selection shows
 * as removable badges, up to 5 (SPEC §9) and then '+N more'; a select below adds the next value.
 */
export function MultiselectWidget(props: ItrWidgetProps) {
  const spec = props.options as MultiselectOptions
  const { options, loading, message } = useListOptions(spec)
  const selected: string[] = Array.isArray(props.value) ? (props.value as string[]) : []
  const visible = spec.visibleValues ?? MULTISELECT_VISIBLE_VALUES
  const full = spec.maxValues !== undefined && selected.length >= spec.maxValues
  const inert = isInert(props)
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? value
  const set = (next: string[]) => props.onChange(next.length ? next : null)

  return (
    <div>
      <ul className="list-inline mb-1" aria-label={`${props.label}: selected`}>
        {selected.slice(0, visible).map((value) => (
          <li key={value} className="list-inline-item">
            <span className="badge text-bg-primary d-inline-flex align-items-center gap-1 fs-6 fw-normal">
              {labelOf(value)}
              {!inert && (
                <button
                  type="button"
                  className="btn-close btn-close-white"
                  style={{ fontSize: '0.6rem' }}
                  aria-label={`Remove ${labelOf(value)}`}
                  onClick={() => set(selected.filter((v) => v !== value))}
                />
              )}
            </span>
          </li>
        ))}
        {selected.length > visible && (
          <li
            className="list-inline-item text-body-secondary"
            title={selected.slice(visible).map(labelOf).join(', ')}
          >
            +{selected.length - visible} more
          </li>
        )}
        {selected.length === 0 && <li className="list-inline-item text-body-secondary">Nothing selected</li>}
      </ul>
      {!inert && (
        <select
          id={props.id}
          className={`form-select${invalidClass(props)}`}
          value=""
          disabled={full}
          aria-busy={loading || undefined}
          onChange={(e) => e.target.value && set([...selected, e.target.value])}
        >
          <option value="">
            {loading ? 'Loading…' : full ? maxValuesText(spec.maxValues as number) : 'Add…'}
          </option>
          {options
            .filter((o) => !selected.includes(o.value))
            .map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
        </select>
      )}
      {message && <div className="form-text text-warning-emphasis">{message}</div>}
    </div>
  )
}
