import type { Control, FormLayout } from './layout-schema'
import type { TestFieldControl } from './control-schemas'
import type { Parameters } from './derive'
import type { TableColumn, TableControl } from './table-schema'

/**
 * Limits from the product type (issue #14.4): a numeric test's `minParam`/`maxParam` names a test
 * parameter; for a record of a product type the limit is that parameter's value. Capture and the server
 * resolve the layout once per product type and judge the resolved copy, so the judge itself only ever
 * reads numbers. A named parameter the product type does not set leaves the limit unknown: the test is
 * not judged (see `limitUnknown`) and the server refuses a value for it.
 */

/** A test whose limit names a parameter the product type does not set. */
export interface MissingParameter {
  variable: string
  key: string
}

/** A resolved layout and the parameters its limits named but the product type does not set. */
export interface ResolvedLimits<L> {
  layout: L
  missing: MissingParameter[]
}

const hasParamLimit = (control: TestFieldControl) =>
  control.minParam !== undefined || control.maxParam !== undefined

/** A number parameter, or undefined (text such as 'I' is no limit). */
const limitOf = (params: Parameters, key: string | undefined) => {
  if (key === undefined) return undefined
  const value = params[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** True when a test's limit names a parameter that has not been resolved to a number. */
export function limitUnknown(control: TestFieldControl): boolean {
  return (
    (control.minParam !== undefined && control.min === undefined) ||
    (control.maxParam !== undefined && control.max === undefined)
  )
}

/** A table's test columns with their parameter limits resolved (the cells are judged by the column). */
function resolveColumns(table: TableControl, params: Parameters, missing: MissingParameter[]): Control {
  const columns = table.columns.map((c) =>
    c.type === 'testField'
      ? (resolveControl(c as unknown as Control, params, missing) as unknown as TableColumn)
      : c,
  )
  return columns.some((c, i) => c !== table.columns[i]) ? ({ ...table, columns } as Control) : table
}

function resolveControl(control: Control, params: Parameters, missing: MissingParameter[]): Control {
  if (control.type === 'table') return resolveColumns(control, params, missing)
  if (control.type === 'testField' && hasParamLimit(control)) {
    const min = control.minParam !== undefined ? limitOf(params, control.minParam) : control.min
    const max = control.maxParam !== undefined ? limitOf(params, control.maxParam) : control.max
    for (const key of [control.minParam, control.maxParam])
      if (
        key !== undefined &&
        limitOf(params, key) === undefined &&
        !missing.some((m) => m.key === key && m.variable === control.variable)
      )
        missing.push({ variable: control.variable, key })
    const { min: _min, max: _max, ...rest } = control
    return { ...rest, ...(min !== undefined && { min }), ...(max !== undefined && { max }) }
  }
  if ('children' in control && Array.isArray(control.children)) {
    const children = control.children.map((c: Control) => resolveControl(c, params, missing))
    return children.some((c, i) => c !== control.children[i])
      ? ({ ...control, children } as Control)
      : control
  }
  return control
}

/**
 * The layout with every parameter limit replaced by the product type's value. Controls without such a
 * limit are kept as they are (the same objects), so a layout without parameters costs one walk.
 */
export function resolveLimits<L extends Pick<FormLayout, 'controls'>>(
  layout: L,
  params: Parameters,
): ResolvedLimits<L> {
  const missing: MissingParameter[] = []
  const controls = layout.controls.map((c) => resolveControl(c, params, missing))
  const same = controls.every((c, i) => c === layout.controls[i])
  return { layout: same ? layout : { ...layout, controls }, missing }
}

/** True when a layout reads the product type's parameters (a limit, a formula or a condition). */
export function readsParameters(layout: Pick<FormLayout, 'controls'>): boolean {
  return /"(min|max)Param"|param\./.test(JSON.stringify(layout.controls))
}
