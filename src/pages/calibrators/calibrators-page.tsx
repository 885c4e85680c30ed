import { useMemo, useState } from 'react'
import Button from 'react-bootstrap/Button'
import { DataGrid } from '../../../runtime/grid'
import { Banner } from '../../components/banner'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { calibratorColumns } from './calibrator-columns'
import { useCalibrators, type CalibratorRow } from './use-calibrators'

/** /Calibrators: an editable grid with add-new, edit, save and delete per row; only the name is edited. */
export default function CalibratorsPage() {
  const c = useCalibrators()
  const [lastAdded, setLastAdded] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<CalibratorRow | null>(null)

  const columns = useMemo(() => calibratorColumns(c, setDeleting), [c])

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
      {c.unsavedDialog}
    </>
  )
}
