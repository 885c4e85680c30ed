import { NA_TEXT, type GroupResult, type PassOrFail } from './constants'
import type { TestFieldControl } from './control-schemas'
import { numberOf, type Parameters } from './rule-values'
import { evaluateFormula, formulaVariables, parseFormula, roundTo, type Formula } from './formula'
import type { Control, FormLayout } from './layout-schema'
import { eachControl } from './layout-walk'
import { evaluateTest } from './test-result'
import { tableResult } from './table-result'
import type { CalculatedColumn, TableControl, TableRow, TestColumn } from './table-schema'

/**
 * Judging measurement tables (issue #14): per row, the calculated columns (over the row's other columns,
 * top-level variables and `param.key`), the numeric tests that judge one (`valueFrom`), then every test
 * cell; the table's result is Pass only if every test cell is. `judgeRecord` calls `judgeTables`, so the
 * server and the form judge cells with the same code.
 */

/** What a table's columns ask of each row, worked out once per table control. */
export interface TablePlan {
  control: TableControl
  /** Calculated columns, each after the columns it reads; one in a cycle gets no formula. */
  calculations: { column: CalculatedColumn; formula: Formula | null }[]
  /** Numeric test columns that judge a calculated column. */
  valueFrom: TestColumn[]
  /** Test columns judged from their own cell. */
  tests: TestColumn[]
  /** Every column variable (a formula name that is one reads the row, otherwise the record). */
  columns: ReadonlySet<string>
}

const plans = new WeakMap<TableControl, TablePlan>()
const tableLists = new WeakMap<readonly Control[], TableControl[]>()

/** The tables of a layout, wherever they are nested, found once per controls array. */
export function tablesOf(layout: Pick<FormLayout, 'controls'>): TableControl[] {
  let tables = tableLists.get(layout.controls)
  if (!tables) {
    const found: TableControl[] = []
    eachControl(layout.controls, (control) => control.type === 'table' && found.push(control))
    tableLists.set(layout.controls, (tables = found))
  }
  return tables
}

/** The plan of one table (cached per control object). */
export function tablePlan(control: TableControl): TablePlan {
  let plan = plans.get(control)
  if (!plan) plans.set(control, (plan = makePlan(control)))
  return plan
}

function makePlan(control: TableControl): TablePlan {
  const columns = new Set(control.columns.map((c) => c.variable))
  const calculated = new Map<string, CalculatedColumn>()
  for (const c of control.columns) if (c.type === 'calculated') calculated.set(c.variable, c)
  const calculations: TablePlan['calculations'] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (column: CalculatedColumn): boolean => {
    const seen = state.get(column.variable)
    if (seen) return seen === 'done'
    state.set(column.variable, 'visiting')
    const parsed = parseFormula(column.formula)
    let formula = parsed instanceof Error ? null : parsed
    for (const input of formula ? formulaVariables(formula) : []) {
      const dependency = calculated.get(input)
      if (dependency && !visit(dependency)) formula = null
    }
    state.set(column.variable, 'done')
    calculations.push({ column, formula })
    return formula !== null
  }
  calculated.forEach(visit)
  const tests = control.columns.filter((c): c is TestColumn => c.type === 'testField')
  const isValueFrom = (c: TestColumn) => c.testType === 'numeric' && !!c.valueFrom
  return {
    control,
    calculations,
    valueFrom: tests.filter(isValueFrom),
    tests: tests.filter((c) => !isValueFrom(c)),
    columns,
  }
}

/**
 * True when a table's calculations read outside the row (a top-level variable or `param.key`): the form
 * then re-derives the table whenever the record changes, as it does for layouts with rules.
 */
export function tablesReadRecord(layout: Pick<FormLayout, 'controls'>): boolean {
  return anyTableReadsRecord(tablesOf(layout))
}

/** `tablesReadRecord` of tables already found (the form compiler finds them in its one walk). */
export function anyTableReadsRecord(tables: readonly TableControl[]): boolean {
  return tables.some((control) => {
    const plan = tablePlan(control)
    return plan.calculations.some(
      ({ formula }) => formula !== null && formulaVariables(formula).some((n) => !plan.columns.has(n)),
    )
  })
}

/** How a rule outside the row reads a name: a top-level variable or `param.key`, as a number. */
export type OuterScope = (name: string) => number | null

/** One test cell as submitted: `{value, passOrFail}` or a bare value. In a table '-' is unset, never n/a. */
export function readTestCell(
  column: TestColumn,
  raw: unknown,
): { value: unknown; claimed: unknown; na: boolean } {
  if (typeof raw !== 'object' || raw === null) return { value: raw ?? null, claimed: undefined, na: false }
  const cell = raw as { value?: unknown; passOrFail?: unknown }
  const value = cell.value ?? null
  const na = column.naOption === true && (value === null || value === '') && cell.passOrFail === NA_TEXT
  return { value, claimed: cell.passOrFail, na }
}

const sameCell = (a: unknown, b: unknown) =>
  Object.is(a, b) ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    Object.keys(a).length === 2 &&
    (a as { value?: unknown }).value === (b as { value?: unknown }).value &&
    (a as { passOrFail?: unknown }).passOrFail === (b as { passOrFail?: unknown }).passOrFail)

/** A calculation rounded to its decimals, or to 12 significant digits (as top-level ones, derive.ts). */
const rounded = (value: number | null, decimals: number | undefined) =>
  value === null ? null : decimals !== undefined ? roundTo(value, decimals) : Number(value.toPrecision(12))

/**
 * One row judged: calculations, `valueFrom` tests, test cells. Every test cell comes out as
 * `{value, passOrFail}` (unset as `{value: null, passOrFail: '-'}`). The row object itself is returned
 * when nothing changed, so an unchanged row keeps its identity (a memoised row does not re-render).
 */
export function judgeRow(plan: TablePlan, row: unknown, outer: OuterScope): unknown {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return row
  const input = row as TableRow
  const out: TableRow = { ...input }
  for (const { column, formula } of plan.calculations) {
    const read = (name: string) =>
      !plan.columns.has(name) ? outer(name) : name === column.variable ? null : numberOf(out[name])
    out[column.variable] = rounded(formula ? evaluateFormula(formula, read) : null, column.decimals)
  }
  for (const column of plan.valueFrom) {
    const value = numberOf(out[column.valueFrom as string])
    out[column.variable] = { value, passOrFail: evaluateTest(column as TestFieldControl, value) }
  }
  for (const column of plan.tests) {
    const entry = readTestCell(column, input[column.variable])
    const value = entry.na ? null : entry.value
    out[column.variable] = { value, passOrFail: evaluateTest(column as TestFieldControl, value, entry.na) }
  }
  for (const key of Object.keys(out)) if (!sameCell(out[key], input[key])) return out
  return input
}

/** A table's rows judged; the same array when no row changed. */
export function judgeTableRows(
  control: TableControl,
  rows: readonly unknown[],
  outer: OuterScope,
): readonly unknown[] {
  const plan = tablePlan(control)
  let out: unknown[] | null = null
  rows.forEach((row, i) => {
    const judged = judgeRow(plan, row, outer)
    if (judged !== row) (out ??= [...rows])[i] = judged
  })
  return out ?? rows
}

/** How a cell is named in messages, CSV headers and the judgement: `variable[row].column`, rows from 1. */
export const cellName = (table: string, row: number, column: string) => `${table}[${row + 1}].${column}`

/** A row's label at capture: its fixed label, else its number from 1. */
export const rowLabelOf = (control: Pick<TableControl, 'rowLabels'>, row: number) =>
  control.rowLabels?.[row] ?? String(row + 1)

/** How capture names a cell to a person (its input's accessible name, and its Save messages): 'Column, Row'. */
export const cellCaption = (columnLabel: string, rowLabel: string) => `${columnLabel}, ${rowLabel}`

/** What `judgeTables` decides. */
export interface TableJudgement {
  /** Each shown table's result by variable. */
  tables: Record<string, GroupResult>
  /** Each test cell's result by `variable[row].column`. */
  cells: Record<string, PassOrFail>
}

/**
 * Judges every shown table of a record in place: `data[table]` becomes its judged rows. Hidden tables
 * and tables without a value (not entered) are left alone; a value that is not a list is left for the
 * data schema to refuse.
 */
export function judgeTables(
  layout: Pick<FormLayout, 'controls'>,
  data: Record<string, unknown>,
  params: Parameters,
  hidden: ReadonlySet<string>,
): TableJudgement {
  const out: TableJudgement = { tables: {}, cells: {} }
  const outer: OuterScope = (name) =>
    name.startsWith('param.')
      ? numberOf(params[name.slice('param.'.length)])
      : hidden.has(name)
        ? null
        : numberOf(data[name])
  for (const control of tablesOf(layout)) {
    const rows = data[control.variable]
    if (hidden.has(control.variable) || !Array.isArray(rows)) continue
    const judged = judgeTableRows(control, rows, outer)
    data[control.variable] = judged
    out.tables[control.variable] = tableResult(judged)
    const tests = control.columns.filter((c) => c.type === 'testField')
    judged.forEach((row, i) => {
      for (const column of tests) {
        const cell = (row as TableRow | null)?.[column.variable] as { passOrFail?: PassOrFail } | undefined
        if (cell?.passOrFail) out.cells[cellName(control.variable, i, column.variable)] = cell.passOrFail
      }
    })
  }
  return out
}
