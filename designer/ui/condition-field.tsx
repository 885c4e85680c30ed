import { useState } from 'react'
import type { FieldProps } from '@rjsf/utils'
import type { Condition } from '../../schemas/form-layout'
import {
  CONDITION_OPERATORS,
  OPERATOR_LABELS,
  conditionOfRows,
  rowsOfCondition,
  takesValue,
  type ConditionOperator,
  type ConditionRow,
  type ConditionRows,
} from '../model'

/** A variable the builder offers, with the answers it can hold when they are known. */
export interface ConditionVariable {
  variable: string
  label: string
  /** The control's type (calculated variables are offered to a test's valueFrom). */
  kind: string
  /** Known answers (a checkbox's true/false, a test's Pass/Fail/n/a, a dropdown's values). */
  choices?: readonly string[]
}

/**
 * The condition builder (issue #14): the inspector's editor of `visibleIf` and `requiredIf`, an rjsf field
 * registered by name. Rows of variable, operator and value joined by all/any; no syntax to type. It
 * writes the same JSON Logic rule the JSON view shows (designer/model/condition-rows.ts).
 */
export function ConditionField(props: FieldProps) {
  const variables = (
    (props.uiSchema?.['ui:options']?.variables as ConditionVariable[] | undefined) ?? []
  ).filter((v) => v.variable !== '')
  const caption = String(props.uiSchema?.['ui:title'] ?? props.schema.title ?? props.name)
  const stored = props.formData as Condition | undefined
  // Rows being edited, kept while a new row has no variable yet (it is not stored until it has one).
  const [draft, setDraft] = useState<{ stored: Condition | undefined; rows: ConditionRows }>(() => ({
    stored,
    rows: rowsOfCondition(stored),
  }))
  const current = draft.stored === stored ? draft.rows : rowsOfCondition(stored)

  const change = (rows: ConditionRows) => {
    const next = conditionOfRows(rows)
    setDraft({ stored: next, rows })
    props.onChange(next, props.fieldPathId.path)
  }
  const setRow = (index: number, patch: Partial<ConditionRow>) =>
    change({ ...current, rows: current.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)) })
  const add = () =>
    change({
      ...current,
      rows: [...current.rows, { variable: variables[0]?.variable ?? '', operator: '==', value: '' }],
    })
  const remove = (index: number) => change({ ...current, rows: current.rows.filter((_, i) => i !== index) })

  return (
    <fieldset className="condition-builder mb-3" aria-label={caption}>
      <legend className="form-label fs-6 mb-1">{caption}</legend>
      {current.rows.length === 0 && (
        <p className="small text-body-secondary mb-1">
          {props.name === 'requiredIf' ? 'No condition.' : 'Always shown.'}
        </p>
      )}
      {current.rows.length > 1 && (
        <select
          className="form-select form-select-sm mb-1"
          aria-label={`${caption}: match`}
          value={current.match}
          onChange={(e) => change({ ...current, match: e.target.value as 'and' | 'or' })}
        >
          <option value="and">All of these hold</option>
          <option value="or">Any of these holds</option>
        </select>
      )}
      {current.rows.map((row, index) => (
        <ConditionRowEditor
          key={index}
          caption={`${caption}, condition ${index + 1}`}
          row={row}
          variables={variables}
          onChange={(patch) => setRow(index, patch)}
          onRemove={() => remove(index)}
        />
      ))}
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={add}
        disabled={!variables.length}
      >
        Add condition
      </button>
    </fieldset>
  )
}

interface RowProps {
  caption: string
  row: ConditionRow
  variables: readonly ConditionVariable[]
  onChange(patch: Partial<ConditionRow>): void
  onRemove(): void
}

/** One comparison: variable, operator, value (a list when the variable's answers are known), remove. */
function ConditionRowEditor({ caption, row, variables, onChange, onRemove }: RowProps) {
  const known = variables.find((v) => v.variable === row.variable)
  const listed =
    known || row.variable === '' ? variables : [...variables, { variable: row.variable, label: row.variable }]
  return (
    <div className="condition-row d-flex flex-wrap gap-1 mb-1 align-items-center">
      <select
        className="form-select form-select-sm w-auto flex-grow-1"
        aria-label={`${caption}: variable`}
        value={row.variable}
        onChange={(e) => onChange({ variable: e.target.value, value: '' })}
      >
        {listed.map((v) => (
          <option key={v.variable} value={v.variable}>
            {v.label && v.label !== v.variable ? `${v.label} (${v.variable})` : v.variable}
          </option>
        ))}
      </select>
      <select
        className="form-select form-select-sm w-auto"
        aria-label={`${caption}: operator`}
        value={row.operator}
        onChange={(e) => onChange({ operator: e.target.value as ConditionOperator })}
      >
        {CONDITION_OPERATORS.map((op) => (
          <option key={op} value={op}>
            {OPERATOR_LABELS[op]}
          </option>
        ))}
      </select>
      {takesValue(row.operator) &&
        (known?.choices ? (
          <select
            className="form-select form-select-sm w-auto"
            aria-label={`${caption}: value`}
            value={row.value}
            onChange={(e) => onChange({ value: e.target.value })}
          >
            <option value="">(empty)</option>
            {known.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : (
          <input
            className="form-control form-control-sm w-auto flex-grow-1"
            style={{ minWidth: '5rem' }}
            aria-label={`${caption}: value`}
            value={row.value}
            onChange={(e) => onChange({ value: e.target.value })}
          />
        ))}
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        aria-label={`Remove ${caption}`}
        onClick={onRemove}
      >
        ×
      </button>
    </div>
  )
}
