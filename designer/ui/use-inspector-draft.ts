import { useState } from 'react'
import type { RJSFSchema } from '@rjsf/utils'
import { FORM_LAYOUT_MESSAGES, VARIABLE_PATTERN, pathOfControlId } from '../../schemas/form-layout'
import type { Control } from '../../schemas/form-layout'
import { columnsEditKey, controlAt, updateControl, withRowMode } from '../model'
import type { DesignerStore } from './designer-store'

type Json = Record<string, unknown>

/** Shown under a variable that is not an identifier (the schema's own pattern message is cryptic). */
export const VARIABLE_FORMAT_MESSAGE = 'Use letters, digits and _ only, not starting with a digit.'

const variableRe = new RegExp(VARIABLE_PATTERN)

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
 * identifier or already used, which stays in the form with its message until it is fixed.
 */
export function useInspectorDraft({ store, id, control, form, others }: DraftInput) {
  // What the form shows: the control, plus a variable being typed that is not valid yet.
  const [draft, setDraft] = useState<{ source: Control; data: Json }>({ source: control, data: control })
  let data = draft.data
  if (draft.source !== control) {
    // Changed elsewhere (undo, JSON view, canvas): show the document's version.
    data = control as Json
    setDraft({ source: control, data })
  }
  const variableProblem = (value: unknown): string | null => {
    if (!('variable' in form.schema.properties!)) return null
    if (typeof value !== 'string' || value === '') return null
    if (!variableRe.test(value)) return VARIABLE_FORMAT_MESSAGE
    if (others.includes(value)) return FORM_LAYOUT_MESSAGES.recordType.duplicateVariable(value)
    return null
  }

  const onChange = (given: Json | undefined) => {
    if (!given) return
    const next = control.type === 'table' ? withRowMode(given) : given
    const patch: Json = {}
    const changed: string[] = []
    for (const key of Object.keys(form.schema.properties ?? {})) {
      if (JSON.stringify(next[key]) === JSON.stringify((control as Json)[key])) continue
      if (key === 'variable' && (variableProblem(next[key]) !== null || !next[key])) continue
      patch[key] = next[key]
      changed.push(key)
    }
    let applied: Control = control
    // A table's column edits (issue #14): one step per property of one column, reordering steps apart.
    const tableKey = changed.includes('columns')
      ? `:${columnsEditKey((control as Json).columns, next.columns)}`
      : ''
    if (changed.length) {
      const after = store.apply(
        (d) => {
          const at = pathOfControlId(d.layout.controls, id)
          return at ? updateControl(d, at, patch) : d
        },
        { coalesceKey: `inspect:${id}:${changed.join(',')}${tableKey}` },
      )
      const at = pathOfControlId(after.layout.controls, id)
      applied = (at && controlAt(after.layout.controls, at)) ?? control
    }
    // What the command decided wins over the form's copy (a renamed choice carries its pass choice).
    const carried = 'passChoice' in applied ? { passChoice: applied.passChoice } : {}
    setDraft({ source: applied, data: { ...next, ...carried, type: control.type } })
  }

  return { data, onChange }
}
