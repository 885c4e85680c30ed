import { useState } from 'react'
import { testFieldValue } from '../pass-fail'
import { NA_TEXT, type TestFieldControl, type TestType } from '../../schemas/form-layout'
import { PARAMETER_MESSAGES } from '../../schemas/entities/test-parameter'
import { resultBadge } from './group-result-widget'
import { calculatedTestValue, choiceInput, naSwitch, numericInput } from './test-field-inputs'
import { isInert, type ItrWidgetProps } from './widget-props'

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
  /** Parameters a limit names that the product type does not set (issue #14.4): the test is not judged. */
  unknownLimits?: string[]
  /** The calculated value a numeric test judges (issue #14): its value is never typed. */
  valueFrom?: string
}

interface TestValue {
  value: number | string | null
  passOrFail: string
}

const asTestValue = (v: unknown): TestValue | null =>
  typeof v === 'object' && v !== null && 'passOrFail' in v ? (v as TestValue) : null

/**
 * What a test field remembers between renders: while the number box has focus its own text wins, so '1.'
 * or '-' survive (the record gets 1 or null); and the entry n/a set aside, which turning n/a off again
 * gives back (issue #11.19), not an empty input.
 */
interface TestFieldMemory {
  draft: string | null
  beforeNa: number | string | null
}
const FRESH: TestFieldMemory = { draft: null, beforeNa: null }

/**
 * testField (SPEC §3 "Test field kinds", §4 "Test result per field"): numeric with its limits and a
 * step taken from the decimals of min/max, or a choice (selection, yes/no, pass/fail). The result is
 * worked out on every change with the shared rules and shown live beside the input; the n/a toggle
 * forces n/a and disables the input. This component keeps its memory in React state, for a test field
 * rendered on its own; the RecordForm calls `testFieldElement` with the store's (see the registry).
 */
export function TestFieldWidget(props: ItrWidgetProps) {
  const [memory, remember] = useState<unknown>(FRESH)
  return testFieldElement({ ...props, memory, remember })
}

/**
 * The test field without hooks: its memory comes from the props (`memory`/`remember`, the RecordForm's
 * store), so a form's 150 test fields mount no component and no state of their own (issue #17.5).
 */
export function testFieldElement(props: ItrWidgetProps) {
  const options = props.options as TestFieldOptions
  if (options.issue || !options.testType)
    return (
      <div id={props.id} className="alert alert-danger py-2 mb-0" role="alert">
        {options.issue}
      </div>
    )
  const memory = (props.memory as TestFieldMemory | undefined) ?? FRESH
  const remember = (next: Partial<TestFieldMemory>) => props.remember?.({ ...memory, ...next })
  const testType = options.testType
  const current = asTestValue(props.value)
  const na = current?.passOrFail === NA_TEXT
  const inert = isInert(props)
  const emit = (value: number | string | null, notApplicable: boolean) => {
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
    props.onChange(testFieldValue(control, value, notApplicable))
  }

  const args = { props, na, inert, emit }
  const stored = current && typeof current.value === 'number' ? String(current.value) : ''
  // The judge sets it from its calculation, n/a or typed (schemas/form-layout/derive.ts): nothing to enter.
  const calculated = testType === 'numeric' && !!options.valueFrom

  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {options.testNumber && <span className="badge text-bg-light border">Test {options.testNumber}</span>}
      {calculated
        ? calculatedTestValue(props, current?.value ?? null, options.unit)
        : testType === 'numeric'
          ? numericInput({
              ...args,
              text: memory.draft ?? stored,
              step: options.step ?? 'any',
              unit: options.unit,
              onDraft: (draft) => {
                if (draft !== memory.draft) remember({ draft })
              },
            })
          : choiceInput({ ...args, choices: options.choices ?? [], selected: current?.value })}
      {options.naOption &&
        !calculated &&
        naSwitch(props, na, inert, (on) => {
          if (on) {
            remember({ beforeNa: current?.value ?? null })
            emit(null, true)
          } else emit(memory.beforeNa, false)
        })}
      {/* The badge is the live region itself: one element per test field rather than two (issue #17.5). */}
      {resultBadge(current?.passOrFail ?? '-', undefined, `${props.label} result`, true)}
      {(testType === 'numeric' || options.criteria) && (
        <div className="form-text w-100 mt-0">{limitsText(options)}</div>
      )}
    </div>
  )
}

/** "Limits 0.25 to 10 MΩ. Within ±0.5 % of nameplate ratio" */
export function limitsText(options: TestFieldOptions): string {
  if (options.unknownLimits?.length)
    return [...options.unknownLimits.map(PARAMETER_MESSAGES.missing), options.criteria]
      .filter(Boolean)
      .join(' ')
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
