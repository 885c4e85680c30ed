/** Helpers the demo seed's records share (server/seed/records.ts, demo-review.ts). */
import type { SubmissionResult } from '../../schemas/records/index'
import type { SubmissionInput, SubmissionKind } from '../submissions/types'

const DAY = 24 * 3600 * 1000
/** A date `days` ago at a working hour, so the demo looks recent whenever it is seeded. */
export const daysAgo = (days: number, hour = 10) => {
  const d = new Date(Date.now() - days * DAY)
  d.setUTCHours(hour, 0, 0, 0)
  return d.toISOString()
}

/** A numeric test's value judged against its limits, as the form would have sent it. */
export const testValue = (value: number, min: number, max: number) => ({
  value,
  passOrFail: value >= min && value <= max ? 'Pass' : 'Fail',
})

/** Submits one demo record through the real checks; answers what was written. */
export type Submit = (kind: SubmissionKind, input: SubmissionInput) => Promise<SubmissionResult>
