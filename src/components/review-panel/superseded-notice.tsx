import { Link } from 'react-router-dom'

/**
 * A record a newer record of the same product and record type replaced (the re-test chain, issue #19.4):
 * said at the top of the record's page whatever its review state, with the newer record one click away,
 * as its certificate says 'SUPERSEDED — replaced by record N'. Nothing for the newest record.
 */
export function SupersededNotice({
  supersededBy,
  className = '',
}: {
  supersededBy: number | null | undefined
  className?: string
}) {
  if (supersededBy == null) return null
  return (
    <div
      className={`alert alert-warning py-2 superseded-notice ${className}`.trim()}
      role="note"
      aria-label="Superseded"
    >
      <strong>Superseded</strong> — replaced by{' '}
      <Link to={`/Records/${supersededBy}`}>record {supersededBy}</Link>, a newer record of the same product
      and record type.
    </div>
  )
}
