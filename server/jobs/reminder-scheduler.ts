import type { ReminderLog } from './calibration-reminders'

/** A schedule of reminder runs: `start` once the server listens, `stop` on shutdown. */
export interface ReminderSchedule {
  start(): void
  /** Ends the schedule and waits for a run in progress. */
  stop(): Promise<void>
}

/**
 * Runs a scheduled job inside the server — the calibration reminders (issue #15.4), the review mail
 * (#19), the export file retention: once right after start, then every
 * `intervalMinutes` after the previous run ended (so runs of one instance never overlap). Every instance
 * schedules its own runs; each job's lease lets one of them work at a time (and the reminders' sent table
 * keeps each reminder to once), so more instances only mean more frequent, cheap checks. 0 minutes
 * schedules nothing.
 */
export function scheduleRuns(
  job: { run(): Promise<{ status: string }> },
  intervalMinutes: number,
  log: ReminderLog,
  /** The job's name in the logs. */
  label = 'calibration reminders',
): ReminderSchedule {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<void> = Promise.resolve()
  const tick = () => {
    running = job
      .run()
      .then((run) => {
        if (run.status === 'busy') log.info({}, `${label}: another runner holds the lease`)
      })
      .catch((error: unknown) => log.error({ err: error }, `${label} run failed`))
      .finally(() => {
        // setTimeout holds at most 2^31-1 ms (~24.8 days); a longer interval would fire at once.
        if (!stopped) timer = setTimeout(tick, Math.min(intervalMinutes * 60_000, 2 ** 31 - 1))
      })
  }
  return {
    start() {
      if (intervalMinutes > 0 && !stopped && !timer) timer = setTimeout(tick, 0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
