import { useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { actionsColumn, DataGrid, schemaColumns, type ColumnDef } from '../../../runtime/grid'
import { recordTypeSchema, type RecordType } from '../../../schemas/entities/record-type'
import { CAPTURE_TYPE_LABELS } from '../../../schemas/form-layout'
import { CONFIGURE_VIEWS } from '../../../schemas/roles'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { Banner } from '../../components/banner'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useConfirmDelete } from '../../components/use-confirm-delete'
import { PageHeader } from '../../components/page-header'
import { ActionButton, ActionLink, RowActions } from '../../components/row-actions'
import { useSuccessQuery } from '../../components/success-query'
import { sessionAtom } from '../../session/session-atoms'
import { recordTypesApi } from './record-types-api'

/** A list row: the capture type and category as the grid shows and filters them. */
type Row = { id: number; name: string; capture: string; category: string }

/** /RecordTypes (SPEC §2): ID, Name, Capture, Category; edit, delete, view reports; 10 a page. */
export default function RecordTypesListPage() {
  const navigate = useNavigate()
  const view = useAtomValue(sessionAtom)?.view ?? 'none'
  const canWrite = CONFIGURE_VIEWS.includes(view)
  const success = useSuccessQuery('Successfully added new record type')
  const list = useResource((signal) => recordTypesApi.list(signal), [])
  const rows = useMemo<Row[]>(
    () =>
      (list.data ?? []).map((t: RecordType) => ({
        id: t.id,
        name: t.name,
        capture: (t.captureType && CAPTURE_TYPE_LABELS[t.captureType]) || '',
        category: t.units ?? '',
      })),
    [list.data],
  )
  const del = useConfirmDelete<Row>(
    (item) => recordTypesApi.delete(item.id),
    () => list.reload(),
  )
  const askDelete = del.ask

  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      ...schemaColumns<Row>(recordTypeSchema, ['id', 'name'], {
        id: { filter: true },
        name: { filter: true },
      }),
      ...schemaColumns<Row>(recordTypeSchema, ['capture', 'category'], {
        capture: { header: 'Capture', filter: true, width: 120 },
        category: { header: 'Category', filter: true, width: 170 },
      }),
      actionsColumn<Row>(({ row: { original: t } }) => (
        <RowActions>
          <ActionLink to={`/RecordTypes/${t.id}`} label={`Edit ${t.name}`}>
            Edit
          </ActionLink>
          {canWrite && (
            <ActionButton variant="outline-danger" label={`Delete ${t.name}`} onClick={() => askDelete(t)}>
              Delete
            </ActionButton>
          )}
          <ActionLink to={`/Records?filter=recordTypeId&value=${t.id}`} label={`View reports of ${t.name}`}>
            Reports
          </ActionLink>
        </RowActions>
      )),
    ],
    [canWrite, askDelete],
  )

  return (
    <>
      <PageHeader title="Record Types">
        {canWrite && <Button onClick={() => navigate('/RecordTypes/New')}>Add new record type</Button>}
      </PageHeader>
      <Banner variant="success" message={success} />
      <Banner variant="error" message={del.error ?? (list.error ? describeError(list.error) : null)} />
      <DataGrid
        label="Record Types"
        columns={columns}
        data={rows}
        loading={list.loading}
        loadFailed={Boolean(list.error)}
        onRetry={list.reload}
        getRowId={(t) => String(t.id)}
        initialSorting={[{ id: 'id', desc: false }]}
        emptyText="No record types yet."
      />
      <ConfirmDialog
        question={del.deleting && `Delete record type ${del.deleting.name}?`}
        onConfirm={() => void del.confirm()}
        onCancel={del.cancel}
      />
    </>
  )
}
