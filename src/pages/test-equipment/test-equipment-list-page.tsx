import { Link } from 'react-router-dom'
import { actionsColumn, DataGrid, type ColumnDef } from '../../../runtime/grid'
import type { TestEquipment } from '../../../schemas/records'
import { PageState } from '../../components/page-state'
import { formatUtcDay } from '../../components/date-format'
import { PageHeader } from '../../components/page-header'
import { ActionLink, RowActions } from '../../components/row-actions'
import { calibrationKind, calibrationSortingFn, locationName } from './calibration'
import { CalibrationIcon } from './calibration-icon'
import { useTestEquipmentList } from './use-test-equipment-list'

const text = (
  id: string,
  header: string,
  accessorFn: (t: TestEquipment) => string,
): ColumnDef<TestEquipment, unknown> => ({ id, header, accessorFn, meta: { filter: true } })

/** SPEC §2 Expires: 'Calibration not required', or 'Expires' with the date. */
function ExpiresCell({ item }: { item: TestEquipment }) {
  const kind = calibrationKind(item)
  if (kind === 'notRequired') return <span className="text-secondary">Calibration not required</span>
  const expires = item.latestCalibration?.expires
  if (kind === 'never' || !expires) return <span className="text-secondary">—</span>
  const past = Date.parse(expires) <= Date.now()
  return <span className={past ? 'text-danger fw-semibold' : undefined}>Expires {formatUtcDay(expires)}</span>
}

const columns: ColumnDef<TestEquipment, unknown>[] = [
  text('serialNumber', 'Serial Number', (t) => t.serialNumber.full),
  text('description', 'Description', (t) => t.description ?? ''),
  text('assetTag', 'Physical Serial Number', (t) => t.assetTag),
  text('location', 'Location', locationName),
  {
    id: 'calibrated',
    header: 'Calibrated',
    accessorFn: (t) => calibrationKind(t),
    sortingFn: calibrationSortingFn,
    cell: ({ row }) => <CalibrationIcon kind={calibrationKind(row.original)} />,
    meta: { width: 110 },
  },
  {
    id: 'expires',
    header: 'Expires',
    accessorFn: (t) => t.latestCalibration?.expires ?? '',
    sortingFn: calibrationSortingFn,
    cell: ({ row }) => <ExpiresCell item={row.original} />,
  },
  actionsColumn<TestEquipment>(({ row }) => (
    <RowActions>
      <ActionLink to={`/TestEquipment/${row.original.id}`} label={`Edit ${row.original.serialNumber.full}`}>
        Edit
      </ActionLink>
      <ActionLink
        to={`/Records?filter=testEquipment&value=${row.original.id}`}
        label={`Show records using ${row.original.serialNumber.full}`}
      >
        Records
      </ActionLink>
    </RowActions>
  )),
]

/**
 * /TestEquipment (SPEC §2): serial, description, asset tag, location, calibration icon and expiry, with
 * fuzzy filters and the custom reversible calibration sort; ?product= shows what one product used.
 */
export default function TestEquipmentListPage() {
  const list = useTestEquipmentList()
  return (
    <>
      <PageHeader
        title={list.productId == null ? 'Test Equipment' : `Test Equipment used on product ${list.productId}`}
      >
        {list.productId != null && (
          <Link to="/TestEquipment" className="btn btn-outline-secondary">
            Show all test equipment
          </Link>
        )}
      </PageHeader>
      <PageState loading={false} error={list.error} onRetry={list.reload}>
        <DataGrid
          label="Test Equipment"
          columns={columns}
          data={list.rows}
          loading={list.loading}
          getRowId={(t) => String(t.id)}
          emptyText={
            list.productId == null ? 'No test equipment yet.' : 'No test equipment was used on this product.'
          }
        />
      </PageState>
    </>
  )
}
