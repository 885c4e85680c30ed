import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { judgeTableRows, tableResult, type TableControl, type TableRow } from '../../schemas/form-layout'
import { resultBadge } from './group-result-widget'
import { limitsText } from './test-field-widget'
import { TableRowView } from './table-cells'
import { addRow, editableColumns, isBlock, maxRowsOf, pasteBlock, removeRow, rowsOf } from './table-edit'
import { isInert, type ItrWidgetProps } from './widget-props'

/** Rows rendered per task: a 1,000-row table appears in chunks, none a long task (issue #14 performance). */
const CHUNK = 100

/** Rules outside the row (top-level variables, `param.key`) are the form store's: it re-derives them. */
const NO_OUTER = () => null

const cellAt = (el: EventTarget | null) => {
  const at = (el as HTMLElement | null)?.dataset?.cell?.split(':').map(Number)
  return at && at.length === 2 ? { row: at[0], col: at[1] } : undefined
}

/** Enter / Shift+Enter and the arrows (not in a select, whose arrows pick a choice) move up and down a column. */
function moveFocus(e: KeyboardEvent<HTMLTableElement>, editableCount: number) {
  const at = cellAt(e.target)
  if (!at) return
  const isSelect = (e.target as HTMLElement).tagName === 'SELECT'
  const down = (e.key === 'Enter' && !e.shiftKey) || (e.key === 'ArrowDown' && !isSelect)
  const up = (e.key === 'Enter' && e.shiftKey) || (e.key === 'ArrowUp' && !isSelect)
  if (!down && !up) return
  e.preventDefault()
  const table = e.currentTarget
  let target = table.querySelector<HTMLElement>(`[data-cell="${at.row + (down ? 1 : -1)}:${at.col}"]`)
  // Enter at the foot of a column carries on at the top of the next, as data is entered column by column.
  if (!target && e.key === 'Enter' && down && at.col + 1 < editableCount)
    target = table.querySelector<HTMLElement>(`[data-cell="0:${at.col + 1}"]`)
  target?.focus()
  if (target instanceof HTMLInputElement) target.select()
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

/** How many rows to render now: all of a short table, a long one in chunks of separate tasks. */
function useShownRows(count: number) {
  const [shown, setShown] = useState(CHUNK)
  useEffect(() => {
    if (shown >= count) return
    const timer = setTimeout(() => setShown((n) => n + CHUNK), 0)
    return () => clearTimeout(timer)
  }, [shown, count])
  return shown
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
  const editableCount = editable.filter((i) => i >= 0).length
  const shown = useShownRows(rows.length)
  const onPaste = (e: ClipboardEvent<HTMLTableElement>) => {
    const text = e.clipboardData.getData('text/plain')
    const at = cellAt(e.target)
    if (!at || inert || !isBlock(text)) return
    e.preventDefault()
    edits.onPaste(at, text)
  }
  const fixed = !!control.rowLabels
  return (
    <div id={props.id} className="itr-table">
      <div className="table-responsive">
        <table
          className="table table-sm table-bordered align-middle mb-1"
          aria-label={props.label}
          onKeyDown={(e) => moveFocus(e, editableCount)}
          onPaste={onPaste}
        >
          <caption className="caption-top py-1">
            <span aria-label={`${props.label} result`} role="status">
              {resultBadge(rows.length ? tableResult(rows) : '-')}
            </span>
            <span className="ms-2 small text-body-secondary">
              {rows.length} {rows.length === 1 ? 'row' : 'rows'}
            </span>
          </caption>
          {tableHead(control, fixed)}
          <tbody>
            {rows.slice(0, shown).map((row, i) => (
              <TableRowView
                key={i}
                index={i}
                row={row}
                label={control.rowLabels?.[i] ?? String(i + 1)}
                columns={control.columns}
                editable={editable}
                inert={inert}
                onCell={edits.onCell}
                onRemove={fixed ? undefined : edits.onRemove}
                removable={!fixed && rows.length > (control.minRows ?? 0)}
              />
            ))}
          </tbody>
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
