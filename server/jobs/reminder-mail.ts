import type Mail from 'nodemailer/lib/mailer'
import { dayText } from '../../schemas/records/values'

/** The two thresholds a device is reminded at, once each per calibration (issue #15.4). */
export type ReminderThreshold = 'dueSoon' | 'overdue'

/** One device an owner is reminded about. */
export interface DueDevice {
  testEquipmentId: number
  serial: string
  description: string | null
  location: string | null
  threshold: ReminderThreshold
  /** The expiry of the calibration the reminder is about (the reminder's key with device and threshold). */
  expires: Date
  /** Whole UTC days to the expiry day: 0 on it, negative after it. */
  daysUntil: number
}

/** One owner's reminder: its contacts and its devices due or overdue that were not reminded yet. */
export interface OwnerReminder {
  ownerId: number
  ownerName: string
  contacts: string[]
  devices: DueDevice[]
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`

/** 'expired on 22/10/2025, 35 days ago' / 'expires on 15/12/2026, in 19 days'. */
function when(device: DueDevice): string {
  const date = dayText(device.expires)
  if (device.daysUntil > 0) return `expires on ${date}, in ${days(device.daysUntil)}`
  if (device.daysUntil === 0) return `expired on ${date}, today`
  return `expired on ${date}, ${days(-device.daysUntil)} ago`
}

const line = (d: DueDevice) =>
  `- ${d.serial}${d.description ? ` ${d.description}` : ''}${d.location ? ` (${d.location})` : ''}: ${when(d)}`

/** The subject of an owner's reminder, e.g. 'ITR Studio: calibration reminder for Eastern Power Networks (1 overdue, 2 due soon)'. */
export function reminderSubject(title: string, reminder: OwnerReminder): string {
  const overdue = reminder.devices.filter((d) => d.threshold === 'overdue').length
  const dueSoon = reminder.devices.length - overdue
  const counts = [overdue ? `${overdue} overdue` : '', dueSoon ? `${dueSoon} due soon` : '']
  return `${title}: calibration reminder for ${reminder.ownerName} (${counts.filter(Boolean).join(', ')})`
}

/** The plain-text body: overdue devices first, then those due within the lead time, by expiry. */
export function reminderText(title: string, reminder: OwnerReminder, dueSoonDays: number): string {
  const overdue = reminder.devices.filter((d) => d.threshold === 'overdue')
  const dueSoon = reminder.devices.filter((d) => d.threshold === 'dueSoon')
  const parts = [`Calibration reminder for ${reminder.ownerName}.`]
  if (overdue.length) parts.push(['Overdue: calibration expired', ...overdue.map(line)].join('\n'))
  if (dueSoon.length) parts.push([`Due within ${days(dueSoonDays)}`, ...dueSoon.map(line)].join('\n'))
  parts.push(
    'Test equipment whose calibration has expired should not be used for records until it is calibrated again.\n' +
      `You receive this e-mail as a calibration reminder contact of ${reminder.ownerName} in ${title}. Each device ` +
      'is reminded once when it falls due and once when it expires; a new calibration starts again.',
  )
  return `${parts.join('\n\n')}\n`
}

/** The whole message to the owner's contacts (`from` is the mailer's). */
export function reminderMessage(title: string, reminder: OwnerReminder, dueSoonDays: number): Mail.Options {
  return {
    to: reminder.contacts,
    subject: reminderSubject(title, reminder),
    text: reminderText(title, reminder, dueSoonDays),
  }
}
