import { useMemo, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { actionsColumn, DataGrid, schemaColumns, type ColumnDef } from '../../../runtime/grid'
import { calibratorSchema } from '../../../schemas/entities/calibrator'
import { Banner } from '../../components/banner'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { ActionButton, RowActions } from '../../components/row-actions'
import { useCalibrators, type CalibratorRow } from './use-calibrators'

/** /Calibrators: an editable grid with add-new, edit, save and delete per row; only the name is edited. */
export default function CalibratorsPage() {
  const c = useCalibrators()
  const [lastAdded, setLastAdded] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<CalibratorRow | null>(null)

  const columns = useMemo<ColumnDef<CalibratorRow, unknown>[]>(
    () => [
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
                onClick={() => (r.id == null ? void c.remove(r) : setDeleting(r))}
              >
                Delete
              </ActionButton>
            </RowActions>
          )
        }),
        meta: { width: 220, align: 'end' },
      },
    ],
    [c],
  )

  return (
    <>
      <PageHeader title="Calibrators">
        <Button onClick={() => setLastAdded(c.add())} disabled={Boolean(c.loadError) || c.loading}>
          Add new calibrator
        </Button>
      </PageHeader>
      <Banner variant={c.notice?.variant ?? 'error'} message={c.notice?.text} onClose={c.clearNotice} />
      <PageState loading={false} error={c.loadError} onRetry={c.reload}>
        <DataGrid
          label="Calibrators"
          columns={columns}
          data={c.rows}
          loading={c.loading}
          getRowId={(r) => r.key}
          emptyText="No calibrators yet."
          showRowId={lastAdded}
        />
      </PageState>
      <ConfirmDialog
        question={deleting && `Delete calibrator ${deleting.name}?`}
        onConfirm={() => {
          if (deleting) void c.remove(deleting)
          setDeleting(null)
        }}
        onCancel={() => setDeleting(null)}
      />
    </>
  )
}
