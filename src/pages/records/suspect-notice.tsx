import { Fragment } from 'react'
import { useAtomValue } from 'jotai'
import { Link } from 'react-router-dom'
import {
  SUSPECT_BADGES,
  type ImpactCaseKind,
  type RecordView,
  type SuspectState,
} from '../../../schemas/records'
import { canOpenAtom } from '../../session/session-atoms'

type CaseOfRecord = RecordView['impactCases'][number]

/** What the record's impact case decided, after the badge's words. */
const DECIDED: Record<SuspectState, string> = {
  undecided: 'Not decided yet: its result may not hold.',
  accept: 'Decided: its result was accepted as it stands.',
  retest: 'Decided: the product is to be tested again.',
  recall: 'Decided: the product is to be recalled.',
}

/** A retest or recall done: the case page's words ('Retested: record N', 'Cleared: record N'). */
const CLEARED: Partial<Record<SuspectState, string>> = { retest: 'Retested', recall: 'Cleared' }

/** Why a record is suspect, by what opened its case(s). */
const WHY: Record<ImpactCaseKind, string> = {
  failedCalibration: 'a device it used was found out of tolerance',
  lapsed: 'it was made with a device whose calibration had expired',
}

const VARIANT: Record<SuspectState, string> = {
  undecided: 'danger',
  accept: 'secondary',
  retest: 'warning',
  recall: 'danger',
}

/** 'impact case 3', 'impact case 3 and impact case 7', …: each a link to the case when `linked`. */
function CaseNames({ ids, linked }: { ids: number[]; linked: boolean }) {
  return ids.map((id, i) => (
    <Fragment key={id}>
      {i === 0 ? '' : i === ids.length - 1 ? ' and ' : ', '}
      {linked ? <Link to={`/ImpactCases/${id}`}>impact case {id}</Link> : `impact case ${id}`}
    </Fragment>
  ))
}

/** Why, from the cases' kinds; both reasons' words when the kinds are not known (no cases answered). */
function whyOf(cases: readonly CaseOfRecord[]): string {
  const kinds = [...new Set(cases.map((c) => c.kind))]
  if (kinds.length === 0)
    return 'a device it used was found out of tolerance, or was used after its calibration expired'
  return kinds.map((k) => WHY[k]).join(', and ')
}

/**
 * The record that cleared the decision `state` stands for: the one named by every case that decided it
 * (a retest or recall still waiting in any of them is not cleared); null while the product still waits.
 */
function clearedBy(state: SuspectState, cases: readonly CaseOfRecord[]): number | null {
  const deciding = cases.filter((c) => c.state === state)
  if (!CLEARED[state] || deciding.length === 0 || deciding.some((c) => c.clearedBy == null)) return null
  return Math.max(...deciding.map((c) => c.clearedBy!))
}

/**
 * A record an impact case made suspect (issue #15.3), said at the top of /Records/{id} in the words of
 * the records list's badge ('Suspect · retest'), with the case(s) it is in (GET Record/{id}'s
 * `impactCases`), why (what opened them), what was decided and, for a retest or recall a newer record
 * has since cleared, which record ('Cleared: record 20', as the case page says): its result and the
 * device's status below are as they were when it was made. Every reader of the record is told which
 * case; the case is a link only for the roles that may open /ImpactCases (configurators and admins),
 * for the others its number to ask about. Prints as it reads (styles.css keeps an alert's words and
 * border).
 */
export function SuspectNotice({
  state,
  cases = [],
}: {
  state: SuspectState | null | undefined
  cases?: RecordView['impactCases']
}) {
  const linked = useAtomValue(canOpenAtom)('/ImpactCases')
  if (!state) return null
  const ids = cases.map((c) => c.id)
  const cleared = clearedBy(state, cases)
  return (
    <div className={`alert alert-${VARIANT[state]} py-2 suspect-notice`} role="note" aria-label="Suspect">
      <strong>{SUSPECT_BADGES[state]}</strong> — this record is in{' '}
      {ids.length ? <CaseNames ids={ids} linked={linked} /> : 'an impact case'}: {whyOf(cases)}.{' '}
      {DECIDED[state]}
      {cleared != null && (
        <>
          {' '}
          {CLEARED[state]}: <Link to={`/Records/${cleared}`}>record {cleared}</Link>, a newer record of the
          product.
        </>
      )}
    </div>
  )
}

/** On a calibration that failed as found: the impact case it opened, linked for those who may open it. */
export function OpenedCaseNotice({ caseId }: { caseId: number | null | undefined }) {
  const linked = useAtomValue(canOpenAtom)('/ImpactCases')
  if (caseId == null) return null
  return (
    <div className="alert alert-warning py-2" role="note" aria-label="Impact case">
      This calibration found the device out of tolerance and opened{' '}
      <CaseNames ids={[caseId]} linked={linked} />: the records made with the device since its last passing
      calibration are suspect until decided.
    </div>
  )
}
