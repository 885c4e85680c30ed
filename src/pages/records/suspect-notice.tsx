import { SUSPECT_BADGES, type SuspectState } from '../../../schemas/records'

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

/**
 * A record an impact case made suspect (issue #15.3), said at the top of /Records/{id} in the words of
 * the records list's badge ('Suspect · retest'), with what was decided: its result and the device's status
 * below are as they were when it was made. GET Record/{id} gives the state but not the case, so there is
 * no link to it. Plain text, so it prints (styles.css keeps an alert's words and border).
 */
export function SuspectNotice({ state }: { state: SuspectState | null | undefined }) {
  if (!state) return null
  return (
    <div className={`alert alert-${VARIANT[state]} py-2 suspect-notice`} role="note" aria-label="Suspect">
      <strong>{SUSPECT_BADGES[state]}</strong> — this record is in an impact case: a device it used was found
      out of tolerance, or was used after its calibration expired. {DECIDED[state]}
    </div>
  )
}
