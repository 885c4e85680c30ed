import { useState } from 'react'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import ListGroup from 'react-bootstrap/ListGroup'
import { fieldChanges, HISTORY_LIMIT, type AuditEntity, type AuditEntry } from '../../../schemas/audit'
import { api, describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { formatUtc } from '../date-format'
import { FieldDiff, fieldName, type ValueFormat } from './field-diff'

export interface HistoryPanelProps {
  entity: AuditEntity
  /** The entity's id; nothing is shown for a new (unsaved) entity. */
  id: string | number | null | undefined
  /** Field → label for the diff (a record's `data.<variable>` → the layout's label). */
  labels?: Readonly<Record<string, string>>
  /** How the diff reads a field's value, where the caller knows better than plain text (a record's). */
  format?: ValueFormat
}

const ACTION_TEXT: Record<AuditEntry['action'], string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
}

const ACTION_BG: Record<AuditEntry['action'], string> = {
  create: 'success',
  update: 'primary',
  delete: 'danger',
}

function HistoryList({
  entity,
  id,
  labels,
  format,
}: Required<Pick<HistoryPanelProps, 'entity'>> &
  Pick<HistoryPanelProps, 'labels' | 'format'> & { id: string }) {
  const history = useResource(
    (signal) => api.get<AuditEntry[]>('config', `/api/Audit/${entity}/${encodeURIComponent(id)}`, { signal }),
    [entity, id],
  )
  const [selected, setSelected] = useState<number | null>(null)
  if (history.loading && !history.data) return <p className="text-secondary small m-3">Loading history…</p>
  if (history.error) return <p className="text-danger small m-3">{describeError(history.error)}</p>
  const entries = history.data ?? []
  if (entries.length === 0) return <p className="text-secondary small m-3">No changes recorded yet.</p>
  // Newest first: the latest change is what people look for.
  const newestFirst = [...entries].reverse()
  return (
    <>
      {entries.length >= HISTORY_LIMIT && (
        <p className="text-secondary small m-3 mb-0">
          The latest {HISTORY_LIMIT.toLocaleString('en')} changes; the Audit page lists every one.
        </p>
      )}
      <ListGroup variant="flush" aria-label="Revisions">
        {newestFirst.map((entry) => {
          const open = selected === entry.id
          const otherRecord = entity === 'record' && entry.entityId !== id
          // A record's content revision is said beside the change, not listed among its fields.
          const revision = entity === 'record' ? entry.after?.revision : undefined
          const hidden = entity === 'record' ? ['revision'] : []
          return (
            <ListGroup.Item key={entry.id} className="history-entry">
              <Button
                variant="link"
                className="p-0 text-start text-decoration-none w-100 d-flex flex-wrap gap-2 align-items-center"
                aria-expanded={open}
                onClick={() => setSelected(open ? null : entry.id)}
              >
                <Badge bg={ACTION_BG[entry.action]}>{ACTION_TEXT[entry.action]}</Badge>
                <span className="history-who text-body">{entry.userName}</span>
                <span className="history-when text-secondary small">{formatUtc(entry.at)}</span>
                {typeof revision === 'number' && (
                  <span className="history-revision small text-secondary">revision {revision}</span>
                )}
                {entry.action === 'update' && (
                  <span className="history-what small text-body-secondary text-truncate">
                    {fieldChanges(entry.before, entry.after)
                      .filter((c) => !hidden.includes(c.field))
                      .map((c) => fieldName(c.field, labels))
                      .join(', ')}
                  </span>
                )}
                {otherRecord && (
                  <span className="small text-secondary">
                    record {entry.entityId}
                    {entry.revisionOf ? ` (revision of ${entry.revisionOf})` : ''}
                  </span>
                )}
              </Button>
              {open && (
                <div className="mt-2">
                  <FieldDiff entry={entry} labels={labels} format={format} hidden={hidden} />
                </div>
              )}
            </ListGroup.Item>
          )
        })}
      </ListGroup>
    </>
  )
}

/**
 * The history of one entity on its edit screen (issue 8): collapsed by default; opened, it lists who
 * changed it and when, newest first, and shows the field-level diff of a chosen revision.
 */
export function HistoryPanel({ entity, id, labels, format }: HistoryPanelProps) {
  const [open, setOpen] = useState(false)
  if (id === null || id === undefined || String(id) === '' || /^new$/i.test(String(id))) return null
  return (
    <Card className="history-panel mt-4">
      <Card.Header className="py-2">
        <Button
          variant="link"
          className="p-0 text-decoration-none fw-semibold"
          aria-expanded={open}
          aria-controls="history-panel-body"
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'} History
        </Button>
      </Card.Header>
      {open && (
        <div id="history-panel-body">
          <HistoryList entity={entity} id={String(id)} labels={labels} format={format} />
        </div>
      )}
    </Card>
  )
}
