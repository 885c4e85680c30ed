import { useMemo } from 'react'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import { actionsColumn, DataGrid, type ColumnDef } from '../../../runtime/grid'
import {
  CALIBRATION_STATUS_LABELS,
  resultLabel,
  SUSPECT_BADGES,
  type CalibrationStatus,
  type EquipmentUsageItem,
} from '../../../schemas/records'
import { describeError } from '../../api/client'
import { Banner } from '../../components/banner'
import { ActionLink, RowActions } from '../../components/row-actions'
import { recordRefColumns } from '../../components/record-ref-columns'
import { NO_USAGE_FILTERS, useEquipmentUsage } from './use-equipment-usage'
import { DayText } from '../../components/day-text'
import { DayTexts, useDayTextScope } from '../../components/day-text-scope'

/** Status at use (frozen with the record), then 'After expiry' and its impact-case state when it has them. */
function UseCell({ item }: { item: EquipmentUsageItem }) {
  const status = item.statusAtUse as CalibrationStatus | null
  return (
    <div className="d-flex flex-wrap gap-1">
      {status && (
        <Badge bg="light" text="dark" className="border">
          {CALIBRATION_STATUS_LABELS[status] ?? status}
        </Badge>
      )}
      {item.afterExpiry && (
        <Badge bg="warning" text="dark">
          After expiry
        </Badge>
      )}
      {item.suspect && <Badge bg="danger">{SUSPECT_BADGES[item.suspect]}</Badge>}
    </div>
  )
}

function usageColumns(): ColumnDef<EquipmentUsageItem, unknown>[] {
  return [
    ...recordRefColumns<EquipmentUsageItem>(140),
    {
      id: 'testResult',
      header: 'Result',
      enableSorting: false,
      meta: { width: 70 },
      cell: ({ row }) => resultLabel(row.original.testResult),
    },
    {
      id: 'use',
      header: 'Calibration at use',
      enableSorting: false,
      cell: ({ row }) => <UseCell item={row.original} />,
    },
    actionsColumn<EquipmentUsageItem>(
      ({ row }) => (
        <RowActions>
          <ActionLink
            to={`/Records/${row.original.recordId}`}
            label={`View record ${row.original.recordId} of ${row.original.productSerialNumber}`}
          >
            View
          </ActionLink>
        </RowActions>
      ),
      '',
    ),
  ]
}

/**
 * The records that used the device (issue #15.3), newest first, by date range; 'Used after expiry only'
 * lists those made on or after the expiry day of the calibration in force, and offers to open an impact
 * case for them (no case is opened unless someone does).
 */
export function EquipmentUsageCard({ deviceId, serial }: { deviceId: number; serial: string }) {
  const u = useEquipmentUsage(deviceId)
  const columns = useMemo(() => usageColumns(), [])
  const { filters, setFilters } = u
  // Clear Filters empties the date boxes too when they show text that is not a day (no filter to clear).
  const days = useDayTextScope(() => setFilters(NO_USAGE_FILTERS))
  return (
    <Card className="shadow-sm mt-3">
      <Card.Header as="h2" className="h6 mb-0">
        Usage
      </Card.Header>
      <Card.Body>
        {/* The boxes, the check box and Clear line up at their bottoms; a date hint hangs under its box
            (styles.css, usage-filters) instead of lifting it above the other. */}
        <DayTexts scope={days.scope}>
          <Form
            className="d-flex flex-wrap align-items-end gap-2 mb-2 usage-filters"
            onSubmit={(e) => e.preventDefault()}
          >
            <Form.Group controlId="usage-from" className="usage-day">
              <Form.Label className="mb-1 small text-secondary">From</Form.Label>
              <DayText
                iso={filters.from}
                onChange={(day) => setFilters({ ...filters, from: day })}
                label="From"
              />
            </Form.Group>
            <Form.Group controlId="usage-to" className="usage-day">
              <Form.Label className="mb-1 small text-secondary">To</Form.Label>
              <DayText iso={filters.to} onChange={(day) => setFilters({ ...filters, to: day })} label="To" />
            </Form.Group>
            <Form.Check
              id="usage-after-expiry"
              className="mb-2"
              label="Used after expiry only"
              checked={filters.afterExpiry}
              onChange={(e) => setFilters({ ...filters, afterExpiry: e.target.checked })}
            />
            <Button variant="outline-secondary" onClick={days.clear}>
              Clear Filters
            </Button>
          </Form>
        </DayTexts>
        {filters.afterExpiry && u.totalCount > 0 && !u.loading && (
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <span>
              {u.totalCount} record{u.totalCount === 1 ? '' : 's'} used {serial} after its calibration
              expired.
            </span>
            <Button size="sm" variant="danger" disabled={u.opening} onClick={() => void u.openLapsedCase()}>
              Open impact case
            </Button>
          </div>
        )}
        <Banner variant="error" message={u.openError} />
        <Banner variant="error" message={u.error ? describeError(u.error) : null} />
        <DataGrid
          label="Usage"
          columns={columns}
          data={u.rows}
          loading={u.loading}
          loadFailed={Boolean(u.error)}
          onRetry={u.reload}
          getRowId={(r) => String(r.recordId)}
          emptyText={
            filters.afterExpiry
              ? 'No record used this device after its calibration expired.'
              : 'No record used this device in these dates.'
          }
          server={{ query: u.query, totalCount: u.totalCount, onQueryChange: u.setQuery }}
        />
      </Card.Body>
    </Card>
  )
}
