import type { RecordDetail } from '../../schemas/records/index'
import { calibrationOutcomeLine } from '../../schemas/records/calibration-outcome'
import { formatDate } from './certificate-dates'
import type { Mark } from './certificate-model'
import type { Approval, CalibrationOutcome, Rejection, ReviewStep } from './certificate-reads'
import { markOf } from './certificate-values'

/**
 * What a certificate says of the record's state (audit s9 F4, F5): whether it may be relied on at all
 * (waiting, rejected, superseded — stamped on every page) and, once approved, who approved it and when.
 */

/** The stamp of a record that waits for review or approval (issue #19). */
export const DRAFT = 'DRAFT — not approved'
/** The stamp of a rejected record: it went back to its submitter and counts for nothing. */
export const REJECTED = 'REJECTED — not valid'
/** The stamp of a record a newer one of the same product and record type replaced (the re-test chain). */
export const supersededStamp = (id: number) => `SUPERSEDED — replaced by record ${id}`

/** The signature line beside 'Captured by': its label, and the name written above it. */
export interface Signature {
  label: string
  name: string
}

type StateOf = Pick<RecordDetail, 'reviewState' | 'supersededById'>

/** The stamps a record carries on every page: its review state's, then the superseded one. */
export function stampsOf(record: StateOf): string[] {
  const stamps: string[] = []
  if (record.reviewState === 'submitted' || record.reviewState === 'reviewed') stamps.push(DRAFT)
  if (record.reviewState === 'rejected') stamps.push(REJECTED)
  if (record.supersededById != null) stamps.push(supersededStamp(record.supersededById))
  return stamps
}

const who = (step: ReviewStep) => step.by ?? 'a deleted user'

/**
 * 'Reviewed by … on …' (the first of two steps) and 'Approved by … on …' of an approved record. The
 * content revision the approval was made on is named once the record has been changed in place at
 * all (revision > 1), and a change since the approval (a rejudge correction) is said outright.
 */
export function approvalLines(record: Pick<RecordDetail, 'reviewState' | 'revision'>, approval?: Approval) {
  if (record.reviewState !== 'approved') return []
  if (!approval) return ['Approved (no approval is recorded for this record)']
  const lines: string[] = []
  if (approval.reviewed)
    lines.push(`Reviewed by ${who(approval.reviewed)} on ${formatDate(approval.reviewed.at)} UTC`)
  const { approved } = approval
  const current = record.revision ?? 1
  const revision =
    current <= 1
      ? ''
      : approved.revision === current
        ? ` (revision ${approved.revision})`
        : ` (revision ${approved.revision}; the record has changed since: it is now revision ${current})`
  lines.push(`Approved by ${who(approved)} on ${formatDate(approved.at)} UTC${revision}`)
  return lines
}

/** The signature line: the approver's once approved, an empty one to sign while it waits. */
export function signatureOf(record: StateOf, approval?: Approval): Signature {
  if (record.reviewState === 'approved')
    return { label: 'Approved by', name: approval ? who(approval.approved) : '' }
  if (record.reviewState === 'rejected') return { label: 'Approved by (rejected)', name: '' }
  if (record.reviewState === 'submitted' || record.reviewState === 'reviewed')
    return { label: 'Approved by (not yet approved)', name: '' }
  return { label: 'Authorised signature', name: '' }
}

/** Longest rejection reason printed under the stamp: the record view has the whole of it. */
const REASON_MAX = 300

/** Under a rejected record's stamp: who rejected it, when, and the reason they gave. */
export function rejectionLine(rejection?: Rejection): string {
  if (!rejection) return 'No rejection is recorded for this record.'
  const comment = rejection.comment?.trim() ?? ''
  const reason =
    comment.length > REASON_MAX
      ? `${comment.slice(0, REASON_MAX)}… (${comment.length - REASON_MAX} more characters)`
      : comment
  const by = `Rejected by ${rejection.by ?? 'a deleted user'} on ${formatDate(rejection.at)} UTC`
  return reason ? `${by}: ${reason}` : `${by} (no reason given).`
}

/**
 * A calibration's framed line from its calibration_history row (issue #15.3), in the words the record page
 * uses too (schemas/records `calibrationOutcomeLine`), framed in the colour of the device as left (as found
 * when nothing was measured after). Null without a row.
 */
export function calibrationVerdict(outcome?: CalibrationOutcome): { mark: Mark; line: string } | null {
  const said = calibrationOutcomeLine(outcome)
  return said && { mark: markOf(said.result), line: said.line }
}
