import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  type Ref,
} from 'react'
import type { FormLayout, Parameters } from '../../schemas/form-layout'
import { compiledFor, precompileWhenIdle, validateRecord } from './compiled-layout'
import { FormStore, type LiveResult } from './form-store'
import { focusField } from './focus-field'
import type { CompiledLayout } from '../compiler'
import { LayoutField } from './layout-field'
import { RuntimeContext, type RuntimeContextValue } from './runtime-context'
import type { RuntimeServices } from './services'
import type { CalibrationRuntime } from './calibration-runtime'
import type { RecordData } from './types'

export interface RecordFormProps {
  /** The record type's form layout (current version; see schemas/form-layout migrations). */
  layout: FormLayout
  /** Record data, flat by variable; start a fresh entry with `emptyValues(layout)` (runtime/compiler). */
  value: RecordData
  /** Every edit, with the whole new record data (group results already recomputed). */
  onChange(value: RecordData): void
  /** An existing record before Edit: nothing can be changed. */
  readOnly?: boolean
  /** SPEC §2 'Lock Items': every entry except serial lookups is read-only. */
  locked?: boolean
  services: RuntimeServices
  /**
   * The record's live result (SPEC §4), for the header status icon: '-' until a test is answered,
   * then Pass only if every test and result group passes. Called once on mount and on every change.
   */
  onResultChange?(result: LiveResult): void
  /** Messages to show under fields, e.g. from `validateRecord` on Save. */
  errors?: Readonly<Record<string, readonly string[]>>
  /**
   * The product type's test parameters (issue #14.4) that limits, conditions and formulas read as
   * `param.key`; keep the same object while they do not change (the compiled layout is cached by it).
   */
  params?: Parameters
  /** The calibration gate's page side (issue #15.1): record date variable, who may override, the reasons. */
  calibration?: CalibrationRuntime
  ref?: Ref<RecordFormHandle>
}

/** Imperative access for the page's Save button. */
export interface RecordFormHandle {
  /**
   * Runs `validateRecord` on the current data, shows the messages under their fields, and answers them
   * with the entries that are not values yet (`entryProblems`); focuses the first field with any.
   */
  validate(): Record<string, string[]>
  /**
   * What the fields' boxes show that is not a value yet ('31-11-2026' in a date, '0.4e' in a number), by
   * variable, with the message each field shows: a Save must be refused while there is any, since the
   * record still holds the value from before.
   */
  entryProblems(): Record<string, string[]>
  /**
   * Focuses the first of these variables in the layout's order that is on the page, scrolled to the middle
   * of the screen (see `focusField`); false when none is. For a refused Save, called once its messages
   * and banner are showing.
   */
  focusFirst(variables: Iterable<string>): boolean
}

/** Focuses the first of `variables` in the layout's order that is shown; false when none is. */
function focusFirstOf(compiled: CompiledLayout, idPrefix: string, variables: Iterable<string>): boolean {
  const wanted = new Set(variables)
  if (wanted.size === 0) return false
  return Object.keys(compiled.fields).some((v) => wanted.has(v) && focusField(`${idPrefix}${v}`, v))
}

/**
 * The form's markup: one element for every form, so React skips it when the page re-renders on each
 * edit; the layout and values reach it through the runtime context.
 */
const FORM = (
  <div className="itr-record-form">
    <LayoutField />
  </div>
)

/**
 * The form store of one layout, kept in step with the page: the value and messages the page passes in,
 * the live result reported out, the field validators compiled while the browser is idle. `latest` holds
 * the newest props for callbacks that must not re-subscribe.
 */
function useFormStore(props: RecordFormProps, compiled: ReturnType<typeof compiledFor>) {
  // One store per layout; the initial value seeds it, later values are synced below.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => new FormStore(compiled, props.value), [compiled])
  const latest = useRef(props)
  useLayoutEffect(() => {
    latest.current = props
  })

  // A value the page changed itself (reset, duplicate, loaded record); our own edits are the same object.
  useLayoutEffect(() => store.replace(props.value), [store, props.value])
  useLayoutEffect(() => store.setErrors(props.errors ?? {}), [store, props.errors])

  useEffect(() => {
    const report = () => latest.current.onResultChange?.(store.liveResult())
    report()
    return store.subscribeResult(report)
  }, [store])

  useEffect(() => precompileWhenIdle(compiled), [compiled])
  return { store, latest }
}

/**
 * The data-entry form of a record type (SPEC §2 Data entry): the layout compiled to JSON Schema and
 * uiSchema (runtime/compiler) and laid out with the runtime's widgets (layout-field.tsx).
 *
 * Fast on big forms (DESIGN.md §8): the structure renders once; values live in a FormStore with a
 * subscription per variable, bound by each group of the form for its fields, so a keystroke re-renders
 * one group's markup and one field (plus any group result it changes) while the page still receives the
 * whole record through `onChange`. Validation is per field and only on Save; the field schemas are
 * built and their validators compiled while the browser is idle after the first render (or on the first
 * Save before that). The layout is rendered without rjsf's `Form`, which it only wrapped (issue #17.5,
 * docs/decisions.md): rjsf renders the CRUD forms and the inspector.
 */
export function RecordForm(props: RecordFormProps) {
  const { layout, services, ref, params } = props
  const compiled = compiledFor(layout, params)
  const { store, latest } = useFormStore(props, compiled)

  const change = useCallback(
    (variable: string, value: unknown) => {
      const before = store.getData()
      const next = store.set(variable, value)
      if (next !== before) latest.current.onChange(next)
    },
    [store, latest],
  )

  const idPrefix = `${useId().replace(/:/g, '')}-`
  useImperativeHandle(
    ref,
    () => ({
      validate() {
        const errors = validateRecord(layout, store.getData(), params)
        store.setErrors(errors)
        const all = { ...errors, ...store.entryProblems() }
        focusFirstOf(compiled, idPrefix, Object.keys(all))
        return all
      },
      entryProblems: () => store.entryProblems(),
      focusFirst: (variables) => focusFirstOf(compiled, idPrefix, variables),
    }),
    [layout, store, compiled, idPrefix, params],
  )

  const runtime = useMemo<RuntimeContextValue>(
    () => ({
      store,
      services,
      compiled,
      readOnly: props.readOnly === true,
      locked: props.locked === true,
      change,
      idPrefix,
      calibration: props.calibration,
    }),
    [store, services, compiled, props.readOnly, props.locked, change, idPrefix, props.calibration],
  )

  return <RuntimeContext.Provider value={runtime}>{FORM}</RuntimeContext.Provider>
}
