import Table from 'react-bootstrap/Table'
import { fieldChanges, type AuditEntry } from '../../../schemas/audit'
import { REVIEW_STATE_LABELS, type ReviewState } from '../../../schemas/records/review'

/** A value as the diff shows it: text as is, lists joined, empty as a dash; a review state by its label. */
export function showValue(value: unknown, field?: string): string {
  if (field === 'reviewState' && typeof value === 'string' && value in REVIEW_STATE_LABELS)
    return REVIEW_STATE_LABELS[value as ReviewState]
  if (value === undefined || value === null || value === '') return '—'
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.length ? value.join(', ') : '—'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * A field's name for people: the label the caller knows (a layout label); else a form variable or
 * attribute key as it was named (the configurator's own word); else an entity's own column in words
 * (`reviewState` → 'Review state', `supplierId` → 'Supplier ID').
 */
export function fieldName(field: string, labels?: Readonly<Record<string, string>>): string {
  const label = labels?.[field]
  if (label) return label
  if (/^(data|attributes)\./.test(field)) return field.replace(/^(data|attributes)\./, '')
  const words = field
    .replace(/Id$/, ' ID')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/ id$/, ' ID')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * How a caller reads a field's value (a record's captured values as its view shows them); undefined
 * leaves the value to `showValue`.
 */
export type ValueFormat = (field: string, value: unknown) => string | undefined

/**
 * The field-level diff of one audit row: Field, Before, After for every changed field. Values are
 * rendered as text (never markup), like every user-authored value.
 */
export function FieldDiff({
  entry,
  labels,
  format,
  hidden = [],
}: {
  entry: Pick<AuditEntry, 'before' | 'after'>
  labels?: Readonly<Record<string, string>>
  format?: ValueFormat
  /** Fields the caller shows otherwise (a record's revision, beside the change). */
  hidden?: readonly string[]
}) {
  const shown = (value: unknown, field: string) => format?.(field, value) ?? showValue(value, field)
  const changes = fieldChanges(entry.before, entry.after).filter((c) => !hidden.includes(c.field))
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
            {/* Labelled for a phone's stacked grid, which hides the column titles (audit walk-products). */}
            <td data-label="Before" className="text-danger-emphasis text-break">
              {shown(c.before, c.field)}
            </td>
            <td data-label="After" className="text-success-emphasis text-break">
              {shown(c.after, c.field)}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  )
}
