import type { TableControl } from '../../schemas/form-layout'
import { columnKindLabel } from '../model'

/** Rows the canvas draws of a table; the Preview tab renders them all. */
const SHOWN_ROWS = 3

/**
 * A measurement table on the canvas (issue #14), drawn inert: its columns with their kinds and limits,
 * its first row labels, and how many rows it has or may have.
 */
export function TableLook({ control }: { control: TableControl }) {
  const labels = control.rowLabels ?? []
  const rowsText = control.rowLabels
    ? `${labels.length} fixed ${labels.length === 1 ? 'row' : 'rows'}`
    : `${control.minRows ?? 0} to ${control.maxRows ?? 1000} rows, added by the technician`
  const shown = control.rowLabels ? labels.slice(0, SHOWN_ROWS) : ['1']
  return (
    <div className="designer-table-look">
      <table className="table table-sm table-bordered mb-1 small" aria-hidden="true">
        <thead className="table-light">
          <tr>
            <th>{control.rowHeader ?? ''}</th>
            {control.columns.map((c, i) => (
              <th key={c.id ?? i}>
                {c.label}
                <div className="fw-normal text-body-secondary">
                  {c.type === 'calculated' ? `= ${c.formula}` : columnKindLabel(c)}
                  {c.type === 'testField' && (c.min !== undefined || c.max !== undefined)
                    ? ` ${c.min ?? '…'}..${c.max ?? '…'}`
                    : ''}
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((label, r) => (
            <tr key={r}>
              <th className="fw-normal">{label}</th>
              {control.columns.map((c, i) => (
                <td key={c.id ?? i} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="small text-body-secondary">
        {rowsText}
        {labels.length > SHOWN_ROWS ? ` (first ${SHOWN_ROWS} shown)` : ''}
      </div>
    </div>
  )
}
