import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { recordFixtures } from './records-fixtures'
import { CalibrationReminders } from '../../server/jobs/calibration-reminders'
import { createMailer } from '../../server/mail/mailer'
import { dueSoonDaysOf, readConfig, reminderIntervalOf } from '../../server/config'

const DAY = 86_400_000

describe('calibration reminders through SMTP_URL (issue #15.4)', () => {
  let server: TestServer
  const received: ParsedMail[] = []
  let smtp: SMTPServer
  let smtpUrl = ''

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        simpleParser(stream)
          .then((mail) => received.push(mail))
          .then(() => done(), done)
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
    server = await startTestServer()
    const fx = await recordFixtures(server)
    const date = new Date(Math.floor(Date.now() / DAY) * DAY - 300 * DAY).toISOString().slice(0, 10)
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:870', date, house: fx.calibrator, frequency: 'P314D', description: 'Megger' },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
  })
  afterAll(async () => {
    await server?.close()
    await new Promise<void>((resolve) => smtp?.close(() => resolve()))
  })

  it('e-mails the contacts through SMTP from SMTP_FROM, and files nothing', async () => {
    const mailer = createMailer(
      { SMTP_URL: smtpUrl, SMTP_FROM: 'Calibration <cal@itr.example>' },
      'ITR Studio',
      server.config.dataDir,
    )
    const run = await new CalibrationReminders(server.database.db, mailer, {
      title: 'ITR Studio',
      dueSoonDays: 30,
    }).run()
    expect(run.failed).toEqual([])
    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail.to).toMatchObject({ text: 'calibration@epn.example, stores@epn.example' })
    expect(mail.from).toMatchObject({ text: '"Calibration" <cal@itr.example>' })
    expect(mail.subject).toBe('ITR Studio: calibration reminder for Eastern Power Networks (1 due soon)')
    expect(mail.text).toContain('- EPN-TE:870 Megger: expires on ')
    expect(mail.text).toContain(', in 14 days')
    expect(fs.existsSync(path.join(server.config.dataDir, 'outbox'))).toBe(false)
  })
})

describe('reminder settings from the environment', () => {
  it('reads CALIBRATION_DUE_SOON_DAYS (default 30, 0–366) and refuses anything else', () => {
    expect(readConfig({}).calibrationDueSoonDays).toBe(30)
    expect(dueSoonDaysOf('14')).toBe(14)
    expect(dueSoonDaysOf('0')).toBe(0)
    for (const bad of ['-1', '1.5', 'thirty', '367'])
      expect(() => dueSoonDaysOf(bad)).toThrow(
        'CALIBRATION_DUE_SOON_DAYS must be a whole number of days from 0 to 366',
      )
  })

  it('reads CALIBRATION_REMINDER_INTERVAL_MINUTES (default 60, 0 = off, decimals allowed)', () => {
    expect(readConfig({}).reminderIntervalMinutes).toBe(60)
    expect(reminderIntervalOf('0')).toBe(0)
    expect(reminderIntervalOf('0.5')).toBe(0.5)
    expect(() => reminderIntervalOf('-5')).toThrow('CALIBRATION_REMINDER_INTERVAL_MINUTES must be a number')
    expect(() => reminderIntervalOf('hourly')).toThrow(
      'CALIBRATION_REMINDER_INTERVAL_MINUTES must be a number',
    )
  })
})
