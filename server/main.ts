import { buildApp } from './app'
import { readConfig } from './config'
import { openDatabase } from './db/client'
import { JobsRepository } from './jobs/jobs'
import { CalibrationReminders } from './jobs/calibration-reminders'
import { scheduleRuns } from './jobs/reminder-scheduler'
import { ReviewMail } from './jobs/review-mail'
import { JobFilesRetention } from './jobs/job-files-retention'
import { createMailer } from './mail/mailer'
import { seedDemoData } from './seed/demo'

/**
 * `npm start`: opens the database (PGlite under DATA_DIR, or PostgreSQL by DATABASE_URL), migrates,
 * seeds demo data on first start, serves the API and the SPA, and closes everything on SIGINT/SIGTERM.
 */
async function main() {
  const config = readConfig()
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.poolSize,
    autoPrepare: config.autoPrepare,
  })
  await database.migrate()
  // This process owns the PGlite data dir: a job still 'running' there was cut off by the last process's end.
  if (database.kind === 'pglite') await new JobsRepository(database.db).failAllRunning()
  const logins = config.seedDemo ? await seedDemoData(database.db) : []
  const app = await buildApp({
    config,
    database,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  })

  // Calibration reminders (issue #15.4): on the root database, from start, every interval.
  const reminders = scheduleRuns(
    new CalibrationReminders(database.db, createMailer(process.env, config.title, config.dataDir), {
      title: config.title,
      dueSoonDays: config.calibrationDueSoonDays,
      log: app.log,
    }),
    config.reminderIntervalMinutes,
    app.log,
  )
  // Review mail (issue #19): batched, at most one per user per hour, on the reminders' interval.
  const reviewMail = scheduleRuns(
    new ReviewMail(database.db, createMailer(process.env, config.title, config.dataDir), {
      title: config.title,
      publicUrl: config.publicUrl,
      log: app.log,
    }),
    config.reminderIntervalMinutes,
    app.log,
    'review mail',
  )
  // Files of exports and certificate batches: removed EXPORT_FILE_DAYS days after they were made, checked hourly.
  const fileRetention = scheduleRuns(
    new JobFilesRetention(database.db, { days: config.exportFileDays, log: app.log }),
    config.exportFileDays > 0 ? 60 : 0,
    app.log,
    'export file retention',
  )
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    await reminders.stop()
    await reviewMail.stop()
    await fileRetention.stop()
    await app.close() // closes the database too (onClose hook)
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  reminders.start()
  reviewMail.start()
  fileRetention.start()
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`
  console.log(`\n${config.title} is running on http://localhost:${config.port}  (database: ${where})`)
  if (logins.length) {
    console.log('\nDemo logins (created on first start):')
    for (const l of logins)
      console.log(`  ${l.view.padEnd(13)} username: ${l.username.padEnd(13)} password: ${l.password}`)
    console.log('')
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
