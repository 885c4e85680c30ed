import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type Mail from 'nodemailer/lib/mailer'
import { startTestServer, type TestServer } from '../support/api'
import { publicUrlOf, readConfig, servicePrefix } from '../../server/config'
import { ReviewMail } from '../../server/jobs/review-mail'
import type { Mailer } from '../../server/mail/mailer'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

/** Issue #19: review mail — rejections to the submitter, waiting records to reviewers, ≤ 1 mail/user/hour. */
describe('review mail', () => {
  let server: TestServer
  let fx: RecordFixtures
  let equipmentId: number
  let reviewer: string
  const outbox: Mail.Options[] = []
  const mailer: Mailer = { kind: 'outbox', from: 'itr@example', send: async (m) => void outbox.push(m) }
  // Links are absolute when APP_URL says where users open the app (its trailing slash dropped).
  const { publicUrl } = readConfig({ APP_URL: 'https://itr.example.com/' })
  const job = () => new ReviewMail(server.database.db, mailer, { title: 'ITR Studio', publicUrl })

  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    const res = await server.app.inject({
      method: 'POST',
      url: `${servicePrefix('auth')}/api/token`,
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'reviewer',
        password: 'reviewer-demo',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    reviewer = res.json().token
    const calibration = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:29', date: '2026-01-01T00:00:00Z', skip: true, description: 'Meter' },
      },
    })
    equipmentId = calibration.json().testEquipmentId
    const type = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${fx.types.test}`, { as: 'configurator' })
    ).json()
    await server.call('meta', 'PUT', `/api/DataPointTypes/${fx.types.test}`, {
      as: 'configurator',
      body: {
        name: type.name,
        sensorTypeId: type.sensorTypeId,
        units: type.units,
        reviewPolicy: 'review-and-approve',
      },
    })
  })
  afterAll(() => server.close())

  const submit = async (serial: string) => {
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.test,
        data: {
          serial,
          testDate: '2026-05-01T10:00:00Z',
          equipment: [equipmentId],
          result: 'Pass',
          ratio: { value: 0.5, passOrFail: 'Pass' },
        },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().recordId as number
  }
  const recipients = () =>
    outbox
      .splice(0)
      .map((m) => String(m.to))
      .sort()

  it('refuses an APP_URL that is not an absolute http(s) address', () => {
    expect(readConfig({}).publicUrl).toBeUndefined()
    for (const bad of ['itr.example.com', 'ftp://itr.example.com', 'https://itr.example.com/?a=1'])
      expect(() => publicUrlOf(bad)).toThrow(
        'APP_URL must be the absolute http(s) address users open the app at',
      )
  })

  it('tells reviewers what waits, the submitter what was rejected, at most once an hour each', async () => {
    const first = await submit('NWT:301')
    const t0 = new Date()
    await job().run(t0)
    // Reviewers (and the admin, who may review) — not the approver, not the submitter.
    expect(recipients()).toEqual(['admin@itr.example', 'reviewer@itr.example'])

    const reject = await server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${first}/review`, {
      token: reviewer,
      body: { action: 'reject', comment: 'Re-measure' },
    })
    expect(reject.statusCode).toBe(200)
    await submit('NWT:302')
    await job().run(new Date(t0.getTime() + 10 * 60_000))
    // Within the hour the reviewers wait; the submitter hears of the rejection at once.
    const [mail] = outbox.slice(-1)
    expect(recipients()).toEqual(['internal@itr.example'])
    expect(mail.subject).toBe('ITR Studio: 1 record(s) need your attention')
    expect(String(mail.text)).toContain(
      `- Record ${first} (Fixture Test, NWT:301) rejected — amend it in Data Entry and save it to resubmit: ` +
        `https://itr.example.com/Records/${first}\n`,
    )

    await job().run(new Date(t0.getTime() + 61 * 60_000))
    const later = outbox.slice()
    expect(recipients()).toEqual(['admin@itr.example', 'reviewer@itr.example'])
    // Only what is new since their last mail: the second record.
    expect(String(later[0].text)).toContain('NWT:302')
    expect(String(later[0].text)).not.toContain('NWT:301')
  })

  it('asks for approval only those who may approve: not the reviewer of the record (audit s8 D9)', async () => {
    const id = await submit('NWT:303')
    const admin = await server.tokenOf('admin', 'admin-demo')
    const review = await server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: admin,
      body: { action: 'review' },
    })
    expect(review.statusCode, review.body).toBe(200)
    outbox.splice(0)
    await job().run(new Date(Date.now() + 5 * 3_600_000))
    const mails = outbox.splice(0)
    const to = (who: string) => mails.find((m) => String(m.to) === who)
    // The approver is asked; the admin reviewed it and may not approve it, so is not.
    expect(String(to('approver@itr.example')?.text)).toContain(
      `- Record ${id} (Fixture Test, NWT:303) waits for your approval`,
    )
    expect(String(to('admin@itr.example')?.text ?? '')).not.toContain('NWT:303')
    // The admin's My queue agrees.
    const filter = encodeURIComponent(JSON.stringify({ filters: [{ field: 'queue', value: 'mine' }] }))
    const queue = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Records/page/1/size/100/filter/${filter}`,
      {
        token: admin,
      },
    )
    expect(queue.json().result.map((r: { id: number }) => r.id)).not.toContain(id)
  })
})
