import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import { filterFieldName, type RecordFilterEntry } from './records-model'

/** The filters the URL gave (SPEC §2 query parameters), with Clear Filters; nothing when there are none. */
export function UrlFiltersAlert({ filters, onClear }: { filters: RecordFilterEntry[]; onClear: () => void }) {
  if (filters.length === 0) return null
  return (
    <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2 py-2">
      <span>
        Filtered by{' '}
        {filters.map((f, i) => (
          <span key={f.field}>
            {i > 0 && ', '}
            {filterFieldName(f.field)} <strong>{String(f.value)}</strong>
          </span>
        ))}
      </span>
      <Button size="sm" variant="outline-secondary" className="ms-auto" onClick={onClear}>
        Clear Filters
      </Button>
    </Alert>
  )
}
