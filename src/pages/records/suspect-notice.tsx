import { Fragment } from 'react'
import { useAtomValue } from 'jotai'
import { Link } from 'react-router-dom'
import { SUSPECT_BADGES, type RecordView, type SuspectState } from '../../../schemas/records'
import { canOpenAtom } from '../../session/session-atoms'

/** What the record's impact case decided, after the badge's words. */
const DECIDED: Record<SuspectState, string> = {
  undecided: 'Not decided yet: its result may not hold.',
  accept: 'Decided: its result was accepted as it stands.',
  retest: 'Decided: the product is to be tested again.',
  recall: 'Decided: the product is to be recalled.',
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

/**
 * A record an impact case made suspect (issue #15.3), said at the top of /Records/{id} in the words of
 * the records list's badge ('Suspect · retest'), with the case(s) it is in (GET Record/{id}'s
 * `impactCases`) and what was decided: its result and the device's status below are as they were when
 * it was made. Every reader of the record is told which case; the case is a link only for the roles that
 * may open /ImpactCases (configurators and admins), for the others its number to ask about. Prints as
 * it reads (styles.css keeps an alert's words and border).
 */
export function SuspectNotice({
  state,
  cases,
}: {
  state: SuspectState | null | undefined
  cases?: RecordView['impactCases']
}) {
  const linked = useAtomValue(canOpenAtom)('/ImpactCases')
  if (!state) return null
  const ids = (cases ?? []).map((c) => c.id)
  return (
    <div className={`alert alert-${VARIANT[state]} py-2 suspect-notice`} role="note" aria-label="Suspect">
      <strong>{SUSPECT_BADGES[state]}</strong> — this record is in{' '}
      {ids.length ? <CaseNames ids={ids} linked={linked} /> : 'an impact case'}: a device it used was found
      out of tolerance, or was used after its calibration expired. {DECIDED[state]}
    </div>
  )
}
