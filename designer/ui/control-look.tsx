import type { Control } from '../../schemas/form-layout'
import { DEFAULT_PASS_CHOICE, FIXED_CHOICES, MULTISELECT_VISIBLE_VALUES } from '../../schemas/form-layout'
import type { Condition } from '../../schemas/form-layout'
import { OPERATOR_LABELS, rowsOfCondition, takesValue } from '../model'
import { TableLook } from './table-look'

/** A condition in words for the canvas: 'classI equals true and voltage is at least 230'. */
export function conditionText(condition: Condition): string {
  const { match, rows } = rowsOfCondition(condition)
  return rows
    .map(
      (r) =>
        `${r.variable} ${OPERATOR_LABELS[r.operator]}${takesValue(r.operator) ? ` ${r.value || '(empty)'}` : ''}`,
    )
    .join(match === 'and' ? ' and ' : ' or ')
}

/**
 * How a leaf control will look to a technician, drawn inert on the canvas (the Preview tab runs the
 * real runtime). Only what the layout says is shown: label, choices, limits, unit. Inputs are
 * disabled and out of the tab order so the canvas stays a design surface.
 */
export function ControlLook({ control }: { control: Control }) {
  const requiredIf = 'requiredIf' in control ? control.requiredIf : undefined
  return (
    <>
      <ControlBody control={control} />
      {control.visibleIf && (
        <div className="small text-body-secondary mt-1">Shown if {conditionText(control.visibleIf)}</div>
      )}
      {requiredIf && (
        <div className="small text-body-secondary mt-1">Required if {conditionText(requiredIf)}</div>
      )}
    </>
  )
}

function ControlBody({ control }: { control: Control }) {
  switch (control.type) {
    case 'note':
      return <p className="designer-note mb-0">{control.label}</p>
    case 'group':
    case 'row':
      return null
    case 'checkbox':
      return (
        <div className="form-check mb-0">
          <input className="form-check-input" type="checkbox" disabled tabIndex={-1} aria-hidden="true" />
          <span className="form-check-label">
            {control.label}
            {control.required && <Required />}
          </span>
        </div>
      )
    default:
      return (
        <>
          <div className="form-label mb-1">
            {control.label}
            {'required' in control && control.required && <Required />}
          </div>
          <FieldLook control={control} />
        </>
      )
  }
}

const Required = () => (
  <span className="text-danger ms-1" aria-hidden="true">
    *
  </span>
)

const inert = { disabled: true, tabIndex: -1, 'aria-hidden': true } as const

function FieldLook({ control }: { control: Control }) {
  switch (control.type) {
    case 'dropdown':
      return (
        <select className="form-select form-select-sm" {...inert}>
          <option>{listHint(control.values, control.source, control.endpoint?.name)}</option>
        </select>
      )
    case 'multiselect':
      return <MultiselectLook control={control} />
    case 'datepicker':
      return <input className="form-control form-control-sm" placeholder="dd-MM-yyyy" {...inert} />
    case 'multitext':
      return <textarea className="form-control form-control-sm" rows={2} {...inert} />
    case 'singletext':
      return control.barcode ? (
        <div className="input-group input-group-sm">
          <input className="form-control" {...inert} />
          <span className="input-group-text">Scan</span>
        </div>
      ) : (
        <input className="form-control form-control-sm" {...inert} />
      )
    case 'serial':
      return (
        <div className="input-group input-group-sm">
          <input className="form-control" placeholder="Serial number" {...inert} />
          <span className="input-group-text">Search</span>
          <span className="input-group-text">Records</span>
        </div>
      )
    case 'upload':
      return (
        <div className="form-control form-control-sm designer-fake-input text-body-secondary">
          Choose file…{control.documentType ? ` (${control.documentType})` : ''}
        </div>
      )
    case 'timespan':
      return (
        <div className="input-group input-group-sm designer-narrow">
          <input className="form-control" type="number" {...inert} />
          <span className="input-group-text">{control.unit ?? 'no unit'}</span>
        </div>
      )
    case 'testEquipment':
      return (
        <div className="input-group input-group-sm">
          <input className="form-control" placeholder="Test equipment serial or ID" {...inert} />
          <span className="input-group-text">Add</span>
          {control.min !== undefined && control.min > 0 && (
            <span className="input-group-text">at least {control.min}</span>
          )}
        </div>
      )
    case 'testField':
      return <TestFieldLook control={control} />
    case 'calculated':
      return <CalculatedLook control={control} />
    case 'table':
      return <TableLook control={control} />
    default:
      return null
  }
}

function MultiselectLook({ control }: { control: Extract<Control, { type: 'multiselect' }> }) {
  return (
    <div className="form-control form-control-sm designer-fake-input">
      {(control.values ?? []).slice(0, MULTISELECT_VISIBLE_VALUES).map((v) => (
        <span key={v} className="badge text-bg-light border me-1">
          {v}
        </span>
      ))}
      {!control.values?.length && listHint(undefined, control.source, control.endpoint?.name)}
      {control.maxValues !== undefined && (
        <small className="text-body-secondary ms-1">(up to {control.maxValues})</small>
      )}
    </div>
  )
}

/** A calculated value shows its formula (the Preview tab computes it). */
function CalculatedLook({ control }: { control: Extract<Control, { type: 'calculated' }> }) {
  return (
    <div className="input-group input-group-sm">
      <span className="input-group-text">=</span>
      <div className="form-control designer-fake-input text-body-secondary font-monospace">
        {control.formula}
      </div>
      {control.unit && <span className="input-group-text">{control.unit}</span>}
    </div>
  )
}

function listHint(values: readonly string[] | undefined, source?: string, endpoint?: string): string {
  if (values?.length) return values.join(' / ')
  if (source) return `List: ${source}`
  if (endpoint) return `List from ${endpoint}`
  return 'No choices yet'
}

function TestFieldLook({ control }: { control: Extract<Control, { type: 'testField' }> }) {
  const limits =
    control.min !== undefined && control.max !== undefined
      ? `Limits ${control.min} to ${control.max}`
      : control.min !== undefined
        ? `At least ${control.min}`
        : control.max !== undefined
          ? `At most ${control.max}`
          : ''
  const choices =
    control.testType === 'selection'
      ? (control.choices ?? [])
      : control.testType === 'yesNo' || control.testType === 'passFail'
        ? FIXED_CHOICES[control.testType]
        : []
  const passChoice =
    control.passChoice ??
    (control.testType === 'yesNo' || control.testType === 'passFail'
      ? DEFAULT_PASS_CHOICE[control.testType]
      : undefined)
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {control.testNumber && <span className="badge text-bg-light border">Test {control.testNumber}</span>}
      {control.testType === 'numeric' ? (
        <div className="input-group input-group-sm designer-narrow">
          <input className="form-control" type="number" {...inert} />
          {control.unit && <span className="input-group-text">{control.unit}</span>}
        </div>
      ) : (
        <div className="btn-group btn-group-sm" aria-hidden="true">
          {choices.map((c) => (
            <span
              key={c}
              className={`btn btn-outline-secondary disabled${c === passChoice ? ' fw-semibold' : ''}`}
            >
              {c}
            </span>
          ))}
        </div>
      )}
      {control.naOption && <span className="badge text-bg-light border">n/a option</span>}
      <span className="badge text-bg-secondary">-</span>
      {(limits || control.criteria) && (
        <div className="form-text w-100 mt-0">
          {[limits && `${limits}${control.unit ? ` ${control.unit}` : ''}`, control.criteria]
            .filter(Boolean)
            .join('. ')}
        </div>
      )}
      {control.testType === 'selection' && passChoice && (
        <div className="form-text w-100 mt-0">Passes on “{passChoice}”</div>
      )}
    </div>
  )
}
