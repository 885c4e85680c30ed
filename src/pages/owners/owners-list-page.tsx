import { useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import { useNavigate } from 'react-router-dom'
import { actionsColumn, DataGrid, schemaColumns } from '../../../runtime/grid'
import { deviceOwnerListItemSchema, type DeviceOwnerListItem } from '../../../schemas/entities/device-owner'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { ActionLink } from '../../components/row-actions'
import { OWNER_ERRORS, ownersApi } from './owners-api'

/** /Owners: ID, Name and edit, 10 a page, with 'Add new Device Owner'. */
export default function OwnersListPage() {
  const navigate = useNavigate()
  const list = useResource(
    (signal) =>
      ownersApi.list(signal).catch((e: unknown) => {
        if (signal.aborted) throw e
        throw new Error(OWNER_ERRORS.loadOwners)
      }),
    [],
  )
  const columns = useMemo(
    () => [
      ...schemaColumns<DeviceOwnerListItem>(deviceOwnerListItemSchema, ['id', 'name'], {
        id: { filter: true },
        name: { filter: true },
      }),
      actionsColumn<DeviceOwnerListItem>(({ row: { original: o } }) => (
        <ActionLink to={`/Owners/${o.id}`} label={`Edit ${o.name}`}>
          Edit
        </ActionLink>
      )),
    ],
    [],
  )
  return (
    <>
      <PageHeader title="Device Owners">
        <Button onClick={() => navigate('/Owners/New')}>Add new Device Owner</Button>
      </PageHeader>
      <Banner variant="error" message={list.error ? describeError(list.error) : null} />
      <DataGrid
        label="Device Owners"
        columns={columns}
        data={list.data ?? []}
        loading={list.loading}
        loadFailed={Boolean(list.error)}
        onRetry={list.reload}
        getRowId={(o) => String(o.id)}
        emptyText="No device owners yet."
      />
    </>
  )
}
