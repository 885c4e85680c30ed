import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { pdfText } from '../support/pdf-text'
import type { FormLayout } from '../../schemas/form-layout/index'
import { records } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

/** Kept beside the e2e screenshots (gitignored) to be rendered and looked at. */
const keep = (name: string, bytes: Buffer) => {
  fs.mkdirSync('screenshots', { recursive: true })
  fs.writeFileSync(`screenshots/${name}.pdf`, bytes)
}

/**
 * Audit s9 (F2–F5, F10): a certificate says exactly what the stored record says — its tables as tables,
 * its text as typed, its state (draft, rejected, superseded, approved by whom and when) — and gives the
 * record's address from APP_URL, never from the request's Host header.
 */
const layout: FormLayout = {
  version: 2,
  title: 'Loss table',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date' },
    { type: 'singletext', variable: 'comment', label: 'Comment' },
    {
      type: 'group',
      variable: 'tests',
      label: 'Losses',
      children: [
        {
          type: 'table',
          variable: 'loss',
          label: 'Loss per tap',
          rowHeader: 'Tap',
          minRows: 1,
          maxRows: 200,
          columns: [
            {
              type: 'testField',
              variable: 'measured',
              label: 'Measured',
              testType: 'numeric',
              unit: 'W',
              maxParam: 'noLoadLossMax',
            },
            {
              type: 'calculated',
              variable: 'margin',
              label: 'Margin',
              formula: 'param.noLoadLossMax - measured',
              unit: 'W',
            },
            { type: 'singletext', variable: 'note', label: 'Note' },
          ],
        },
      ],
    },
  ],
}

const APP_URL = 'https://itr.example.com'

describe('certificates say what the record says (audit s9)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let typeId: number
  const tokens: Record<string, string> = {}
  let serial = 3900

  beforeAll(async () => {
    server = await startTestServer({ publicUrl: APP_URL })
    fx = await recordFixtures(server)
    typeId = await recordType(
      server,
      'Certificate Loss Table',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'tests' },
      layout,
      [fx.transformer],
    )
    const params = await server.call('meta', 'PUT', `/api/assetmodels/${fx.transformer}/TestParameters`, {
      as: 'configurator',
      body: [{ key: 'noLoadLossMax', value: '1100', unit: 'W' }],
    })
    expect(params.statusCode, params.body).toBe(204)
    tokens.internal = await server.tokenFor('internal')
    tokens.reviewer = await server.tokenOf('reviewer', 'reviewer-demo')
    tokens.approver = await server.tokenOf('approver', 'approver-demo')
  })
  afterAll(() => server.close())

  const submit = async (data: Record<string, unknown>, at = '2026-07-01') => {
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: typeId,
        data: { serial: `NWT:${serial++}`, testDate: at, loss: [{ measured: 500 }], ...data },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().recordId as number
  }
  const certificate = async (id: number, headers: Record<string, string> = {}) => {
    const res = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}/certificate.pdf`, {
      as: 'internal',
      headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    return { bytes: res.rawPayload, ...(await pdfText(res.rawPayload)) }
  }
  const act = (id: number, who: string, action: string, comment?: string) =>
    server.call('data', 'POST', `/api/InstrumentTestRecord/Record/${id}/review`, {
      token: tokens[who],
      body: { action, ...(comment !== undefined ? { comment } : {}) },
    })
  async function setPolicy(reviewPolicy: string) {
    const type = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${typeId}`, { as: 'configurator' })
    ).json()
    const res = await server.call('meta', 'PUT', `/api/DataPointTypes/${typeId}`, {
      as: 'configurator',
      body: { name: type.name, sensorTypeId: type.sensorTypeId, units: type.units, reviewPolicy },
    })
    expect(res.statusCode).toBe(204)
  }

  it('F2: prints a measurement table as a table with limits, cell marks and its result, over pages', async () => {
    const id = await submit({ loss: [{ measured: 500, note: 'tap 1' }, { measured: 1250 }] })
    const { text } = await certificate(id)
    for (const expected of [
      'Loss per tap',
      'Tap',
      'Measured (W)',
      '≤ 1100 W',
      'Margin (W)',
      'Note',
      '500 W · PASS',
      '600 W',
      'tap 1',
      '1250 W · FAIL',
      '-150 W',
      'Overall verdict: FAIL',
    ])
      expect(text).toContain(expected)
    expect(text).not.toMatch(/\{"|"measured"|passOrFail/)

    const long = await submit({
      loss: Array.from({ length: 120 }, (_, i) => ({ measured: 100 + i, note: `row ${i + 1}` })),
    })
    const many = await certificate(long)
    keep('certificate-table', many.bytes)
    const pages = many.text.split('\f')
    expect(pages.length).toBeGreaterThan(2)
    // Every page the table runs over repeats its captions; every row is printed whole, once.
    const tablePages = pages.filter((p) => /row \d+/.test(p))
    expect(tablePages.length).toBeGreaterThan(1)
    for (const page of tablePages) expect(page).toContain('Measured (W)')
    for (let i = 0; i < 120; i++) {
      const holding = pages.filter((p) => p.includes(`${100 + i} W · PASS`))
      expect(holding, `row ${i + 1}`).toHaveLength(1)
      expect(holding[0]).toContain(`row ${i + 1} `)
      expect(holding[0]).toContain(`${1000 - i} W`)
    }
  })

  it('F3: formats only a datepicker’s valid date; free text looking like a date is printed as typed', async () => {
    for (const comment of [
      '2026-99-99',
      '2026-02-30T25:99 see note',
      '1999-01-01 is when the unit was built',
    ]) {
      const { text } = await certificate(await submit({ comment }))
      expect(text).toContain(comment)
      expect(text).not.toContain('Invalid Date')
      expect(text).toContain('01/07/2026') // the test date, a datepicker
    }
  })

  it('F4: a superseded record says so on every page, naming the record that replaced it', async () => {
    const first = await submit({
      serial: 'NWT:3990',
      loss: Array.from({ length: 90 }, (_, i) => ({ measured: 100 + i })),
    })
    const newer = await submit({ serial: 'NWT:3990' }, '2026-07-05')
    const [row] = await server.database.db
      .select({ by: records.supersededById })
      .from(records)
      .where(eq(records.id, first))
    expect(row.by).toBe(newer)
    const { text, pages } = await certificate(first)
    expect(pages).toBeGreaterThan(1)
    for (const page of text.split('\f')) expect(page).toContain(`SUPERSEDED — replaced by record ${newer}`)
    expect((await certificate(newer)).text).not.toContain('SUPERSEDED')
  })

  it('F5: names who reviewed and approved a record and when; a rejected one reads REJECTED', async () => {
    await setPolicy('review-and-approve')
    try {
      const waiting = await submit({ serial: 'NWT:3991' })
      const rejected = await submit({ serial: 'NWT:3992' })
      const approved = await submit({ serial: 'NWT:3993' })
      expect((await act(rejected, 'reviewer', 'reject', 'bad')).statusCode).toBe(200)
      expect((await act(approved, 'reviewer', 'review')).statusCode).toBe(200)
      const reviewedText = (await certificate(approved)).text
      expect(reviewedText).toContain('DRAFT — not approved')
      expect(reviewedText).not.toContain('Approved by approver')
      expect((await act(approved, 'approver', 'approve')).statusCode).toBe(200)

      const day = new Date().toISOString().slice(0, 10).split('-').reverse().join('/')
      const ok = (await certificate(approved)).text
      expect(ok).toMatch(new RegExp(`Reviewed by reviewer on ${day} \\d{2}:\\d{2} UTC`))
      expect(ok).toMatch(new RegExp(`Approved by approver on ${day} \\d{2}:\\d{2} UTC`))
      expect(ok).not.toContain('(revision')
      expect(ok).not.toMatch(/DRAFT|REJECTED/)

      const no = (await certificate(rejected)).text
      expect(no).toContain('REJECTED — not valid')
      // Who rejected it, when and why, under the stamp (the last rejection's comment).
      expect(no).toMatch(
        new RegExp(`REJECTED — not valid +Rejected by reviewer on ${day} \\d{2}:\\d{2} UTC: bad`),
      )
      expect(no).not.toContain('DRAFT')
      expect((await certificate(waiting)).text).toContain('DRAFT — not approved')

      // Changed in place since the approval (a rejudge correction keeps the state): said, with both revisions.
      await server.database.db.update(records).set({ revision: 2 }).where(eq(records.id, approved))
      expect((await certificate(approved)).text).toMatch(
        /Approved by approver on .* UTC \(revision 1; the record has changed since: it is now revision 2\)/,
      )

      // A re-test waiting for its review does not supersede the approved record (audit walk F4): the
      // approved record still counts. Once the re-test is approved, both are said.
      const retest = await submit({ serial: 'NWT:3993' }, '2026-07-09')
      expect((await certificate(approved)).text).not.toContain('SUPERSEDED')
      expect((await act(retest, 'reviewer', 'review')).statusCode).toBe(200)
      expect((await act(retest, 'approver', 'approve')).statusCode).toBe(200)
      const both = await certificate(approved)
      keep('certificate-approved-superseded', both.bytes)
      expect(both.text).toContain(`SUPERSEDED — replaced by record ${retest}`)
      expect(both.text).toContain('Approved by approver')
    } finally {
      await setPolicy('none')
    }
  })

  it('F10: the record URL comes from APP_URL whatever Host the request names, single and batch', async () => {
    const id = await submit({ serial: 'NWT:3994' })
    const lying = { host: 'evil.example', 'x-forwarded-host': 'evil.example' }
    // The closing text may wrap the address; read without spaces.
    const single = (await certificate(id, lying)).text.replace(/\s+/g, '')
    expect(single).toContain(`${APP_URL}/Records/${id}`)
    expect(single).toContain("(theQRcodeatthetopofthiscertificate'sfirstpage)")
    expect(single).not.toContain('evil.example')
    const batch = await server.call('data', 'POST', '/api/InstrumentTestRecord/Certificates', {
      as: 'internal',
      headers: lying,
      body: { format: 'pdf', ids: [id] },
    })
    expect(batch.statusCode, batch.body).toBe(200)
    const merged = (await pdfText(batch.rawPayload)).text.replace(/\s+/g, '')
    expect(merged).toContain(`${APP_URL}/Records/${id}`)
    expect(merged).not.toContain('evil.example')

    // Without APP_URL the certificate gives the path in the app, never the Host it was asked on.
    const configured = server.config.publicUrl
    server.config.publicUrl = undefined
    try {
      const bare = (await certificate(id, lying)).text.replace(/\s+/g, '')
      expect(bare).toContain(`intheappat/Records/${id}.`)
      // A path is no link: no QR code is drawn, and none is mentioned (audit s9b F6).
      expect(bare).not.toContain('QRcode')
      expect(bare).not.toContain('evil.example')
    } finally {
      server.config.publicUrl = configured
    }
  })
})
