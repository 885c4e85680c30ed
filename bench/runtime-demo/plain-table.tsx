import type { ReactNode } from 'react'
import { badge, choiceResult, numericResult, type Data } from './plain-fields'
import { CHOICE_COLUMNS, NUMERIC_COLUMNS, ROW_LABELS } from './table-layout'

/**
 * The plain table form's measurement table (bench/runtime-demo/plain-table-form.tsx): the runtime table
 * widget's markup written by hand — a text box per numeric test cell and a select per choice test cell,
 * each with its badge, the limits in the header and the table's result in the caption.
 */

/** What each part of the form needs: the data and the setter. */
export interface Part {
  data: Data
  set(id: string, v: string | boolean | undefined): void
}

export const cellId = (row: number, column: string) => `r${row}_${column}`

/** Every cell's result, by cell id. */
export function cellResults(data: Data): Record<string, string> {
  const out: Record<string, string> = {}
  ROW_LABELS.forEach((_, r) => {
    for (const c of NUMERIC_COLUMNS)
      out[cellId(r, c.variable)] = numericResult(data[cellId(r, c.variable)], c.min, c.max)
    for (const c of CHOICE_COLUMNS)
      out[cellId(r, c.variable)] = choiceResult(data[cellId(r, c.variable)], c.choices[0])
  })
  return out
}

/** The column captions: label, unit and limits. */
const tableHead = (
  <thead className="table-light">
    <tr>
      <th scope="col">Tap / phase</th>
      {NUMERIC_COLUMNS.map((c) => (
        <th scope="col" key={c.variable}>
          {c.label} ({c.unit})
          <div className="small fw-normal text-body-secondary">
            Limits {c.min} to {c.max} {c.unit}
          </div>
        </th>
      ))}
      {CHOICE_COLUMNS.map((c) => (
        <th scope="col" key={c.variable}>
          {c.label}
        </th>
      ))}
    </tr>
  </thead>
)

/** One test cell: its input (made by `input` from the cell id and caption) and its result badge. */
function cell(
  r: number,
  column: { variable: string; label: string },
  results: Record<string, string>,
  input: (id: string, caption: string) => ReactNode,
) {
  const id = cellId(r, column.variable)
  const caption = `${column.label}, ${ROW_LABELS[r]}`
  return (
    <td key={column.variable}>
      <div className="d-flex align-items-center gap-1">
        {input(id, caption)}
        {badge(results[id], `${caption} result`)}
      </div>
    </td>
  )
}

/** One row: a text box per numeric test and a select per choice test, each with its badge. */
function tableRow(r: number, results: Record<string, string>, { data, set }: Part) {
  return (
    <tr key={r} data-row={r}>
      <th scope="row" className="text-nowrap fw-normal">
        {ROW_LABELS[r]}
      </th>
      {NUMERIC_COLUMNS.map((c) =>
        cell(r, c, results, (id, caption) => (
          <input
            type="text"
            inputMode="decimal"
            className="form-control form-control-sm itr-cell-input"
            aria-label={caption}
            value={(data[id] as string) ?? ''}
            onChange={(e) => set(id, e.target.value)}
          />
        )),
      )}
      {CHOICE_COLUMNS.map((c) =>
        cell(r, c, results, (id, caption) => (
          <select
            className="form-select form-select-sm itr-cell-input"
            aria-label={caption}
            value={(data[id] as string) ?? ''}
            onChange={(e) => set(id, e.target.value === '' ? undefined : e.target.value)}
          >
            <option value="">—</option>
            {c.choices.map((choice) => (
              <option key={choice}>{choice}</option>
            ))}
          </select>
        )),
      )}
    </tr>
  )
}

/** The measurement table with its result and row count in the caption. */
export function table(result: string, results: Record<string, string>, part: Part) {
  return (
    <div className="itr-table">
      <div className="table-responsive">
        <table
          className="table table-sm table-bordered align-middle mb-1"
          style={{ tableLayout: 'fixed', minWidth: '70rem' }}
          aria-label="Readings"
        >
          <caption className="caption-top py-1">
            <span aria-label="Readings result" role="status">
              {badge(result)}
            </span>
            <span className="ms-2 small text-body-secondary">{ROW_LABELS.length} rows</span>
          </caption>
          {tableHead}
          <tbody>{ROW_LABELS.map((_, r) => tableRow(r, results, part))}</tbody>
        </table>
      </div>
    </div>
  )
}
