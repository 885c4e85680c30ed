import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { recordFixtures, type RecordFixtures } from './records-fixtures'
import { calibrationReminders, deviceOwners, jobLeases } from '../../server/db/schema/index'
import { CalibrationReminders, REMINDER_LEASE } from '../../server/jobs/calibration-reminders'
import { createMailer, type Mailer } from '../../server/mail/mailer'

const DAY = 86_400_000
/** Midnight UTC today: the tests' day, so expiries land on whole days from it. */
const today = new Date(Math.floor(Date.now() / DAY) * DAY)
const dayOffset = (days: number) => new Date(today.getTime() + days * DAY)
const ddmmyyyy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`
const EPN_CONTACTS = ['calibration@epn.example', 'stores@epn.example']

describe('calibration due reminders (issue #15.4)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let outbox: string
  let mailer: Mailer
  let westernNorth: number
  const ids: Record<string, number> = {}

  /** A calibration through the API that expires `expiresIn` days from today (or is skipped). */
  async function calibrate(serial: string, expiresIn: number | 'skip', owner = fx.owner) {
    const date = dayOffset(-400).toISOString().slice(0, 10)
    const data =
      expiresIn === 'skip'
        ? { serial, date, skip: true, description: `Meter ${serial}` }
        : {
            serial,
            date,
            house: fx.calibrator,
            frequency: `P${400 + expiresIn}D`,
            description: `Meter ${serial}`,
            ...(owner === fx.owner ? { location: fx.ownerLocation } : {}),
          }
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: { deviceOwnerId: owner, recordTypeId: fx.types.calibration, data },
    })
    expect(res.statusCode, res.body).toBe(200)
    ids[serial] = res.json().testEquipmentId as number
    return ids[serial]
  }

  const runner = (holder?: string, send: Mailer = mailer) =>
    new CalibrationReminders(server.database.db, send, { title: 'ITR Studio', dueSoonDays: 30, holder })

  /** The .eml files in the outbox, oldest name first, parsed. */
  async function mails(): Promise<ParsedMail[]> {
    if (!fs.existsSync(outbox)) return []
    const files = fs
      .readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort()
    return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(outbox, f)))))
  }
  const sentRows = () =>
    server.database.db
      .select({
        id: calibrationReminders.testEquipmentId,
        threshold: calibrationReminders.threshold,
        expires: calibrationReminders.expires,
      })
      .from(calibrationReminders)
  const sentKeys = async () =>
    (await sentRows()).map((r) => `${r.id}:${r.threshold}:${r.expires.toISOString().slice(0, 10)}`).sort()
  const key = (serial: string, threshold: string, expiresIn: number) =>
    `${ids[serial]}:${threshold}:${dayOffset(expiresIn).toISOString().slice(0, 10)}`

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server) // no demo test equipment: only the devices below
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-reminders-'))
    fs.rmSync(outbox, { recursive: true })
    mailer = createMailer({ OUTBOX_DIR: outbox }, 'ITR Studio', server.config.dataDir)
    const [wgn] = await server.database.db
      .select({ id: deviceOwners.id })
      .from(deviceOwners)
      .where(eq(deviceOwners.name, 'Western Grid Services North'))
    westernNorth = wgn.id
    await calibrate('EPN-TE:801', 10) // due soon
    await calibrate('EPN-TE:802', 30) // due soon: the first day of the lead time
    await calibrate('EPN-TE:803', 31) // not yet
    await calibrate('EPN-TE:804', 0) // expired today
    await calibrate('EPN-TE:805', -35) // expired five weeks ago
    await calibrate('EPN-TE:806', 'skip') // 'Calibration not required'
    await calibrate('WGN:5', 5, westernNorth) // due soon, but its owner has no reminder contacts
  })
  afterAll(async () => {
    await server?.close()
    if (outbox) fs.rmSync(outbox, { recursive: true, force: true })
  })

  it('a dry run says what it would send and sends and records nothing', async () => {
    const run = await runner().run({ dryRun: true })
    expect(run.status).toBe('done')
    expect(run.sent.map((m) => [m.ownerName, m.contacts, m.devices.map((d) => d.serial)])).toEqual([
      ['Eastern Power Networks', EPN_CONTACTS, ['EPN-TE:805', 'EPN-TE:804', 'EPN-TE:801', 'EPN-TE:802']],
    ])
    expect(run.noContacts.map((o) => [o.ownerName, o.devices.map((d) => d.serial)])).toEqual([
      ['Western Grid Services North', ['WGN:5']],
    ])
    expect(run.sent[0].subject).toBe(
      'ITR Studio: calibration reminder for Eastern Power Networks (2 overdue, 2 due soon)',
    )
    expect(fs.existsSync(outbox)).toBe(false)
    expect(await sentRows()).toEqual([])
    expect((await server.database.db.select({ n: count() }).from(jobLeases))[0].n).toBe(0)
  })

  it('mails no stored contact a mailer would read as another recipient (saved before the check, audit s10)', async () => {
    const db = server.database.db
    await db
      .update(deviceOwners)
      .set({ calibrationReminderContacts: [...EPN_CONTACTS, 'x,evil@attacker.example'] })
      .where(eq(deviceOwners.id, fx.owner))
    try {
      const run = await runner().run({ dryRun: true })
      expect(run.sent.map((m) => [m.ownerName, m.contacts])).toEqual([
        ['Eastern Power Networks', EPN_CONTACTS],
      ])
    } finally {
      await db
        .update(deviceOwners)
        .set({ calibrationReminderContacts: EPN_CONTACTS })
        .where(eq(deviceOwners.id, fx.owner))
    }
  })

  it("e-mails the owner's reminder contacts about due-soon and overdue devices, none for 'not required'", async () => {
    const run = await runner().run()
    expect(run.status).toBe('done')
    expect(run.failed).toEqual([])
    const [mail, ...others] = await mails()
    expect(others).toEqual([])
    expect(mail.to).toMatchObject({ text: EPN_CONTACTS.join(', ') })
    expect(mail.from).toMatchObject({ text: '"ITR Studio" <no-reply@localhost>' })
    expect(mail.subject).toBe(
      'ITR Studio: calibration reminder for Eastern Power Networks (2 overdue, 2 due soon)',
    )
    const location = fx.ownerLocation
    expect(mail.text).toBe(
      [
        'Calibration reminder for Eastern Power Networks.',
        '',
        'Overdue: calibration expired',
        `- EPN-TE:805 Meter EPN-TE:805 (${location}): expired on ${ddmmyyyy(dayOffset(-35))}, 35 days ago`,
        `- EPN-TE:804 Meter EPN-TE:804 (${location}): expired on ${ddmmyyyy(today)}, today`,
        '',
        'Due within 30 days',
        `- EPN-TE:801 Meter EPN-TE:801 (${location}): expires on ${ddmmyyyy(dayOffset(10))}, in 10 days`,
        `- EPN-TE:802 Meter EPN-TE:802 (${location}): expires on ${ddmmyyyy(dayOffset(30))}, in 30 days`,
        '',
        'Test equipment whose calibration has expired should not be used for records until it is calibrated again.',
        'You receive this e-mail as a calibration reminder contact of Eastern Power Networks in ITR Studio. Each ' +
          'device is reminded once when it falls due and once when it expires; a new calibration starts again.',
        '',
      ].join('\n'),
    )
    expect(mail.text).not.toContain('EPN-TE:803')
    expect(mail.text).not.toContain('EPN-TE:806')
    // Remembered per device, threshold and expiry; the owner without contacts is not, so it is not lost.
    expect(await sentKeys()).toEqual(
      [
        key('EPN-TE:801', 'dueSoon', 10),
        key('EPN-TE:802', 'dueSoon', 30),
        key('EPN-TE:804', 'overdue', 0),
        key('EPN-TE:805', 'overdue', -35),
      ].sort(),
    )
  })

  it('sends nothing the second time', async () => {
    const run = await runner().run()
    expect(run.sent).toEqual([])
    expect(await mails()).toHaveLength(1)
  })

  it('reminds a due-soon device again, once, when it becomes overdue', async () => {
    const later = dayOffset(11) // 801 expired yesterday; 803 now within the lead time
    const run = await runner().run({ now: later })
    expect(run.sent.map((m) => m.devices.map((d) => `${d.serial} ${d.threshold}`))).toEqual([
      ['EPN-TE:801 overdue', 'EPN-TE:803 dueSoon'],
    ])
    expect((await mails()).map((m) => m.subject)).toContain(
      'ITR Studio: calibration reminder for Eastern Power Networks (1 overdue, 1 due soon)',
    )
    expect((await runner().run({ now: later })).sent).toEqual([])
    expect(await mails()).toHaveLength(2)
  })

  it('a new calibration re-arms the reminders of a device', async () => {
    await calibrate('EPN-TE:805', 12)
    const run = await runner().run()
    expect(run.sent.map((m) => m.devices.map((d) => `${d.serial} ${d.threshold} ${d.daysUntil}`))).toEqual([
      ['EPN-TE:805 dueSoon 12'],
    ])
    expect(await sentKeys()).toContain(key('EPN-TE:805', 'dueSoon', 12))
    expect(await sentKeys()).toContain(key('EPN-TE:805', 'overdue', -35))
  })

  it('an owner that gets reminder contacts later is reminded of what was not sent', async () => {
    const res = await server.call(
      'itr',
      'PUT',
      `/api/deviceOwners/${westernNorth}/calibrationReminderContacts`,
      {
        as: 'configurator',
        body: ['north@wgs.example'],
      },
    )
    expect(res.statusCode, res.body).toBe(200)
    const run = await runner().run()
    expect(run.sent.map((m) => [m.ownerName, m.contacts, m.devices.map((d) => d.serial)])).toEqual([
      ['Western Grid Services North', ['north@wgs.example'], ['WGN:5']],
    ])
    const last = (await mails()).find((m) => m.subject?.includes('Western Grid Services North'))!
    expect(last.to).toMatchObject({ text: 'north@wgs.example' })
    expect(last.subject).toBe('ITR Studio: calibration reminder for Western Grid Services North (1 due soon)')
  })

  it('with several runners at once, one holds the lease and each reminder goes out once', async () => {
    await calibrate('EPN-TE:807', 3)
    await calibrate('EPN-TE:808', -1)
    const before = (await mails()).length
    const runs = await Promise.all([1, 2, 3, 4].map((n) => runner(`runner-${n}`).run()))
    const sent = runs.flatMap((r) => r.sent.flatMap((m) => m.devices.map((d) => d.serial)))
    expect(sent.sort()).toEqual(['EPN-TE:807', 'EPN-TE:808'])
    expect(runs.filter((r) => r.sent.length > 0)).toHaveLength(1)
    for (const r of runs) expect(['done', 'busy']).toContain(r.status)
    expect(await mails()).toHaveLength(before + 1)
    const rows = await sentRows()
    expect(rows.filter((r) => r.id === ids['EPN-TE:807'] || r.id === ids['EPN-TE:808'])).toHaveLength(2)
    // The lease is given back after each run.
    expect((await server.database.db.select({ n: count() }).from(jobLeases))[0].n).toBe(0)
  })

  it('does nothing while another runner holds a live lease, and takes over a lapsed one', async () => {
    await calibrate('EPN-TE:809', 7)
    const db = server.database.db
    await db.insert(jobLeases).values({
      name: REMINDER_LEASE,
      holder: 'other-instance',
      expiresAt: sql`now() + interval '1 hour'`,
    })
    const busy = await runner().run()
    expect(busy).toMatchObject({ status: 'busy', sent: [] })
    expect(await sentKeys()).not.toContain(key('EPN-TE:809', 'dueSoon', 7))

    await db.update(jobLeases).set({ expiresAt: sql`now() - interval '1 second'` })
    const run = await runner().run()
    expect(run.status).toBe('done')
    expect(run.sent.flatMap((m) => m.devices.map((d) => d.serial))).toEqual(['EPN-TE:809'])
    expect((await db.select({ n: count() }).from(jobLeases))[0].n).toBe(0)
  })

  it('a message that cannot be sent is not recorded and goes out on the next run', async () => {
    await calibrate('EPN-TE:810', 20)
    const broken: Mailer = { kind: 'email', from: 'x', send: () => Promise.reject(new Error('SMTP down')) }
    const failed = await runner(undefined, broken).run()
    expect(failed.failed).toEqual([{ ownerName: 'Eastern Power Networks', error: 'SMTP down' }])
    expect(await sentKeys()).not.toContain(key('EPN-TE:810', 'dueSoon', 20))
    const retried = await runner().run()
    expect(retried.sent.flatMap((m) => m.devices.map((d) => d.serial))).toEqual(['EPN-TE:810'])
    expect(await sentKeys()).toContain(key('EPN-TE:810', 'dueSoon', 20))
  })
})
