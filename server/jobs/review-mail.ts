import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import { dataPointTypes, records, reviewMailUsers, users } from '../db/schema/index'
import type { Mailer } from '../mail/mailer'
import { queueCondition } from '../reviews/queue'
import { JobLease } from './lease'
import type { ReminderLog } from './calibration-reminders'

/** The lease of the review mail job (server instances and `npm run review-mail`). */
export const REVIEW_MAIL_LEASE = 'reviewMail'
const HOUR = 3_600_000
/** A mail lists at most this many records; the rest are counted. */
const LISTED = 50

/** One record a mail tells a user about. */
interface MailItem {
  id: number
  serial: string
  recordType: string
  state: string
  changedAt: Date
}

/** One user's mail. */
export interface ReviewMailPlan {
  userId: number
  email: string
  username: string
  items: MailItem[]
}

/**
 * Review mail (issue #19): to a submitter when a record of theirs is rejected, and to reviewers and
 * approvers when records wait for them — batched, at most one mail per user per hour
 * (`review_mail_users.last_sent_at`), each listing what changed since the last one (`notified_until`).
 * One runner at a time through the job lease, like the calibration reminders; a mail is recorded after it
 * went out, so a crash in between sends it again rather than never.
 */
export class ReviewMail {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: { title: string; publicUrl?: string; log?: ReminderLog; holder?: string },
  ) {}

  /** Users with news whose last review mail is at least an hour old at `now`. */
  async plan(now: Date): Promise<ReviewMailPlan[]> {
    const people = await this.db
      .select({ u: users, m: reviewMailUsers })
      .from(users)
      .leftJoin(reviewMailUsers, eq(reviewMailUsers.userId, users.id))
      .where(eq(users.disabled, false))
    const plans: ReviewMailPlan[] = []
    for (const { u, m } of people) {
      if (m?.lastSentAt && now.getTime() - m.lastSentAt.getTime() < HOUR) continue
      const items = await this.news(
        new Viewer({ id: u.id, username: u.username, claims: u.claims }),
        m?.notifiedUntil,
      )
      if (items.length && u.email.trim())
        plans.push({ userId: u.id, email: u.email, username: u.username, items })
    }
    return plans
  }

  /**
   * What changed for this user since `since`: exactly the records of their 'My queue' (their rejected
   * records not yet amended, what waits for their review or approval — not their own, not amended by
   * them, not reviewed by them), so a mail never asks for a step the user may not take.
   */
  private async news(viewer: Viewer, since: Date | null | undefined): Promise<MailItem[]> {
    const rows = await this.db
      .select({
        id: records.id,
        serial: records.productSerialNumber,
        recordType: dataPointTypes.name,
        state: records.reviewState,
        changedAt: records.reviewChangedAt,
      })
      .from(records)
      .innerJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
      .where(
        and(
          inArray(records.reviewState, ['submitted', 'reviewed', 'rejected']),
          since ? gt(records.reviewChangedAt, since) : undefined,
          queueCondition(viewer),
          viewer.recordScope(),
        ),
      )
      .orderBy(records.reviewChangedAt, records.id)
    return rows.map((r) => ({ ...r, changedAt: r.changedAt ?? new Date(0) }))
  }

  /** One run at `now`: 'busy' when another runner holds the lease. */
  async run(now = new Date()): Promise<{ status: 'done' | 'busy'; sent: ReviewMailPlan[] }> {
    const lease = new JobLease(this.db, REVIEW_MAIL_LEASE, this.options.holder)
    if (!(await lease.acquire())) return { status: 'busy', sent: [] }
    const sent: ReviewMailPlan[] = []
    try {
      for (const plan of await this.plan(now)) {
        try {
          await this.mailer.send(
            reviewMessage(this.options.title, plan, this.options.publicUrl),
            `review-${now.getTime()}-user-${plan.userId}`,
          )
        } catch (error) {
          this.options.log?.error({ err: error, userId: plan.userId }, 'review mail not sent')
          continue
        }
        const until = plan.items.reduce((t, i) => (i.changedAt > t ? i.changedAt : t), new Date(0))
        await this.db
          .insert(reviewMailUsers)
          .values({ userId: plan.userId, lastSentAt: now, notifiedUntil: until })
          .onConflictDoUpdate({
            target: reviewMailUsers.userId,
            set: {
              lastSentAt: now,
              notifiedUntil: sql`greatest(${reviewMailUsers.notifiedUntil}, ${until})`,
            },
          })
        sent.push(plan)
      }
      if (sent.length) this.options.log?.info({ sent: sent.length }, 'review mail run')
      return { status: 'done', sent }
    } finally {
      await lease.release()
    }
  }
}

const WHAT: Record<string, string> = {
  rejected: 'rejected — amend it in Data Entry and save it to resubmit',
  submitted: 'waits for your review',
  reviewed: 'waits for your approval',
}

/**
 * The mail: one line per record, the newest changes last, each with its link — absolute when the server
 * knows its address (APP_URL), a path otherwise.
 */
export function reviewMessage(title: string, plan: ReviewMailPlan, publicUrl = '') {
  const lines = plan.items
    .slice(0, LISTED)
    .map(
      (i) => `- Record ${i.id} (${i.recordType}, ${i.serial}) ${WHAT[i.state]}: ${publicUrl}/Records/${i.id}`,
    )
  if (plan.items.length > LISTED) lines.push(`…and ${plan.items.length - LISTED} more.`)
  return {
    to: plan.email,
    subject: `${title}: ${plan.items.length} record(s) need your attention`,
    text: `Hello ${plan.username},\n\n${lines.join('\n')}\n\nOpen 'My queue' on the Records page to see them all.\n`,
  }
}
