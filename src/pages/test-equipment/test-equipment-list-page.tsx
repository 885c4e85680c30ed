import { useMemo } from 'react'
import Badge from 'react-bootstrap/Badge'
import Form from 'react-bootstrap/Form'
import { Link } from 'react-router-dom'
import { actionsColumn, DataGrid, type ColumnDef } from '../../../runtime/grid'
import {
  CALIBRATION_DUE_STATE_LABELS,
  CALIBRATION_DUE_STATES,
  type CalibrationDueState,
  type TestEquipment,
} from '../../../schemas/records'
import { PageState } from '../../components/page-state'
import { formatUtcDay } from '../../components/date-format'
import { PageHeader } from '../../components/page-header'
import { ActionLink, RowActions } from '../../components/row-actions'
import { calibrationSortingFn, locationName } from './calibration'
import { CALIBRATION_STATE_ICON, CalibrationIcon } from './calibration-icon'
import { useTestEquipmentList } from './use-test-equipment-list'

const text = (
  id: string,
  header: string,
  accessorFn: (t: TestEquipment) => string,
): ColumnDef<TestEquipment, unknown> => ({ id, header, accessorFn, meta: { filter: true } })

/** SPEC §2 Expires: 'Calibration not required', or 'Expires' with the date; 'Due soon' / 'Expired' beside it. */
function ExpiresCell({ item, state }: { item: TestEquipment; state: CalibrationDueState }) {
  if (state === 'notRequired') return <span className="text-secondary">Calibration not required</span>
  const expires = item.latestCalibration?.expires
  if (!expires) return <span className="text-secondary">—</span>
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-1">
      <span className={state === 'expired' ? 'text-nowrap text-danger fw-semibold' : 'text-nowrap'}>
        Expires {formatUtcDay(expires)}
      </span>
      {state === 'dueSoon' && (
        <Badge bg="warning" text="dark">
          Due soon
        </Badge>
      )}
      {state === 'expired' && <Badge bg="danger">Expired</Badge>}
    </span>
  )
}

function columnsFor(states: Map<number, CalibrationDueState>): ColumnDef<TestEquipment, unknown>[] {
  const stateOf = (t: TestEquipment) => states.get(t.id) ?? 'never'
  return [
    text('serialNumber', 'Serial Number', (t) => t.serialNumber.full),
    text('description', 'Description', (t) => t.description ?? ''),
    text('assetTag', 'Physical Serial Number', (t) => t.assetTag),
    text('location', 'Location', locationName),
    {
      id: 'calibrated',
      header: 'Calibrated',
      accessorFn: stateOf,
      sortingFn: calibrationSortingFn,
      cell: ({ row }) => <CalibrationIcon kind={CALIBRATION_STATE_ICON[stateOf(row.original)]} />,
      meta: { width: 110 },
    },
    {
      id: 'expires',
      header: 'Expires',
      accessorFn: (t) => t.latestCalibration?.expires ?? '',
      sortingFn: calibrationSortingFn,
      cell: ({ row }) => <ExpiresCell item={row.original} state={stateOf(row.original)} />,
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
}

/** The status filter (issue #15.4): every state with its count; the lead time said under it. */
function StatusFilter({ list }: { list: ReturnType<typeof useTestEquipmentList> }) {
  return (
    <Form.Group controlId="calibration-status-filter" className="mb-3 test-equipment-status-filter">
      <Form.Label className="mb-1">Calibration status</Form.Label>
      <Form.Select
        value={list.status ?? ''}
        onChange={(e) => list.setStatus((e.target.value || null) as CalibrationDueState | null)}
        aria-describedby="calibration-status-help"
      >
        <option value="">All ({list.total})</option>
        {CALIBRATION_DUE_STATES.map((s) => (
          <option key={s} value={s}>
            {CALIBRATION_DUE_STATE_LABELS[s]} ({list.counts[s]})
          </option>
        ))}
      </Form.Select>
      <Form.Text id="calibration-status-help">
        Due soon: the calibration expires within {list.dueSoonDays} days.
      </Form.Text>
    </Form.Group>
  )
}

/**
 * /TestEquipment (SPEC §2): serial, description, asset tag, location, calibration icon and expiry, with
 * fuzzy filters and the custom reversible calibration sort; ?product= shows what one product used, and
 * ?status= one calibration state (issue #15.4).
 */
export default function TestEquipmentListPage() {
  const list = useTestEquipmentList()
  const columns = useMemo(() => columnsFor(list.states), [list.states])
  const filtered = list.status ? CALIBRATION_DUE_STATE_LABELS[list.status] : null
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
        <StatusFilter list={list} />
        <DataGrid
          label="Test Equipment"
          columns={columns}
          data={list.rows}
          loading={list.loading}
          getRowId={(t) => String(t.id)}
          emptyText={
            filtered
              ? `No test equipment with calibration status '${filtered}'.`
              : list.productId == null
                ? 'No test equipment yet.'
                : 'No test equipment was used on this product.'
          }
        />
      </PageState>
    </>
  )
}
