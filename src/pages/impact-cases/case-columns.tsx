import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { ColumnDef } from '../../../runtime/grid'
import type { ImpactCase, ImpactCounts } from '../../../schemas/records'
import { formatUtc } from '../../components/date-format'
import { ActionLink, RowActions } from '../../components/row-actions'
import { CaseStatusBadge, caseKindText, windowText } from './case-labels'

const countColumn = (key: keyof ImpactCounts, header: string): ColumnDef<ImpactCase, unknown> => ({
  id: String(key),
  header,
  enableSorting: false,
  meta: { width: 85, align: 'end' },
  cell: ({ row }) => row.original.counts[key],
})

const plain = (
  id: string,
  header: string,
  cell: (c: ImpactCase) => ReactNode,
  width?: number,
): ColumnDef<ImpactCase, unknown> => ({
  id,
  header,
  enableSorting: false,
  meta: width ? { width } : {},
  cell: ({ row }) => cell(row.original),
})

/**
 * Columns of the /ImpactCases grid: the case number (sortable), its device, what opened it, the window,
 * when and by whom, its status, the counts undecided / accepted / retest / recalled, and Open.
 */
export function caseColumns(): ColumnDef<ImpactCase, unknown>[] {
  return [
    { id: 'id', accessorKey: 'id', header: 'Case', meta: { width: 70 } },
    plain('device', 'Test Equipment', (c) => (
      <div>
        <Link to={`/TestEquipment/${c.testEquipmentId}`}>{c.testEquipmentSerial}</Link>
        {c.testEquipmentDescription && (
          <span className="d-block small text-secondary">{c.testEquipmentDescription}</span>
        )}
      </div>
    )),
    plain('kind', 'Opened because', (c) => (
      <div>
        {caseKindText(c)}
        <span className="d-block small text-secondary">Window: {windowText(c)}</span>
      </div>
    )),
    plain(
      'opened',
      'Opened',
      (c) => (
        <div>
          {formatUtc(c.openedAt)}
          <span className="d-block small text-secondary">by {c.openedByName}</span>
        </div>
      ),
      140,
    ),
    plain('status', 'Status', (c) => <CaseStatusBadge status={c.status} />, 80),
    countColumn('undecided', 'Undecided'),
    countColumn('accept', 'Accepted'),
    countColumn('retest', 'Retest'),
    countColumn('recall', 'Recalled'),
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      meta: { width: 70, align: 'end' },
      cell: ({ row }) => (
        <RowActions>
          <ActionLink to={`/ImpactCases/${row.original.id}`} label={`Open impact case ${row.original.id}`}>
            Open
          </ActionLink>
        </RowActions>
      ),
    },
  ]
}
