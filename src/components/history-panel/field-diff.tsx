import Table from 'react-bootstrap/Table'
import { fieldChanges, type AuditEntry } from '../../../schemas/audit'

/** A value as the diff shows it: text as is, lists joined, empty as a dash. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—'
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.length ? value.join(', ') : '—'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** A field's name for people: the label the caller knows (a layout label), else the stored name. */
export const fieldName = (field: string, labels?: Readonly<Record<string, string>>) =>
  labels?.[field] ?? field.replace(/^(data|attributes)\./, '')

/**
 * The field-level diff of one audit row: Field, Before, After for every changed field. Values are
 * rendered as text (never markup), like every user-authored value.
 */
export function FieldDiff({
  entry,
  labels,
}: {
  entry: Pick<AuditEntry, 'before' | 'after'>
  labels?: Readonly<Record<string, string>>
}) {
  const changes = fieldChanges(entry.before, entry.after)
  if (changes.length === 0) return <p className="text-secondary small mb-0">No field changed.</p>
  return (
    <Table size="sm" bordered className="field-diff mb-0" aria-label="Changed fields">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field}>
            <th scope="row" className="fw-normal">
              {fieldName(c.field, labels)}
            </th>
            <td className="text-danger-emphasis text-break">{showValue(c.before)}</td>
            <td className="text-success-emphasis text-break">{showValue(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  )
}
