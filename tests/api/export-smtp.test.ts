import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import ExcelJS from 'exceljs'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

/** A real SMTP server on 127.0.0.1 that keeps what it receives, parsed. */
async function startSmtp() {
  const received: ParsedMail[] = []
  const smtp = new SMTPServer({
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
  const port = (smtp.server.address() as AddressInfo).port
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => smtp.close(r)) }
}

describe('{data} Excel export by e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let server: TestServer
  beforeAll(async () => {
    smtp = await startSmtp()
    process.env.SMTP_URL = smtp.url
    try {
      server = await startTestServer()
    } finally {
      delete process.env.SMTP_URL
    }
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  it('sends the workbook to the user through SMTP_URL and files nothing in the outbox', async () => {
    const filter = encodeURIComponent(JSON.stringify({ filters: [{ field: 'category', value: 'test' }] }))
    const res = await server.call('data', 'GET', `/api/InstrumentTestRecord/ExcelExport/filter/${filter}`, {
      as: 'internal',
    })
    expect(res.statusCode).toBe(200)
    const accepted = res.json()
    expect(accepted.message).toBe('Request logged, you will receive an email with the results.')
    expect(accepted.delivery).toBe('email')
    const job = await vi.waitFor(
      async () => {
        const body = (
          await server.call('data', 'GET', `/api/InstrumentTestRecord/ExcelExport/jobs/${accepted.jobId}`, {
            as: 'internal',
          })
        ).json()
        if (body.status !== 'done') throw new Error(`job ${body.status}`)
        return body
      },
      { timeout: 20_000, interval: 50 },
    )
    expect(job.result).toMatchObject({ delivery: 'email', to: 'internal@itr.example' })

    expect(smtp.received).toHaveLength(1)
    const [mail] = smtp.received
    expect(mail.to).toMatchObject({ text: 'internal@itr.example' })
    expect(mail.from).toMatchObject({ text: '"ITR Studio" <no-reply@localhost>' })
    expect(mail.subject).toBe('ITR Studio: your records export')
    expect(mail.attachments.map((a) => a.filename)).toEqual([`records-export-${accepted.jobId}.xlsx`])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(mail.attachments[0].content as unknown as ArrayBuffer)
    const rows = workbook.getWorksheet('Records')!.rowCount - 1
    expect(mail.text?.trim()).toBe(`The records export you asked for is attached (${rows} records).`)
    expect(rows).toBe(job.result.rows)
    expect(fs.existsSync(path.join(server.config.dataDir, 'outbox'))).toBe(false)
  })
})
