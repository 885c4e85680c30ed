import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import type { ColumnDef } from '../../../runtime/grid'
import { AUDIT_ENTITIES, fieldChanges, type AuditEntry } from '../../../schemas/audit'
import { formatUtc } from '../../components/date-format'
import { fieldName } from '../../components/history-panel/field-diff'
import { auditReading, inEntityOrder } from './audit-values'

const ACTION_BG: Record<AuditEntry['action'], string> = {
  create: 'success',
  update: 'primary',
  delete: 'danger',
}

/** The entity's name for people ('Supplier'), or the stored name for one this SPA does not know. */
export const entityName = (entity: string) =>
  Object.hasOwn(AUDIT_ENTITIES, entity) ? AUDIT_ENTITIES[entity as keyof typeof AUDIT_ENTITIES] : entity

/** The changed fields of a row in a few words, named as its diff names them, e.g. 'Name' or 'Status, Closed by'. */
export function changedSummary(entry: AuditEntry): string {
  if (entry.action !== 'update') return ''
  const { labels } = auditReading(entry.entity)
  const { before, after } = inEntityOrder(entry)
  const names = fieldChanges(before, after).map((c) => fieldName(c.field, labels))
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3}` : names.join(', ')
}

/** Columns of the Audit grid: When (sortable), User, Entity, Id, Action, Changes with the diff toggle. */
export function auditColumns(): ColumnDef<AuditEntry, unknown>[] {
  return [
    {
      id: 'at',
      accessorKey: 'at',
      header: 'When',
      meta: { width: 150 },
      cell: ({ row }) => formatUtc(row.original.at),
    },
    { id: 'userName', accessorKey: 'userName', header: 'User', enableSorting: false },
    {
      id: 'entity',
      accessorKey: 'entity',
      header: 'Entity',
      enableSorting: false,
      cell: ({ row }) => entityName(row.original.entity),
    },
    { id: 'entityId', accessorKey: 'entityId', header: 'Id', enableSorting: false, meta: { width: 90 } },
    {
      id: 'action',
      accessorKey: 'action',
      header: 'Action',
      enableSorting: false,
      meta: { width: 100 },
      cell: ({ row }) => <Badge bg={ACTION_BG[row.original.action]}>{row.original.action}</Badge>,
    },
    {
      id: 'changes',
      header: 'Changes',
      enableSorting: false,
      cell: ({ row }) => (
        <Button
          size="sm"
          variant="link"
          className="p-0 text-start"
          onClick={row.getToggleExpandedHandler()}
          aria-expanded={row.getIsExpanded()}
          aria-label={`${row.getIsExpanded() ? 'Hide' : 'Show'} the changes of ${entityName(row.original.entity)} ${row.original.entityId} at ${formatUtc(row.original.at)}`}
        >
          {row.getIsExpanded() ? '▾' : '▸'} {changedSummary(row.original) || 'View'}
        </Button>
      ),
    },
  ]
}
