import { useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { actionsColumn, DataGrid, schemaColumns } from '../../../runtime/grid'
import { supplierSchema, type Supplier } from '../../../schemas/entities/supplier'
import { ADMIN_VIEWS, CONFIGURE_VIEWS } from '../../../schemas/roles'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { Banner } from '../../components/banner'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useConfirmDelete } from '../../components/use-confirm-delete'
import { PageHeader } from '../../components/page-header'
import { ActionButton, ActionLink, RowActions } from '../../components/row-actions'
import { useSuccessQuery } from '../../components/success-query'
import { sessionAtom } from '../../session/session-atoms'
import { suppliersApi } from './suppliers-api'

/** /Suppliers: ID and Name with fuzzy filters, edit, delete for the view-all role, 'Add new supplier'. */
export default function SuppliersListPage() {
  const navigate = useNavigate()
  const view = useAtomValue(sessionAtom)?.view ?? 'none'
  const success = useSuccessQuery('Successfully added new supplier')
  const list = useResource((signal) => suppliersApi.list(signal), [])
  const del = useConfirmDelete<Supplier>(
    (item) => suppliersApi.delete(item.id),
    () => list.reload(),
  )
  const askDelete = del.ask
  const canDelete = ADMIN_VIEWS.includes(view)
  const canEdit = CONFIGURE_VIEWS.includes(view)

  const columns = useMemo(
    () => [
      ...schemaColumns<Supplier>(supplierSchema, ['id', 'name'], {
        id: { filter: true },
        name: { filter: true },
      }),
      actionsColumn<Supplier>(({ row }) => (
        <RowActions>
          <ActionLink
            to={`/Suppliers/${row.original.id}`}
            label={`${canEdit ? 'Edit' : 'View'} ${row.original.name}`}
          >
            {canEdit ? 'Edit' : 'View'}
          </ActionLink>
          {canDelete && (
            <ActionButton
              variant="outline-danger"
              label={`Delete ${row.original.name}`}
              onClick={() => askDelete(row.original)}
            >
              Delete
            </ActionButton>
          )}
        </RowActions>
      )),
    ],
    [canDelete, canEdit, askDelete],
  )

  return (
    <>
      <PageHeader title="Suppliers">
        {CONFIGURE_VIEWS.includes(view) && (
          <Button onClick={() => navigate('/Suppliers/New')}>Add new supplier</Button>
        )}
      </PageHeader>
      <Banner variant="success" message={success} />
      <Banner variant="error" message={del.error ?? (list.error ? describeError(list.error) : null)} />
      <DataGrid
        label="Suppliers"
        columns={columns}
        data={list.data ?? []}
        loading={list.loading}
        loadFailed={Boolean(list.error)}
        onRetry={list.reload}
        getRowId={(s) => String(s.id)}
        emptyText="No suppliers yet."
      />
      <ConfirmDialog
        question={del.deleting && `Delete supplier ${del.deleting.name}?`}
        onConfirm={() => void del.confirm()}
        onCancel={del.cancel}
      />
    </>
  )
}
