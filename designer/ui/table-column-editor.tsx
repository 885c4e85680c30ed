import { FIXED_CHOICES, VARIABLE_PATTERN, type TableColumn } from '../../schemas/form-layout'
import { labelsOfText } from '../model'
import { VARIABLE_FORMAT_MESSAGE } from './pending-edits'
import { DraftInput, DraftInputArea } from './draft-inputs'

/**
 * The properties of one table column (issue #14) in the inspector's table editor: label and variable for
 * all, limits and choices for tests, values for a dropdown, formula for a calculated column. Each edit is a
 * patch of the column (an undefined value removes the property).
 */

type Patch = Record<string, unknown>
const variableRe = new RegExp(VARIABLE_PATTERN)

interface EditorProps {
  column: TableColumn
  /** Variables of the table's other columns (a column variable is unique within its table). */
  others: readonly string[]
  /** Calculated columns a numeric test may judge (`valueFrom`). */
  calculated: readonly string[]
  idPrefix: string
  onPatch(patch: Patch): void
}

const asNumber = (t: string) =>
  t.trim() === ''
    ? { value: undefined }
    : Number.isFinite(Number(t))
      ? { value: Number(t) }
      : { problem: 'Enter a number.' }
const asText = (t: string) => ({ value: t === '' ? undefined : t })

function check(p: EditorProps, label: string, key: string, checked: boolean) {
  const id = `${p.idPrefix}-${key}`
  return (
    <div className="form-check mb-2">
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        checked={checked}
        onChange={(e) => p.onPatch({ [key]: e.target.checked || undefined })}
      />
      <label className="form-check-label small" htmlFor={id}>
        {label}
      </label>
    </div>
  )
}

function lines(p: EditorProps, label: string, key: string, values: readonly string[] | undefined) {
  return (
    <DraftInputArea
      id={`${p.idPrefix}-${key}`}
      label={label}
      value={(values ?? []).join('\n')}
      onValue={(text) => p.onPatch({ [key]: labelsOfText(text) })}
    />
  )
}

/** The inputs of a test column's kind. */
function testInputs(p: EditorProps, c: Extract<TableColumn, { type: 'testField' }>) {
  const id = p.idPrefix
  const choices =
    c.testType === 'selection' ? (c.choices ?? []) : c.testType === 'numeric' ? [] : FIXED_CHOICES[c.testType]
  return (
    <>
      {c.testType === 'numeric' && (
        <>
          <DraftInput
            id={`${id}-min`}
            label="Min"
            value={c.min === undefined ? '' : String(c.min)}
            parse={asNumber}
            inputMode="decimal"
            onValue={(v) => p.onPatch({ min: v })}
          />
          <DraftInput
            id={`${id}-max`}
            label="Max"
            value={c.max === undefined ? '' : String(c.max)}
            parse={asNumber}
            inputMode="decimal"
            onValue={(v) => p.onPatch({ max: v })}
          />
          <DraftInput
            id={`${id}-unit`}
            label="Unit"
            value={c.unit ?? ''}
            parse={asText}
            onValue={(v) => p.onPatch({ unit: v })}
          />
          <div className="mb-2">
            <label className="form-label small mb-0" htmlFor={`${id}-valueFrom`}>
              Value from (calculated column)
            </label>
            <select
              id={`${id}-valueFrom`}
              className="form-select form-select-sm"
              value={c.valueFrom ?? ''}
              onChange={(e) => p.onPatch({ valueFrom: e.target.value || undefined })}
            >
              <option value="">— typed by the technician —</option>
              {p.calculated.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      {c.testType === 'selection' && lines(p, 'Choices', 'choices', c.choices)}
      {choices.length > 0 && (
        <div className="mb-2">
          <label className="form-label small mb-0" htmlFor={`${id}-passChoice`}>
            Pass choice
          </label>
          <select
            id={`${id}-passChoice`}
            className="form-select form-select-sm"
            value={c.passChoice ?? ''}
            onChange={(e) => p.onPatch({ passChoice: e.target.value || undefined })}
          >
            <option value="">{c.testType === 'selection' ? '—' : 'Default'}</option>
            {choices.map((v) => (
              <option key={v}>{v}</option>
            ))}
          </select>
        </div>
      )}
      {check(p, 'n/a option', 'naOption', c.naOption === true)}
    </>
  )
}

/** The column's editor. */
export function TableColumnEditor(p: EditorProps) {
  const c = p.column
  const id = p.idPrefix
  const variable = (t: string) =>
    !variableRe.test(t)
      ? { problem: VARIABLE_FORMAT_MESSAGE }
      : p.others.includes(t)
        ? { problem: `"${t}" is used by another column.` }
        : { value: t }
  return (
    <div className="border rounded p-2 mb-2 bg-body-tertiary" aria-label={`Column ${c.label}`} role="group">
      <DraftInput
        id={`${id}-label`}
        label="Label"
        value={c.label}
        parse={(t) => ({ value: t })}
        onValue={(v) => p.onPatch({ label: v })}
      />
      <DraftInput
        id={`${id}-variable`}
        label="Variable"
        value={c.variable}
        parse={variable}
        onValue={(v) => p.onPatch({ variable: v })}
      />
      {c.type === 'testField' && testInputs(p, c)}
      {c.type === 'dropdown' && lines(p, 'Values', 'values', c.values)}
      {c.type === 'calculated' && (
        <>
          <DraftInput
            id={`${id}-formula`}
            label="Formula (row columns, layout variables, param.key)"
            value={c.formula}
            parse={(t) => (t.trim() ? { value: t } : { problem: 'Enter a formula.' })}
            onValue={(v) => p.onPatch({ formula: v })}
          />
          <DraftInput
            id={`${id}-unit`}
            label="Unit"
            value={c.unit ?? ''}
            parse={asText}
            onValue={(v) => p.onPatch({ unit: v })}
          />
          <DraftInput
            id={`${id}-decimals`}
            label="Decimal places"
            value={c.decimals === undefined ? '' : String(c.decimals)}
            parse={asNumber}
            inputMode="numeric"
            onValue={(v) => p.onPatch({ decimals: v })}
          />
        </>
      )}
      {c.type !== 'calculated' && check(p, 'Required in every row', 'required', c.required === true)}
    </div>
  )
}
