import { NA_TEXT, UNSET_RESULT } from './constants'
import { walkControls } from './layout-walk'
import type { FormLayout } from './layout-schema'

/**
 * SPEC §9 sends and stores n/a as '-'. These read a stored record back as the form shows it: the runtime
 * when it reopens a record, the record view and the server's certificates.
 */

/** Variables of the test fields that offer the n/a toggle (the only ones whose '-' can mean n/a). */
export function naTestVariables(controls: Iterable<{ type: string; variable?: string; naOption?: boolean }>) {
  const out: string[] = []
  for (const control of controls)
    if (control.type === 'testField' && control.naOption === true && control.variable)
      out.push(control.variable)
  return out
}

/**
 * The inverse of `toServerData` for a stored record: n/a travels and is stored as '-' (SPEC §9), so a
 * '-' without a value in a test field that offers n/a was n/a — reopening the record shows the toggle on
 * and the input disabled, and a re-save sends '-' again. (The runtime itself never stores '-' with no
 * value: an empty entry is null.) Returns `data` itself when nothing changes.
 */
export function restoreNa(
  variables: readonly string[],
  data: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  let out: Record<string, unknown> | null = null
  for (const variable of variables) {
    const value = data[variable]
    if (
      typeof value === 'object' &&
      value !== null &&
      'passOrFail' in value &&
      value.passOrFail === UNSET_RESULT &&
      (!('value' in value) || value.value === null)
    ) {
      out ??= { ...data }
      out[variable] = { value: null, passOrFail: NA_TEXT }
    }
  }
  return out ?? data
}

/** `restoreNa` over a layout: stored record data as the form shows it. */
export function fromServerData(
  layout: Pick<FormLayout, 'controls'>,
  data: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const controls = [...walkControls(layout.controls)].map((visited) => visited.control)
  return restoreNa(naTestVariables(controls), data)
}
