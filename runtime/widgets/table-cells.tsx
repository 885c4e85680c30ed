import { memo, useState } from 'react'
import { NA_TEXT, cellCaption, type TableColumn, type TableRow } from '../../schemas/form-layout'
import { formatCalculated } from './calculated-widget'
import { resultBadge } from './group-result-widget'
import { cellOfText, choicesOf } from './table-edit'

/**
 * The cells of a measurement table row (issue #14). Each editable cell has one input carrying
 * `data-cell="row:col"` (col counts editable columns), which is how Enter, the arrows and a pasted block
 * find their cell. Test cells show their judged result as the badge a test field shows.
 */

/** Where a cell's edits go: the row, the column variable and the cell's new stored value. */
export type CellChange = (row: number, variable: string, cell: unknown) => void

interface CellArgs {
  row: number
  col: number
  column: TableColumn
  cell: unknown
  label: string
  inert: boolean
  onCell: CellChange
  /** Decimals a value taken from a calculated column shows (that column's). */
  decimals?: number
  /** A Save message names this cell. */
  invalid?: boolean
}

const inputClass = (base: string, args: CellArgs) =>
  `${base} itr-cell-input${args.invalid ? ' is-invalid' : ''}`

const testOf = (cell: unknown) =>
  typeof cell === 'object' && cell !== null && 'passOrFail' in cell
    ? (cell as { value: unknown; passOrFail: string })
    : { value: cell ?? null, passOrFail: '-' }

/** A number box that keeps its own text while focused, so '10.' or '-' survive typing. */
function NumberInput({ value, args }: { value: unknown; args: CellArgs }) {
  const [draft, setDraft] = useState<string | null>(null)
  const shown = draft ?? (value === null || value === undefined ? '' : String(value))
  return (
    <input
      type="text"
      inputMode="decimal"
      className={inputClass('form-control form-control-sm', args)}
      data-cell={`${args.row}:${args.col}`}
      aria-invalid={args.invalid || undefined}
      aria-label={args.label}
      value={shown}
      disabled={args.inert}
      onChange={(e) => {
        setDraft(e.target.value)
        args.onCell(args.row, args.column.variable, cellOfText(args.column, e.target.value))
      }}
      onBlur={() => setDraft(null)}
    />
  )
}

/** A select of fixed answers (a choice test or a dropdown column). */
function choiceSelect(args: CellArgs, value: unknown, choices: readonly string[], disabled: boolean) {
  const current = typeof value === 'string' ? value : ''
  return (
    <select
      className={inputClass('form-select form-select-sm', args)}
      data-cell={`${args.row}:${args.col}`}
      aria-invalid={args.invalid || undefined}
      aria-label={args.label}
      value={current}
      disabled={args.inert || disabled}
      onChange={(e) =>
        args.onCell(args.row, args.column.variable, e.target.value === '' ? null : e.target.value)
      }
    >
      <option value="">—</option>
      {current !== '' && !choices.includes(current) && <option value={current}>{current}</option>}
      {choices.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  )
}

/** A test cell: its input (or the calculated value it judges), an n/a box where offered, its result. */
function testCell(args: CellArgs, editable: boolean) {
  const column = args.column as Extract<TableColumn, { type: 'testField' }>
  const cell = testOf(args.cell)
  const na = cell.passOrFail === NA_TEXT
  const choices = choicesOf(column)
  return (
    <div className="d-flex align-items-center gap-1">
      {!editable ? (
        <output className="flex-grow-1 text-end" aria-label={args.label}>
          {formatCalculated(cell.value, args.decimals)}
        </output>
      ) : choices ? (
        choiceSelect(args, na ? null : cell.value, choices, na)
      ) : (
        <NumberInput value={na ? null : cell.value} args={{ ...args, inert: args.inert || na }} />
      )}
      {column.naOption && editable && (
        <input
          type="checkbox"
          className="form-check-input mt-0"
          title={NA_TEXT}
          aria-label={`${args.label} ${NA_TEXT}`}
          checked={na}
          disabled={args.inert}
          onChange={(e) =>
            args.onCell(
              args.row,
              column.variable,
              e.target.checked ? { value: null, passOrFail: NA_TEXT } : null,
            )
          }
        />
      )}
      {resultBadge(cell.passOrFail, undefined, `${args.label} result`)}
    </div>
  )
}

/** One cell by its column's kind. */
function renderCell(args: CellArgs, editable: boolean) {
  const { column, cell } = args
  switch (column.type) {
    case 'testField':
      return testCell(args, editable)
    case 'calculated':
      return (
        <output className="d-block text-end" aria-label={args.label}>
          {formatCalculated(cell, column.decimals)}
        </output>
      )
    case 'dropdown':
      return choiceSelect(args, cell, column.values, false)
    case 'singletext':
      return (
        <input
          type="text"
          className={inputClass('form-control form-control-sm', args)}
          data-cell={`${args.row}:${args.col}`}
          aria-invalid={args.invalid || undefined}
          aria-label={args.label}
          value={typeof cell === 'string' ? cell : ''}
          disabled={args.inert}
          onChange={(e) =>
            args.onCell(args.row, column.variable, e.target.value === '' ? null : e.target.value)
          }
        />
      )
  }
}

/** What one row needs; `editable[i]` is the editable index of column i, or -1. */
export interface TableRowProps {
  index: number
  row: TableRow
  label: string
  columns: readonly TableColumn[]
  editable: readonly number[]
  /** Per column, the decimals a test taking a calculated value shows. */
  decimals: readonly (number | undefined)[]
  inert: boolean
  onCell: CellChange
  /** Removes the row; absent for fixed rows. */
  onRemove?: (index: number) => void
  /** False at the table's fewest rows. */
  removable?: boolean
  /** Captions of cells a Save message names (see `cellCaption`). */
  invalid?: ReadonlySet<string>
}

/**
 * One row, memoised: a keystroke changes one row object (the judge keeps the others' identity), so only
 * that row re-renders, however long the table.
 */
export const TableRowView = memo(function TableRowView(p: TableRowProps) {
  return (
    <tr data-row={p.index}>
      <th scope="row" className="text-nowrap fw-normal">
        {p.label}
      </th>
      {p.columns.map((column, i) => (
        <td key={column.variable}>
          {renderCell(
            {
              row: p.index,
              col: p.editable[i],
              column,
              cell: p.row[column.variable],
              label: cellCaption(column.label, p.label),
              invalid: p.invalid?.has(cellCaption(column.label, p.label)),
              inert: p.inert,
              onCell: p.onCell,
              decimals: p.decimals[i],
            },
            p.editable[i] >= 0,
          )}
        </td>
      ))}
      {p.onRemove && (
        <td>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={`Remove row ${p.label}`}
            disabled={p.inert || !p.removable}
            onClick={() => p.onRemove?.(p.index)}
          >
            ✕
          </button>
        </td>
      )}
    </tr>
  )
})
