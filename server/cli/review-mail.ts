import { readConfig } from '../config'
import { ReviewMail } from '../jobs/review-mail'
import { createMailer } from '../mail/mailer'
import { openConfiguredDatabase } from './open'

/**
 * `npm run review-mail`: one run of the review mail (issue #19), as the server runs it on its schedule and
 * under the same lease: rejected records to their submitters, waiting records to reviewers and approvers,
 * at most one mail per user per hour.
 */
const config = readConfig()
const mailer = createMailer(process.env, config.title, config.dataDir)
const database = await openConfiguredDatabase()
try {
  const run = await new ReviewMail(database.db, mailer, {
    title: config.title,
    publicUrl: config.publicUrl,
    log: { info: () => {}, error: (details) => console.error(details) },
  }).run()
  if (run.status === 'busy')
    console.log('Another instance is sending review mail right now; nothing was done.')
  else {
    for (const mail of run.sent) console.log(`Sent to ${mail.email}: ${mail.items.length} record(s)`)
    console.log(
      `${run.sent.length} review mail(s) sent (${mailer.kind === 'email' ? 'SMTP' : 'outbox folder'}).`,
    )
  }
} finally {
  await database.close()
}
