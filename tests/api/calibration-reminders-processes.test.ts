import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { simpleParser } from 'mailparser'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { openDatabase, type Database } from '../../server/db/client'
import { calibrationReminders, deviceOwners, testEquipment } from '../../server/db/schema/index'
import { adminQuery, withDatabase } from '../support/api'
import { startServerProcess, type ServerProcess } from '../support/pg-instances'
import { testDatabaseUrl } from '../support/pg'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DAY = 86_400_000
const run = promisify(execFile)

/**
 * `npm run reminders` and the server's own schedule as real processes (issue #15.4), on a copy of the
 * seeded demo database — a PGlite data dir, or a PostgreSQL database made from the run's template. In
 * the demo, Eastern Power Networks' EPN-TE:2 expired five weeks ago (overdue); the test adds EPN-TE:50,
 * due in 10 days.
 */
describe('calibration reminders as processes (issue #15.4)', () => {
  let dir: string
  let outbox: string
  let env: Record<string, string>
  let open: () => Promise<Database>
  let dropDatabase = async () => {}

  const addDevice = async (serial: string, expiresInDays: number) => {
    const database = await open()
    try {
      const [owner] = await database.db
        .select({ id: deviceOwners.id })
        .from(deviceOwners)
        .where(eq(deviceOwners.name, 'Eastern Power Networks'))
      await database.db.insert(testEquipment).values({
        ownerId: owner.id,
        serialNumberPrefix: 'EPN-TE:',
        serialNumber: serial,
        fullSerialNumber: `EPN-TE:${serial}`,
        description: 'Clamp meter',
        calibrationSkipped: false,
        calibrationDate: new Date(Date.now() - 300 * DAY),
        calibrationExpires: new Date(Date.now() + expiresInDays * DAY),
      })
    } finally {
      await database.close()
    }
  }
  const sentCount = async () => {
    const database = await open()
    try {
      return (await database.db.select({ n: count() }).from(calibrationReminders))[0].n
    } finally {
      await database.close()
    }
  }
  /**
   * The calibration reminders in the outbox. The review mail (issue #19) runs on the same schedule into
   * the same outbox, and the demo data has records waiting for its reviewer, so other mails arrive too.
   */
  const emls = () =>
    fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter(
            (f) =>
              f.endsWith('.eml') &&
              /^Subject: ITR Studio: calibration reminder/m.test(
                fs.readFileSync(path.join(outbox, f), 'utf8'),
              ),
          )
      : []
  const reminders = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/cli/reminders.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    })

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-reminders-proc-'))
    outbox = path.join(dir, 'outbox')
    const snapshot = inject('apiSnapshot')
    if (testDatabaseUrl) {
      const name = `itr_reminders_${process.pid}_${Date.now()}`
      await adminQuery(testDatabaseUrl, `CREATE DATABASE ${name} TEMPLATE ${snapshot.pgTemplate}`)
      const url = withDatabase(testDatabaseUrl, name)
      env = { DATABASE_URL: url, OUTBOX_DIR: outbox, SEED_DEMO: 'false' }
      open = () => openDatabase({ url, poolSize: 2 })
      dropDatabase = () => adminQuery(testDatabaseUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    } else {
      const dataDir = path.join(dir, 'data')
      const loaded = await openDatabase({
        dataDir,
        loadDataDir: new Blob([fs.readFileSync(snapshot.pgliteDump!)]),
      })
      await loaded.close()
      env = { DATA_DIR: dataDir, OUTBOX_DIR: outbox, SEED_DEMO: 'false' }
      open = () => openDatabase({ dataDir })
    }
    await addDevice('50', 10)
  }, 60_000)
  afterAll(async () => {
    await dropDatabase()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('`npm run reminders -- --dry-run` prints what would be sent and sends and records nothing', async () => {
    const { stdout } = await reminders('--dry-run')
    const lines = stdout.trim().split('\n')
    expect(lines[0]).toBe(
      'Would send to calibration@epn.example, stores@epn.example: ' +
        'ITR Studio: calibration reminder for Eastern Power Networks (1 overdue, 1 due soon)',
    )
    expect(lines[1]).toBe('    Calibration reminder for Eastern Power Networks.')
    expect(stdout).toMatch(
      /^ {4}- EPN-TE:2 Transformer turns ratio meter \(.+\): expired on \d\d\/\d\d\/\d{4}, \d+ days ago$/m,
    )
    expect(stdout).toMatch(/^ {4}- EPN-TE:50 Clamp meter: expires on \d\d\/\d\d\/\d{4}, in 10 days$/m)
    expect(lines.at(-1)).toBe(
      'Dry run: 1 message(s) about 2 device(s) would be sent; nothing was sent or recorded.',
    )
    expect(emls()).toEqual([])
    expect(await sentCount()).toBe(0)
  })

  it('refuses an unknown option', async () => {
    await expect(reminders('--dry')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run reminders -- [--dry-run]'),
    })
  })

  // Two instances need PostgreSQL (one process owns a PGlite data dir); the in-process runners of
  // calibration-reminders.test.ts cover PGlite.
  describe.runIf(testDatabaseUrl)('two server instances on one PostgreSQL database', () => {
    let instances: ServerProcess[] = []
    afterAll(async () => {
      for (const instance of instances) await instance.stop()
    })

    it('send each reminder once, however often both check', async () => {
      const every = { ...env, CALIBRATION_REMINDER_INTERVAL_MINUTES: '0.01' } // each checks every 0.6 s
      instances = await Promise.all([startServerProcess(every), startServerProcess(every)])
      await vi.waitFor(() => expect(emls()).toHaveLength(1), { timeout: 20_000, interval: 100 })
      await addDevice('51', 5)
      await vi.waitFor(() => expect(emls()).toHaveLength(2), { timeout: 20_000, interval: 100 })
      // Several more rounds of both instances checking send nothing more.
      await new Promise((resolve) => setTimeout(resolve, 4_000))
      expect(emls()).toHaveLength(2)
      expect(await sentCount()).toBe(3)
      const subjects = await Promise.all(
        emls().map(async (f) => (await simpleParser(fs.readFileSync(path.join(outbox, f)))).subject),
      )
      expect(subjects.sort()).toEqual([
        'ITR Studio: calibration reminder for Eastern Power Networks (1 due soon)',
        'ITR Studio: calibration reminder for Eastern Power Networks (1 overdue, 1 due soon)',
      ])
      for (const instance of instances)
        expect(instance.output()).not.toMatch(/calibration reminders run failed/)
    }, 60_000)

    it('then `npm run reminders` finds nothing left to send', async () => {
      for (const instance of instances) await instance.stop()
      instances = []
      const { stdout } = await reminders()
      expect(stdout.trim()).toBe('0 message(s) about 0 device(s) sent.')
      expect(emls()).toHaveLength(2)
    })
  })

  describe.runIf(!testDatabaseUrl)('on PGlite', () => {
    it('`npm run reminders` sends to the outbox once, then finds nothing left', async () => {
      const first = await reminders()
      expect(first.stdout.trim().split('\n')).toEqual([
        'Sent (outbox folder) to calibration@epn.example, stores@epn.example: ' +
          'ITR Studio: calibration reminder for Eastern Power Networks (1 overdue, 1 due soon)',
        '1 message(s) about 2 device(s) sent.',
      ])
      expect(emls()).toHaveLength(1)
      expect(await sentCount()).toBe(2)
      const second = await reminders()
      expect(second.stdout.trim()).toBe('0 message(s) about 0 device(s) sent.')
      expect(emls()).toHaveLength(1)
    })
  })
})
