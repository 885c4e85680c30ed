import { useEffect, useState } from 'react'
import type { RJSFSchema } from '@rjsf/utils'
import { pathOfControlId } from '../../schemas/form-layout'
import type { Control } from '../../schemas/form-layout'
import { columnsEditKey, controlAt, updateControl, withRowMode } from '../model'
import type { DesignerStore } from './designer-store'
import { variableDraftProblem } from './pending-edits'

type Json = Record<string, unknown>

interface DraftInput {
  store: DesignerStore
  /** The control's stable id: edits find it by id, wherever an undo or a move has put it. */
  id: string
  control: Control
  form: { schema: RJSFSchema }
  /** Variables of every other control. */
  others: readonly string[]
}

/**
 * The inspector's edits (controller of InspectorForm): each change goes straight into the document as a
 * command (one undo step per field, coalesced while typing), except a variable that is empty, not an
 * identifier or already used: that stays in the form with its message, and in the store as the
 * control's variable draft (unsaved, refused by Save, shown again when the control is reselected)
 * until it is fixed.
 */
export function useInspectorDraft({ store, id, control, form, others }: DraftInput) {
  const hasVariable = 'variable' in (form.schema.properties ?? {})
  const pending = hasVariable ? store.getSnapshot().variableDrafts[id] : undefined
  // The control as the form shows it: with the variable draft, if any ('' shows as empty: required).
  const shown = (c: Control): Json =>
    pending === undefined ? c : { ...c, variable: pending === '' ? undefined : pending }
  // What the form shows: the control, plus a variable being typed that is not valid yet.
  const [draft, setDraft] = useState<{ source: Control; data: Json }>(() => ({
    source: control,
    data: shown(control),
  }))
  let data = draft.data
  if (draft.source !== control) {
    // Changed elsewhere (undo, JSON view, canvas): show the document's version.
    data = shown(control)
    setDraft({ source: control, data })
  }

  const apply = (patch: Json, changed: string[], coalesce = '') =>
    store.apply(
      (d) => {
        const at = pathOfControlId(d.layout.controls, id)
        return at ? updateControl(d, at, patch) : d
      },
      { coalesceKey: `inspect:${id}:${changed.join(',')}${coalesce}` },
    )

  // A draft that became valid meanwhile (the other control was renamed) is applied when shown.
  const settled = pending !== undefined && variableDraftProblem(pending, others) === null
  useEffect(() => {
    if (!settled || pending === undefined) return
    store.setVariableDraft(id, null)
    apply({ variable: pending }, ['variable'])
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a draft settles
  }, [settled, pending])

  const onChange = (given: Json | undefined) => {
    if (!given) return
    const next: Json = { ...(control.type === 'table' ? withRowMode(given) : given) }
    // A variable typed differently from the document's: applied when valid, else kept as the draft. An
    // optional one (a group's) left empty is removed.
    const typed = next.variable === '' ? undefined : (next.variable as string | undefined)
    const retyped = typed !== (control as Json).variable
    const optional = !(form.schema.required ?? []).includes('variable')
    const problem =
      hasVariable && retyped && !(optional && typed === undefined)
        ? variableDraftProblem(typed, others)
        : null
    if (hasVariable) store.setVariableDraft(id, problem === null ? null : (typed ?? ''))
    if (hasVariable) next.variable = typed
    const patch: Json = {}
    const changed: string[] = []
    for (const key of Object.keys(form.schema.properties ?? {})) {
      if (JSON.stringify(next[key]) === JSON.stringify((control as Json)[key])) continue
      if (key === 'variable' && problem !== null) continue
      patch[key] = next[key]
      changed.push(key)
    }
    let applied: Control = control
    // A table's column edits (issue #14): one step per property of one column, reordering steps apart.
    const tableKey = changed.includes('columns')
      ? `:${columnsEditKey((control as Json).columns, next.columns)}`
      : ''
    if (changed.length) {
      const after = apply(patch, changed, tableKey)
      const at = pathOfControlId(after.layout.controls, id)
      applied = (at && controlAt(after.layout.controls, at)) ?? control
    }
    // What the command decided wins over the form's copy (a renamed choice carries its pass choice).
    const carried = 'passChoice' in applied ? { passChoice: applied.passChoice } : {}
    setDraft({ source: applied, data: { ...next, ...carried, type: control.type } })
  }

  return { data, onChange }
}
