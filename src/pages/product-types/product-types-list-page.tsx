import { useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { actionsColumn, DataGrid, schemaColumns, type ColumnDef } from '../../../runtime/grid'
import {
  PROTECTED_PRODUCT_TYPE_ID,
  productTypeListItemSchema,
  type ProductTypeListItem,
} from '../../../schemas/entities/product-type'
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
import { productTypesApi } from './product-types-api'

type Row = ProductTypeListItem & { parentName: string }

/** /ProductTypes: ID, Name, Parent; edit, delete (never 100210), show reports; 10 a page. */
export default function ProductTypesListPage() {
  const navigate = useNavigate()
  const view = useAtomValue(sessionAtom)?.view ?? 'none'
  const canWrite = CONFIGURE_VIEWS.includes(view)
  const success = useSuccessQuery('Successfully added new product type')
  const list = useResource((signal) => productTypesApi.list(signal), [])
  const rows = useMemo<Row[]>(
    () => (list.data ?? []).map((t) => ({ ...t, parentName: t.parent?.name ?? '' })),
    [list.data],
  )
  const del = useConfirmDelete<Row>(
    (item) => productTypesApi.delete(item.id),
    () => list.reload(),
  )
  const askDelete = del.ask

  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      ...schemaColumns<Row>(productTypeListItemSchema, ['id', 'name'], {
        id: { filter: true },
        name: { filter: true },
      }),
      ...schemaColumns<Row>(productTypeListItemSchema, ['parentName'], {
        parentName: { header: 'Parent', filter: true },
      }),
      actionsColumn<Row>(({ row: { original: t } }) => (
        <RowActions>
          <ActionLink to={`/ProductTypes/${t.id}`} label={`${canWrite ? 'Edit' : 'View'} ${t.name}`}>
            {canWrite ? 'Edit' : 'View'}
          </ActionLink>
          {canWrite && t.id !== PROTECTED_PRODUCT_TYPE_ID && (
            <ActionButton variant="outline-danger" label={`Delete ${t.name}`} onClick={() => askDelete(t)}>
              Delete
            </ActionButton>
          )}
          <ActionLink to={`/Records?filter=producttypeid&value=${t.id}`} label={`Show reports of ${t.name}`}>
            Reports
          </ActionLink>
        </RowActions>
      )),
    ],
    [canWrite, askDelete],
  )

  return (
    <>
      <PageHeader title="Product Types">
        {canWrite && <Button onClick={() => navigate('/ProductTypes/New')}>Add new product type</Button>}
      </PageHeader>
      <Banner variant="success" message={success} />
      <Banner variant="error" message={del.error ?? (list.error ? describeError(list.error) : null)} />
      <DataGrid
        label="Product Types"
        columns={columns}
        data={rows}
        loading={list.loading}
        loadFailed={Boolean(list.error)}
        onRetry={list.reload}
        getRowId={(t) => String(t.id)}
        emptyText="No product types yet."
      />
      <ConfirmDialog
        question={del.deleting && `Delete product type ${del.deleting.name}?`}
        onConfirm={() => void del.confirm()}
        onCancel={del.cancel}
      />
    </>
  )
}
