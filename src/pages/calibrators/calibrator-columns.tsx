import Form from 'react-bootstrap/Form'
import { actionsColumn, schemaColumns, type ColumnDef } from '../../../runtime/grid'
import { calibratorSchema } from '../../../schemas/entities/calibrator'
import { ActionButton, RowActions } from '../../components/row-actions'
import type { CalibratorRow, CalibratorsController } from './use-calibrators'

/**
 * The calibrator grid's columns: the id ('new' until saved), the name (an input while editing, Enter
 * saves and Escape cancels) and the row actions. A saved row's Delete asks first, through `onDelete`.
 */
export function calibratorColumns(
  c: CalibratorsController,
  onDelete: (row: CalibratorRow) => void,
): ColumnDef<CalibratorRow, unknown>[] {
  return [
    ...schemaColumns<CalibratorRow>(calibratorSchema, ['id'], {
      id: { cell: ({ row }) => row.original.id ?? <span className="text-secondary fst-italic">new</span> },
    }),
    ...schemaColumns<CalibratorRow>(calibratorSchema, ['name'], {
      name: {
        filter: true,
        cell: ({ row: { original: r } }) =>
          r.editing ? (
            <Form.Control
              size="sm"
              aria-label="Calibrator name"
              placeholder="Enter calibrator name"
              value={r.draft}
              autoFocus
              onChange={(e) => c.setDraft(r, e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void c.save(r)
                if (e.key === 'Escape') c.cancel(r)
              }}
            />
          ) : (
            r.name
          ),
      },
    }),
    {
      ...actionsColumn<CalibratorRow>(({ row: { original: r } }) => {
        const label = r.name || 'new calibrator'
        const busy = c.busyKey === r.key
        return (
          <RowActions>
            {r.editing ? (
              <>
                <ActionButton label={`Save ${label}`} onClick={() => void c.save(r)} disabled={busy}>
                  Save
                </ActionButton>
                <ActionButton
                  variant="outline-secondary"
                  label={`Cancel editing ${label}`}
                  onClick={() => c.cancel(r)}
                >
                  Cancel
                </ActionButton>
              </>
            ) : (
              <ActionButton label={`Edit ${label}`} onClick={() => c.edit(r)}>
                Edit
              </ActionButton>
            )}
            <ActionButton
              variant="outline-danger"
              label={`Delete ${label}`}
              disabled={busy}
              onClick={() => (r.id == null ? void c.remove(r) : onDelete(r))}
            >
              Delete
            </ActionButton>
          </RowActions>
        )
      }),
      meta: { width: 220, align: 'end' },
    },
  ]
}
