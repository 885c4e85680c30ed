import Badge from 'react-bootstrap/Badge'
import Form from 'react-bootstrap/Form'
import {
  actionsColumn,
  type ColumnDef,
  type ColumnFilterControl,
  type GridColumnMeta,
} from '../../../runtime/grid'
import { resultLabel, SUSPECT_BADGES, type RecordListItem } from '../../../schemas/records'
import { formatUtc } from '../../components/date-format'
import { ReviewStatus, StatusFilter } from './review-status'
import { ActionLink, RowActions } from '../../components/row-actions'
import { CertificateButton } from '../../components/certificate-button'
import type { RecordSelection } from './certificates/use-record-selection'
import {
  columnsOf,
  FILTERABLE_COLUMNS,
  RECORD_COLUMN,
  viewLinkOf,
  type CategoryChoice,
} from './records-model'

const HEADERS: Record<string, string> = {
  [RECORD_COLUMN.serial]: 'Serial',
  [RECORD_COLUMN.productType]: 'Product Type',
  [RECORD_COLUMN.recordType]: 'Record Type',
  [RECORD_COLUMN.result]: 'Result',
  [RECORD_COLUMN.supplier]: 'Supplier',
  [RECORD_COLUMN.jobNumber]: 'Job No.',
  [RECORD_COLUMN.customer]: 'Customer',
  [RECORD_COLUMN.faultItem]: 'Fault Item',
  [RECORD_COLUMN.repairItem]: 'Repair Item',
  [RECORD_COLUMN.faultDescriptive]: 'Fault Descriptive',
  [RECORD_COLUMN.repairDescriptive]: 'Repair Descriptive',
  [RECORD_COLUMN.date]: 'Date',
  [RECORD_COLUMN.status]: 'Status',
}

// Problem report lists are free text on the server: not sortable there.
const UNSORTABLE = new Set<string>([
  RECORD_COLUMN.faultItem,
  RECORD_COLUMN.repairItem,
  RECORD_COLUMN.faultDescriptive,
  RECORD_COLUMN.repairDescriptive,
  RECORD_COLUMN.status,
])

/** The Result column's filter: all, pass, fail or n/a. */
function ResultFilter({ value, setValue, label }: ColumnFilterControl) {
  return (
    <Form.Select
      size="sm"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      aria-label={`Filter by ${label}`}
    >
      <option value="">All</option>
      <option value="pass">Pass</option>
      <option value="fail">Fail</option>
      <option value="n/a">n/a</option>
    </Form.Select>
  )
}

function ResultBadge({ result }: { result: RecordListItem['testResult'] }) {
  const bg = result === 'pass' ? 'success' : result === 'fail' ? 'danger' : 'secondary'
  return <Badge bg={bg}>{resultLabel(result)}</Badge>
}

/** Issue #15.3: a record an impact case made suspect, with its disposition once given. */
function SuspectBadge({ state }: { state: RecordListItem['suspect'] }) {
  if (!state) return null
  return (
    <Badge bg={state === 'undecided' ? 'danger' : 'secondary'} className="ms-2 suspect-badge">
      {SUSPECT_BADGES[state]}
    </Badge>
  )
}

function column(id: string): ColumnDef<RecordListItem, unknown> {
  const base: ColumnDef<RecordListItem, unknown> = {
    id,
    accessorKey: id,
    header: HEADERS[id],
    enableSorting: !UNSORTABLE.has(id),
    meta: {
      filter: FILTERABLE_COLUMNS.has(id) && id !== RECORD_COLUMN.result && id !== RECORD_COLUMN.status,
    },
  }
  if (id === RECORD_COLUMN.result)
    return {
      ...base,
      meta: { renderFilter: ResultFilter, width: 110 },
      cell: ({ row }) => <ResultBadge result={row.original.testResult} />,
    }
  if (id === RECORD_COLUMN.status)
    return {
      ...base,
      meta: { renderFilter: StatusFilter, width: 140 },
      cell: ({ row }) => <ReviewStatus record={row.original} />,
    }
  // No fixed width (walk s14): the day and time share a line where there is room and wrap where not.
  if (id === RECORD_COLUMN.date) return { ...base, cell: ({ row }) => formatUtc(row.original.recordDate) }
  if (id === RECORD_COLUMN.serial)
    return {
      ...base,
      cell: ({ row }) => (
        <>
          {row.original.productSerialNumber || '—'}
          <SuspectBadge state={row.original.suspect} />
        </>
      ),
    }
  // An empty cell reads '—' (as /Products does): a calibration record has no product type, say.
  return { ...base, cell: ({ getValue }) => (getValue() as string | null) || '—' }
}

/** The checkbox column of batch certificates (issue #16.3): the header ticks the page's rows. */
function selectColumn(selection: RecordSelection): ColumnDef<RecordListItem, unknown> {
  const picked = (id: number) => selection.allMatching || selection.ids.has(id)
  return {
    id: 'select',
    enableSorting: false,
    enableColumnFilter: false,
    meta: { width: 40, label: 'Select' },
    header: ({ table }) => {
      const page = table.getRowModel().rows.map((r) => r.original.recordId)
      const all = page.length > 0 && page.every(picked)
      return (
        <Form.Check
          id="select-page-records"
          aria-label="Select all records on this page"
          // Drawn on a phone only, where the box sits alone above the cards (walk s13).
          label={<span className="d-sm-none fw-normal">Select all records on this page</span>}
          checked={all}
          disabled={page.length === 0}
          onChange={(e) => selection.togglePage(page, e.target.checked)}
        />
      )
    },
    cell: ({ row, table }) => {
      const id = row.original.recordId
      return (
        <Form.Check
          aria-label={`Select record ${id} of ${row.original.productSerialNumber}`}
          checked={picked(id)}
          onChange={(e) => {
            // Unticking one row of 'all matching' keeps the rest of this page ticked.
            if (selection.allMatching)
              selection.only(
                table
                  .getRowModel()
                  .rows.map((r) => r.original.recordId)
                  .filter((r) => r !== id),
              )
            else selection.toggle(id, e.target.checked)
          }}
        />
      )
    },
  }
}

/** The records grid's columns for a category (SPEC §2): row checkboxes, the category's columns, the actions. */
export function recordColumns(
  category: CategoryChoice,
  selection?: RecordSelection,
): ColumnDef<RecordListItem, unknown>[] {
  return [
    ...(selection ? [selectColumn(selection)] : []),
    ...columnsOf(category).map(column),
    recordActions(),
  ]
}

/**
 * View and 'Certificate (PDF)': about 197 px on one line. Walk s14: with the fixed 150 px actions width
 * and the buttons kept on one line, the Test and Problem Report grids at 1366 px were wider than their box
 * and the column (its header cut to 'Ac') sat past the edge of the sideways scroller. The column now
 * prefers the buttons' one-line width and may narrow to the wider button, the two stacking, where the
 * grid is short of room (with the drawer open at 1366 px: Test and Problem Report).
 */
function recordActions(): ColumnDef<RecordListItem, unknown> {
  const column = actionsColumn<RecordListItem>(({ row }) => (
    <RowActions wrap>
      <ActionLink
        to={viewLinkOf(row.original)}
        label={`View record ${row.original.recordId} of ${row.original.productSerialNumber}`}
      >
        View
      </ActionLink>
      <CertificateButton
        size="sm"
        recordId={row.original.recordId}
        label={`Certificate (PDF) of record ${row.original.recordId}`}
      />
    </RowActions>
  ))
  // 208 px: the one-line width with room for a wider system font.
  const meta: GridColumnMeta = { ...(column.meta as GridColumnMeta), width: 208, shrink: true }
  return { ...column, meta }
}
