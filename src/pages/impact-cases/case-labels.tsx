import Badge from 'react-bootstrap/Badge'
import {
  DISPOSITION_LABELS,
  IMPACT_CASE_KIND_LABELS,
  IMPACT_CASE_STATUS_LABELS,
  type ImpactCase,
  type SuspectState,
} from '../../../schemas/records'
import { formatUtcDay } from '../../components/date-format'

/** Bootstrap colour of each suspect-record state. */
export const STATE_VARIANT: Record<SuspectState, string> = {
  undecided: 'warning',
  accept: 'success',
  retest: 'info',
  recall: 'danger',
}

/** A record's state as a badge ('Undecided', 'Accepted', 'Retest', 'Recalled'). */
export function StateBadge({ state }: { state: SuspectState }) {
  return (
    <Badge bg={STATE_VARIANT[state]} text={state === 'undecided' || state === 'retest' ? 'dark' : undefined}>
      {DISPOSITION_LABELS[state]}
    </Badge>
  )
}

/** Open (amber) or Closed (grey). */
export function CaseStatusBadge({ status }: { status: ImpactCase['status'] }) {
  return status === 'open' ? (
    <Badge bg="warning" text="dark">
      {IMPACT_CASE_STATUS_LABELS.open}
    </Badge>
  ) : (
    <Badge bg="secondary">{IMPACT_CASE_STATUS_LABELS.closed}</Badge>
  )
}

/** What opened the case, in words. */
export const caseKindText = (c: ImpactCase): string =>
  c.kind === 'lapsed'
    ? IMPACT_CASE_KIND_LABELS.lapsed
    : `${IMPACT_CASE_KIND_LABELS.failedCalibration} on ${formatUtcDay(c.calibrationDate) || '—'}`

/** The suspect window in days, e.g. '01/03/2025 – 01/10/2025', 'first use – 01/04/2025', or '—'. */
export const windowText = (c: ImpactCase): string =>
  c.kind === 'lapsed'
    ? 'After expiry'
    : `${c.windowStart ? formatUtcDay(c.windowStart) : 'first use'} – ${formatUtcDay(c.windowEnd)}`
