import { Fragment, useState } from 'react'
import { evaluateTest } from '../pass-fail'
import { NA_TEXT, type TestFieldControl, type TestType } from '../../schemas/form-layout'
import { ResultBadge } from './group-result-widget'
import { invalidClass, isInert, type ItrWidgetProps } from './widget-props'

/** The test field's `ui:options` as the compiler writes them (runtime/compiler/field-ui.ts). */
export interface TestFieldOptions {
  testType?: TestType
  min?: number
  max?: number
  step?: number | 'any'
  unit?: string
  criteria?: string
  naOption?: boolean
  testNumber?: string
  choices?: string[]
  passChoice?: string
  /** SPEC §5 'A TestField was created here with an invalid test type'. */
  issue?: string
}

interface TestValue {
  value: number | string | null
  passOrFail: string
}

const asTestValue = (v: unknown): TestValue | null =>
  typeof v === 'object' && v !== null && 'passOrFail' in v ? (v as TestValue) : null

/**
 * testField (SPEC §3 "Test field kinds", §4 "Test result per field"): numeric with its limits and a
 * step taken from the decimals of min/max, or a choice (selection, yes/no, pass/fail). The result is
 * worked out on every change with the shared rules and shown live beside the input; the n/a toggle
 * forces n/a and disables the input.
 */
export function TestFieldWidget(props: ItrWidgetProps) {
  const options = props.options as TestFieldOptions
  if (options.issue || !options.testType)
    return (
      <div id={props.id} className="alert alert-danger py-2 mb-0" role="alert">
        {options.issue}
      </div>
    )
  return <TestFieldInput {...props} testOptions={options} testType={options.testType} />
}

function TestFieldInput(props: ItrWidgetProps & { testOptions: TestFieldOptions; testType: TestType }) {
  const { testOptions: options, testType } = props
  const current = asTestValue(props.value)
  const na = current?.passOrFail === NA_TEXT
  const inert = isInert(props)
  const control = {
    type: 'testField',
    variable: props.id,
    label: props.label,
    testType,
    min: options.min,
    max: options.max,
    choices: options.choices,
    passChoice: options.passChoice,
  } as TestFieldControl
  const emit = (value: number | string | null, notApplicable: boolean) =>
    props.onChange(
      value === null && !notApplicable
        ? null
        : { value: notApplicable ? null : value, passOrFail: evaluateTest(control, value, notApplicable) },
    )
  const result = current?.passOrFail ?? '-'

  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {options.testNumber && <span className="badge text-bg-light border">Test {options.testNumber}</span>}
      {testType === 'numeric' ? (
        <NumericInput
          {...props}
          numeric={options}
          na={na}
          current={current}
          onValue={(v) => emit(v, false)}
        />
      ) : (
        <ChoiceInput
          {...props}
          choices={options.choices ?? []}
          selected={na ? null : (current?.value ?? null)}
          disabled={inert || na}
          onValue={(v) => emit(v, false)}
        />
      )}
      {options.naOption && (
        <div className="form-check form-switch mb-0">
          <input
            id={`${props.id}-na`}
            type="checkbox"
            role="switch"
            className="form-check-input"
            checked={na}
            disabled={inert}
            onChange={(e) => emit(null, e.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${props.id}-na`}>
            {NA_TEXT}
          </label>
        </div>
      )}
      <span aria-live="polite" aria-label={`${props.label} result`}>
        <ResultBadge result={result} />
      </span>
      {(testType === 'numeric' || options.criteria) && (
        <div className="form-text w-100 mt-0">{limitsText(options)}</div>
      )}
    </div>
  )
}

/** "Limits 0.25 to 10 MΩ. Within ±0.5 % of nameplate ratio" */
export function limitsText(options: TestFieldOptions): string {
  const unit = options.unit ? ` ${options.unit}` : ''
  const { min, max } = options
  const limits =
    min !== undefined && max !== undefined
      ? `Limits ${min} to ${max}${unit}`
      : min !== undefined
        ? `At least ${min}${unit}`
        : max !== undefined
          ? `At most ${max}${unit}`
          : ''
  return [limits, options.criteria].filter(Boolean).join('. ')
}

function NumericInput(
  props: ItrWidgetProps & {
    numeric: TestFieldOptions
    na: boolean
    current: TestValue | null
    onValue(value: number | null): void
  },
) {
  const stored = props.current && typeof props.current.value === 'number' ? String(props.current.value) : ''
  // While the box has focus its own text wins, so '1.' or '-' survive (the record gets 1 or null).
  const [draft, setDraft] = useState<string | null>(null)
  const text = props.na ? '' : (draft ?? stored)
  return (
    <div className="input-group" style={{ maxWidth: '16rem' }}>
      <input
        id={props.id}
        type="number"
        inputMode="decimal"
        step={props.numeric.step ?? 'any'}
        className={`form-control${invalidClass(props)}`}
        value={text}
        disabled={isInert(props) || props.na}
        onChange={(e) => {
          const raw = e.target.value
          const n = raw.trim() === '' ? null : Number(raw)
          props.onValue(n !== null && Number.isFinite(n) ? n : null)
          setDraft(raw)
        }}
        onBlur={() => setDraft(null)}
      />
      {props.numeric.unit && <span className="input-group-text">{props.numeric.unit}</span>}
    </div>
  )
}

function ChoiceInput(
  props: ItrWidgetProps & {
    choices: string[]
    selected: unknown
    disabled: boolean
    onValue(value: string): void
  },
) {
  return (
    <div role="radiogroup" aria-label={props.label} className="btn-group" id={props.id}>
      {props.choices.map((choice, i) => (
        <Fragment key={choice}>
          <input
            type="radio"
            className="btn-check"
            name={props.id}
            id={`${props.id}-${i}`}
            checked={props.selected === choice}
            disabled={props.disabled}
            onChange={() => props.onValue(choice)}
          />
          <label className="btn btn-outline-primary btn-sm" htmlFor={`${props.id}-${i}`}>
            {choice}
          </label>
        </Fragment>
      ))}
    </div>
  )
}
