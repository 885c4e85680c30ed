import type { CalibrationReminders, ReminderLog } from './calibration-reminders'

/** A schedule of reminder runs: `start` once the server listens, `stop` on shutdown. */
export interface ReminderSchedule {
  start(): void
  /** Ends the schedule and waits for a run in progress. */
  stop(): Promise<void>
}

/**
 * Runs the calibration reminders inside the server (issue #15.4): once right after start, then every
 * `intervalMinutes` after the previous run ended (so runs of one instance never overlap). Every instance
 * schedules its own runs; the lease lets one of them work at a time and the sent table keeps each
 * reminder to once, so more instances only mean more frequent, cheap checks. 0 minutes schedules nothing.
 */
export function scheduleCalibrationReminders(
  reminders: Pick<CalibrationReminders, 'run'> | { run(): Promise<{ status: string }> },
  intervalMinutes: number,
  log: ReminderLog,
  /** Issue #19 runs the review mail on the same schedule; the logs name the job. */
  label = 'calibration reminders',
): ReminderSchedule {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<void> = Promise.resolve()
  const tick = () => {
    running = reminders
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
