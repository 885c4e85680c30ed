import Badge from 'react-bootstrap/Badge'
import Form from 'react-bootstrap/Form'
import type { ColumnDef } from '../../../runtime/grid'
import { resultLabel, type SuspectRecord } from '../../../schemas/records'
import { formatUtc } from '../../components/date-format'
import { ActionLink, RowActions } from '../../components/row-actions'
import { recordRefColumns } from '../../components/record-ref-columns'
import { StateBadge } from './case-labels'

/** The disposition cell: the state, then why, who and when (and the record that cleared a retest or a recall). */
export function DispositionCell({ record: r }: { record: SuspectRecord }) {
  return (
    <div className="suspect-disposition">
      <StateBadge state={r.state} />
      {r.reason && <span className="d-block small">{r.reason}</span>}
      {r.decidedByName && (
        <span className="d-block small text-secondary">
          by {r.decidedByName}, {formatUtc(r.decidedAt)}
        </span>
      )}
      {(r.state === 'retest' || r.state === 'recall') && (
        <span className="d-block small text-secondary">
          {r.retestClearedBy
            ? `${r.state === 'retest' ? 'Retested' : 'Cleared'}: record ${r.retestClearedBy}`
            : 'Waiting for a new record'}
        </span>
      )}
    </div>
  )
}

/** A record's stored result as a badge. */
function ResultBadgeOf({ result }: { result: SuspectRecord['testResult'] }) {
  const bg = result === 'pass' ? 'success' : result === 'fail' ? 'danger' : 'secondary'
  return <Badge bg={bg}>{resultLabel(result)}</Badge>
}

/**
 * Columns of a case's suspect records: a checkbox to select the record (the header one selects the page),
 * serial, product type, record type, supplier, date, result, the disposition, and View.
 */
export function suspectColumns(
  rows: readonly SuspectRecord[],
  selected: ReadonlySet<number>,
  toggle: (recordId: number) => void,
  toggleAll: (on: boolean) => void,
  selectable: boolean,
): ColumnDef<SuspectRecord, unknown>[] {
  const all = rows.length > 0 && rows.every((r) => selected.has(r.recordId))
  const select: ColumnDef<SuspectRecord, unknown> = {
    id: 'Select',
    enableSorting: false,
    meta: { width: 40 },
    header: () => (
      <Form.Check
        id="select-page-suspects"
        aria-label="Select every record on this page"
        // Drawn on a phone only, where the box sits alone above the cards (walk s13).
        label={<span className="d-sm-none fw-normal">Select every record on this page</span>}
        checked={all}
        disabled={!selectable || rows.length === 0}
        onChange={(e) => toggleAll(e.target.checked)}
      />
    ),
    cell: ({ row }) => (
      <Form.Check
        aria-label={`Select record ${row.original.recordId} (${row.original.productSerialNumber})`}
        checked={selected.has(row.original.recordId)}
        disabled={!selectable}
        onChange={() => toggle(row.original.recordId)}
      />
    ),
  }
  return [
    ...(selectable ? [select] : []),
    ...recordRefColumns<SuspectRecord>(130),
    {
      id: 'testResult',
      header: 'Result',
      enableSorting: false,
      meta: { width: 80 },
      cell: ({ row }) => <ResultBadgeOf result={row.original.testResult} />,
    },
    {
      id: 'state',
      header: 'Disposition',
      enableSorting: false,
      meta: { width: 220 },
      cell: ({ row }) => <DispositionCell record={row.original} />,
    },
    {
      // One small button: narrower than SPEC's 150 px actions column, so the grid fits beside the drawer.
      id: 'actions',
      header: '',
      enableSorting: false,
      meta: { width: 70, align: 'end' },
      cell: ({ row }) => (
        <RowActions>
          <ActionLink
            to={`/Records/${row.original.recordId}`}
            label={`View record ${row.original.recordId} of ${row.original.productSerialNumber}`}
          >
            View
          </ActionLink>
        </RowActions>
      ),
    },
  ]
}
