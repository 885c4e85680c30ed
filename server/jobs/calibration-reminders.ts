import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { calibrationDueState, daysUntilExpiry, startOfUtcDay } from '../../schemas/records/calibration-status'
import { isEmailLike } from '../../schemas/rules/owner-lists'
import type { Db } from '../db/client'
import { calibrationReminders, deviceOwnerLocations, deviceOwners, testEquipment } from '../db/schema/index'
import type { Mailer } from '../mail/mailer'
import { JobLease } from './lease'
import { reminderMessage, type DueDevice, type OwnerReminder, type ReminderThreshold } from './reminder-mail'

/** The lease every runner of the reminders takes (server instances and `npm run reminders`). */
export const REMINDER_LEASE = 'calibrationReminders'
const DAY = 86_400_000

/** What a logger needs to offer (pino's and the CLI's console adapter). */
export interface ReminderLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

export interface ReminderOptions {
  title: string
  /** Lead time: devices expiring within this many days are due soon. */
  dueSoonDays: number
  log?: ReminderLog
  /** The lease holder's name (tests run two runners in one process). */
  holder?: string
}

/** What one run did, or with `dryRun` would do. */
export interface ReminderRun {
  /** 'busy': another runner held the lease, so this one did nothing. */
  status: 'done' | 'busy' | 'leaseLost'
  dryRun: boolean
  /** Reminders sent (or, in a dry run, that would be sent), one per owner. */
  sent: (OwnerReminder & { subject: string; text: string })[]
  /** Owners with devices due but no calibration reminder contacts: nothing sent, nothing recorded. */
  noContacts: OwnerReminder[]
  /** Owners whose message could not be sent: not recorded, so the next run tries again. */
  failed: { ownerName: string; error: string }[]
}

/**
 * The calibration reminder job (issue #15.4): e-mails each device owner's calibrationReminderContacts
 * about its devices due within the lead time and overdue, once per device, threshold and calibration
 * expiry (`calibration_reminders`), through SMTP or the outbox folder. 'Calibration not required' and
 * never-calibrated devices have no expiry and are never reminded. One runner at a time (`JobLease`);
 * a reminder is recorded after its message went out, so a crash in between sends it again rather than
 * never.
 */
export class CalibrationReminders {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: ReminderOptions,
  ) {}

  /** Owners with devices due or overdue at `now` that were not reminded at that threshold yet. */
  async plan(now: Date): Promise<OwnerReminder[]> {
    const { dueSoonDays } = this.options
    // Coarse in SQL (expiry before the end of the lead time), exact through the shared day rule.
    const horizon = new Date(startOfUtcDay(now).getTime() + (dueSoonDays + 1) * DAY)
    const rows = await this.db
      .select({
        te: testEquipment,
        ownerName: deviceOwners.name,
        contacts: deviceOwners.calibrationReminderContacts,
        location: deviceOwnerLocations.name,
      })
      .from(testEquipment)
      .innerJoin(deviceOwners, eq(deviceOwners.id, testEquipment.ownerId))
      .leftJoin(deviceOwnerLocations, eq(deviceOwnerLocations.id, testEquipment.locationId))
      .where(
        and(
          or(isNull(testEquipment.calibrationSkipped), eq(testEquipment.calibrationSkipped, false)),
          isNotNull(testEquipment.calibrationDate),
          isNotNull(testEquipment.calibrationExpires),
          lt(testEquipment.calibrationExpires, horizon),
        ),
      )
      .orderBy(testEquipment.calibrationExpires, testEquipment.fullSerialNumber)
    const sent = await this.sentKeys(rows.map((r) => r.te.id))
    const owners = new Map<number, OwnerReminder>()
    for (const { te, ownerName, contacts, location } of rows) {
      const facts = { skipped: false, date: te.calibrationDate, expires: te.calibrationExpires }
      const state = calibrationDueState(facts, now, dueSoonDays)
      if (state !== 'dueSoon' && state !== 'expired') continue
      const threshold: ReminderThreshold = state === 'expired' ? 'overdue' : 'dueSoon'
      const expires = te.calibrationExpires!
      if (sent.has(key(te.id, threshold, expires))) continue
      const owner = owners.get(te.ownerId) ?? {
        ownerId: te.ownerId,
        ownerName,
        // Checked again when sent: a contact stored before the check was tightened (one a mailer would
        // read as two recipients, audit s10) is not mailed.
        contacts: contacts.map((c) => c.trim()).filter(isEmailLike),
        devices: [],
      }
      owner.devices.push({
        testEquipmentId: te.id,
        serial: te.fullSerialNumber,
        description: te.description?.trim() || null,
        location: location ?? null,
        threshold,
        expires,
        daysUntil: daysUntilExpiry(expires, now)!,
      })
      owners.set(te.ownerId, owner)
    }
    return [...owners.values()].sort((a, b) => a.ownerName.localeCompare(b.ownerName))
  }

  private async sentKeys(ids: number[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set()
    const rows = await this.db
      .select({
        id: calibrationReminders.testEquipmentId,
        threshold: calibrationReminders.threshold,
        expires: calibrationReminders.expires,
      })
      .from(calibrationReminders)
      .where(inArray(calibrationReminders.testEquipmentId, ids))
    return new Set(rows.map((r) => key(r.id, r.threshold, r.expires)))
  }

  /**
   * One run at `now`. A dry run only plans: it takes no lease, sends and records nothing. Otherwise it
   * answers 'busy' when another runner holds the lease, and renews the lease before each owner's message
   * (stopping with 'leaseLost' if it ran out meanwhile).
   */
  async run({
    dryRun = false,
    now = new Date(),
  }: { dryRun?: boolean; now?: Date } = {}): Promise<ReminderRun> {
    const result: ReminderRun = { status: 'done', dryRun, sent: [], noContacts: [], failed: [] }
    if (dryRun) return this.dryRun(result, await this.plan(now))
    const lease = new JobLease(this.db, REMINDER_LEASE, this.options.holder)
    if (!(await lease.acquire())) return { ...result, status: 'busy' }
    try {
      const plan = await this.plan(now)
      // The outbox file's name: the real time of sending (not `now`, which tests move), then a random part.
      const stamp = `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`
      for (const reminder of plan) {
        if (reminder.contacts.length === 0) {
          result.noContacts.push(reminder)
          continue
        }
        if (!(await lease.renew())) return { ...result, status: 'leaseLost' }
        await this.deliver(reminder, `calibration-reminder-${stamp}-owner-${reminder.ownerId}`, result)
      }
      const counts = {
        sent: result.sent.length,
        failed: result.failed.length,
        noContacts: result.noContacts.length,
      }
      // Quiet when there was nothing to do: every instance checks every interval.
      if (counts.sent + counts.failed + counts.noContacts > 0)
        this.options.log?.info(counts, 'calibration reminders run')
      return result
    } finally {
      await lease.release()
    }
  }

  /** A dry run's answer: every planned message, nothing sent or recorded. */
  private dryRun(result: ReminderRun, plan: OwnerReminder[]): ReminderRun {
    for (const reminder of plan) {
      if (reminder.contacts.length === 0) result.noContacts.push(reminder)
      else {
        const { subject, text } = this.message(reminder)
        result.sent.push({ ...reminder, subject, text })
      }
    }
    return result
  }

  private message(reminder: OwnerReminder) {
    const message = reminderMessage(this.options.title, reminder, this.options.dueSoonDays)
    return { subject: message.subject!, text: message.text as string, message }
  }

  /** Sends one owner's reminder, then records its devices; a failure is logged and left for the next run. */
  private async deliver(reminder: OwnerReminder, name: string, result: ReminderRun): Promise<void> {
    const { subject, text, message } = this.message(reminder)
    try {
      await this.mailer.send(message, name)
    } catch (error) {
      this.options.log?.error({ err: error, ownerId: reminder.ownerId }, 'calibration reminder not sent')
      result.failed.push({ ownerName: reminder.ownerName, error: (error as Error).message })
      return
    }
    await this.db
      .insert(calibrationReminders)
      .values(
        reminder.devices.map((d: DueDevice) => ({
          testEquipmentId: d.testEquipmentId,
          threshold: d.threshold,
          expires: d.expires,
          ownerId: reminder.ownerId,
          recipients: reminder.contacts,
          delivery: this.mailer.kind,
        })),
      )
      .onConflictDoNothing()
    result.sent.push({ ...reminder, subject, text })
  }
}

const key = (id: number, threshold: string, expires: Date) => `${id}|${threshold}|${expires.getTime()}`
