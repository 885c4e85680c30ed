import { readConfig } from '../config'
import { CalibrationReminders, type ReminderRun } from '../jobs/calibration-reminders'
import { createMailer } from '../mail/mailer'
import { openConfiguredDatabase } from './open'

/**
 * `npm run reminders -- [--dry-run]`: one run of the calibration reminders (issue #15.4), as the server
 * runs them on its schedule and under the same lease. `--dry-run` prints every message that would go
 * out and sends and records nothing.
 */
const args = process.argv.slice(2)
if (args.some((a) => a !== '--dry-run')) {
  console.error('Usage: npm run reminders -- [--dry-run]')
  process.exit(2)
}
const dryRun = args.includes('--dry-run')
const config = readConfig()
const mailer = createMailer(process.env, config.title, config.dataDir)
const database = await openConfiguredDatabase()
let run: ReminderRun
try {
  run = await new CalibrationReminders(database.db, mailer, {
    title: config.title,
    dueSoonDays: config.calibrationDueSoonDays,
    log: { info: () => {}, error: (details) => console.error(details) },
  }).run({ dryRun })
} finally {
  await database.close()
}
console.log(report(run, mailer.kind))
process.exit(run.failed.length || run.status === 'leaseLost' ? 1 : 0)

/** What the run did, or would do, in words; each message in full for a dry run. */
function report(result: ReminderRun, delivery: string): string {
  if (result.status === 'busy')
    return 'Another instance is sending calibration reminders right now; nothing was done.'
  const lines: string[] = []
  const verb = result.dryRun ? 'Would send' : `Sent (${delivery === 'email' ? 'SMTP' : 'outbox folder'})`
  for (const mail of result.sent) {
    lines.push(`${verb} to ${mail.contacts.join(', ')}: ${mail.subject}`)
    if (result.dryRun)
      lines.push(
        ...mail.text
          .trimEnd()
          .split('\n')
          .map((l) => (l ? `    ${l}` : l)),
        '',
      )
  }
  for (const owner of result.noContacts)
    lines.push(
      `No calibration reminder contacts for ${owner.ownerName}: ${owner.devices.map((d) => d.serial).join(', ')} not reminded.`,
    )
  for (const failure of result.failed) lines.push(`Not sent to ${failure.ownerName}: ${failure.error}`)
  if (result.status === 'leaseLost') lines.push('Stopped: the lease ran out and another runner took over.')
  const count = result.sent.reduce((n, m) => n + m.devices.length, 0)
  lines.push(
    result.dryRun
      ? `Dry run: ${result.sent.length} message(s) about ${count} device(s) would be sent; nothing was sent or recorded.`
      : `${result.sent.length} message(s) about ${count} device(s) sent.`,
  )
  return lines.join('\n')
}
