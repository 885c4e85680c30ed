import { useListOptions, type ListState } from './use-list-options'
import type { ListOption, ListSpec } from './list-source'
import { invalidClass, isInert, type ItrWidgetProps } from './widget-props'

/** Placeholder entry of an empty dropdown. */
export const SELECT_PLACEHOLDER = 'Select…'

/**
 * dropdown: one value from fixed values, a named source or an endpoint (see list-source.ts). A stored
 * value that is not (or no longer) in the list stays selectable, so opening an old record never
 * silently drops what was captured.
 */
export function DropdownWidget(props: ItrWidgetProps) {
  const spec = props.options as ListSpec
  // Fixed values need no fetching: no hooks, which matters on forms with many dropdowns.
  if (spec.values && spec.values.length > 0)
    return dropdownSelect(props, { options: staticOptions(spec.values), loading: false })
  return <ListDropdown {...props} />
}

const staticCache = new WeakMap<string[], ListOption[]>()
function staticOptions(values: string[]): ListOption[] {
  let options = staticCache.get(values)
  if (!options) staticCache.set(values, (options = values.map((v) => ({ value: v, label: v, item: v }))))
  return options
}

function ListDropdown(props: ItrWidgetProps) {
  return dropdownSelect(props, useListOptions(props.options as ListSpec))
}

/** The select itself, as a plain function so a fixed-values dropdown is one component. */
function dropdownSelect(props: ItrWidgetProps, state: ListState) {
  const { options, loading, message } = state
  const value = typeof props.value === 'string' ? props.value : ''
  const missing = value !== '' && !options.some((o) => o.value === value)
  // No wrapping element: the field slot's is enough, and a big form has a dropdown in every group.
  return (
    <>
      <select
        id={props.id}
        className={`form-select${invalidClass(props)}`}
        value={value}
        disabled={isInert(props)}
        aria-busy={loading || undefined}
        aria-invalid={invalidClass(props) ? true : undefined}
        onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">{loading ? 'Loading…' : SELECT_PLACEHOLDER}</option>
        {missing && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {message && <div className="form-text text-warning-emphasis">{message}</div>}
    </>
  )
}
/** No hooks: the field slot calls it as a function (see RuntimeWidget in registry.ts). */
DropdownWidget.inline = true
