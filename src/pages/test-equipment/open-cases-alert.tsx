import Alert from 'react-bootstrap/Alert'
import { Link } from 'react-router-dom'
import type { ImpactCase } from '../../../schemas/records'
import { formatUtcDay } from '../../components/date-format'

/** What a case is about, in a few words. */
const about = (c: ImpactCase) =>
  c.kind === 'lapsed'
    ? 'records used after its calibration expired'
    : `found out of tolerance on ${formatUtcDay(c.calibrationDate)}`

/**
 * The device's open impact cases, on top of its page (issue #15.3): what each is about and how many of
 * its suspect records still need a disposition, with a link to the case.
 */
export function OpenCasesAlert({ cases }: { cases: readonly ImpactCase[] }) {
  if (cases.length === 0) return null
  return (
    <Alert variant="danger" className="mb-3" role="alert" aria-label="Open impact cases">
      {cases.map((c) => (
        <div key={c.id} className="d-flex flex-wrap align-items-center gap-2">
          <strong>Impact case {c.id} is open:</strong>
          <span>
            {about(c)}; {c.counts.undecided} of {c.counts.total} suspect record
            {c.counts.total === 1 ? '' : 's'} undecided.
          </span>
          <Link to={`/ImpactCases/${c.id}`} className="alert-link">
            Open case {c.id}
          </Link>
        </div>
      ))}
    </Alert>
  )
}
