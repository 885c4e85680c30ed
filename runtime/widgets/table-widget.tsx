import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react'
import {
  judgeTableRows,
  rowLabelOf,
  tableResult,
  type TableControl,
  type TableRow,
} from '../../schemas/form-layout'
import { resultBadge } from './group-result-widget'
import { limitsText } from './test-field-widget'
import { TableRowView } from './table-cells'
import { addRow, editableColumns, isBlock, maxRowsOf, pasteBlock, removeRow, rowsOf } from './table-edit'
import { isInert, type ItrWidgetProps } from './widget-props'
import { cellAt, focusCell, moveFocus } from './table-keys'
import { useRowWindow, type RowRange } from './table-window'

/** Rules outside the row (top-level variables, `param.key`) are the form store's: it re-derives them. */
const NO_OUTER = () => null

/** Per column: the decimals of the calculated column a numeric test takes its value from. */
function valueFromDecimals(control: TableControl): (number | undefined)[] {
  return control.columns.map((c) => {
    if (c.type !== 'testField' || !c.valueFrom) return undefined
    const source = control.columns.find((s) => s.variable === c.valueFrom)
    return source?.type === 'calculated' ? source.decimals : undefined
  })
}

/** The column captions: label, unit and a numeric test's limits. */
function tableHead(control: TableControl, fixed: boolean) {
  return (
    <thead className="table-light">
      <tr>
        <th scope="col">{control.rowHeader ?? (fixed ? '' : '#')}</th>
        {control.columns.map((c) => (
          <th scope="col" key={c.variable}>
            {c.label}
            {'unit' in c && c.unit ? ` (${c.unit})` : ''}
            {c.type === 'testField' &&
              c.testType === 'numeric' &&
              (c.min !== undefined || c.max !== undefined) && (
                <div className="small fw-normal text-body-secondary">{limitsText(c)}</div>
              )}
          </th>
        ))}
        {!fixed && <th scope="col" aria-label="Remove" />}
      </tr>
    </thead>
  )
}

/**
 * The table's edits as stable callbacks (so memoised rows stay put): each new list of rows is judged
 * before it goes out, so every test cell carries its result.
 */
function useTableEdits(control: TableControl, rows: readonly TableRow[], onChange: (value: unknown) => void) {
  const latest = useRef(rows)
  latest.current = rows
  const emit = useRef(onChange)
  emit.current = onChange
  return useMemo(() => {
    const commit = (next: readonly TableRow[]) => emit.current(judgeTableRows(control, next, NO_OUTER))
    return {
      onCell: (row: number, variable: string, cell: unknown) => {
        const next = [...latest.current]
        next[row] = { ...next[row], [variable]: cell }
        commit(next)
      },
      onRemove: (i: number) => commit(removeRow(control, latest.current, i)),
      onAdd: () => commit(addRow(control, latest.current)),
      onPaste: (at: { row: number; col: number }, text: string) =>
        commit(pasteBlock(control, latest.current, at, text)),
    }
  }, [control])
}

/** What the body's rows need besides the rows themselves. */
interface BodyProps {
  control: TableControl
  rows: readonly TableRow[]
  editable: readonly number[]
  decimals: readonly (number | undefined)[]
  inert: boolean
  edits: ReturnType<typeof useTableEdits>
  range: RowRange
  rowPx: number
  invalid: ReadonlySet<string> | undefined
}

/** The rows in `range`, with spacer rows standing for the others (a long table is windowed). */
function tableBody(p: BodyProps, body: RefObject<HTMLTableSectionElement | null>) {
  const fixed = !!p.control.rowLabels
  const span = p.control.columns.length + (fixed ? 1 : 2)
  const spacer = (rows: number, key: string) =>
    rows > 0 && (
      <tr key={key} aria-hidden="true" style={{ height: rows * p.rowPx }}>
        <td colSpan={span} className="p-0 border-0" />
      </tr>
    )
  return (
    <tbody ref={body}>
      {spacer(p.range.start, 'before')}
      {p.rows.slice(p.range.start, p.range.end).map((row, k) => {
        const i = p.range.start + k
        return (
          <TableRowView
            key={i}
            index={i}
            row={row}
            label={rowLabelOf(p.control, i)}
            invalid={p.invalid}
            columns={p.control.columns}
            editable={p.editable}
            decimals={p.decimals}
            inert={p.inert}
            onCell={p.edits.onCell}
            onRemove={fixed ? undefined : p.edits.onRemove}
            removable={!fixed && p.rows.length > (p.control.minRows ?? 0)}
          />
        )
      })}
      {spacer(p.rows.length - p.range.end, 'after')}
    </tbody>
  )
}

/** Captions of the cells Save messages name ('Column, Row: message', see field-validation.ts). */
function useInvalidCells(messages: readonly string[] | undefined): ReadonlySet<string> | undefined {
  return useMemo(
    () =>
      messages?.length
        ? new Set(messages.filter((m) => m.includes(': ')).map((m) => m.slice(0, m.indexOf(': '))))
        : undefined,
    [messages],
  )
}

/**
 * A measurement table (issue #14): fixed labelled rows or rows the technician adds between `minRows` and
 * `maxRows`; each test cell judged live with the judge's own code (schemas/form-layout/table-judge.ts) and
 * shown with its Pass/Fail badge, the table's result in its caption. Enter and the arrows move cell to
 * cell (Tab goes along the row); a block pasted from a spreadsheet fills cells from the focused one. Pure:
 * the rows come in as the value, judged rows go out through `onChange`.
 */
export function TableWidget(props: ItrWidgetProps) {
  const control = props.options.table as TableControl
  const rows = rowsOf(control, props.value)
  const edits = useTableEdits(control, rows, props.onChange)
  const inert = isInert(props)
  const editable = useMemo(() => {
    const cols = editableColumns(control)
    return control.columns.map((c) => cols.indexOf(c))
  }, [control])
  const decimals = useMemo(() => valueFromDecimals(control), [control])
  const editableCount = editable.filter((i) => i >= 0).length
  const body = useRef<HTMLTableSectionElement>(null)
  const { range, rowPx, reveal } = useRowWindow(body, rows.length)
  // A keyboard move to a row outside the window: brought into it, then focused once rendered.
  const [pending, setPending] = useState<{ row: number; col: number } | null>(null)
  useEffect(() => {
    if (pending && body.current && focusCell(body.current, pending.row, pending.col)) setPending(null)
  }, [pending, range])
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const missing = moveFocus(e, rows.length, editableCount)
    if (missing) {
      reveal(missing.row)
      setPending(missing)
    }
  }
  const onPaste = (e: ClipboardEvent<HTMLTableElement>) => {
    const text = e.clipboardData.getData('text/plain')
    const at = cellAt(e.target)
    if (!at || inert || !isBlock(text)) return
    e.preventDefault()
    edits.onPaste(at, text)
  }
  const fixed = !!control.rowLabels
  const invalid = useInvalidCells(props.rawErrors)
  // Every cell of a long table: once per new list of rows, not per render (a scroll re-renders the widget).
  const result = useMemo(() => (rows.length ? tableResult(rows) : '-'), [rows])
  return (
    <div id={props.id} className="itr-table">
      <div className="table-responsive">
        <table
          className="table table-sm table-bordered align-middle mb-1"
          // Fixed layout: column widths come from the header, so appending rows never re-measures the others.
          style={{ tableLayout: 'fixed', minWidth: `${10 + control.columns.length * 10}rem` }}
          aria-label={props.label}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        >
          <caption className="caption-top py-1">
            <span aria-label={`${props.label} result`} role="status">
              {resultBadge(result)}
            </span>
            <span className="ms-2 small text-body-secondary">
              {rows.length} {rows.length === 1 ? 'row' : 'rows'}
            </span>
          </caption>
          {tableHead(control, fixed)}
          {tableBody({ control, rows, editable, decimals, inert, edits, range, rowPx, invalid }, body)}
        </table>
      </div>
      {!fixed && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={inert || rows.length >= maxRowsOf(control)}
          onClick={edits.onAdd}
        >
          Add row
        </button>
      )}
    </div>
  )
}
