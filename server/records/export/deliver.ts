import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** What a delivered file is, when it is not the records workbook: the mail's subject, text and type. */
export interface DeliveryMessage {
  subject: string
  text: string
  contentType: string
}

/**
 * Where finished exports go: e-mailed through SMTP, or written as the same e-mail to the outbox folder.
 * Either way the workbook is also stored as a document and offered for download.
 */
export interface ExportDelivery {
  kind: 'email' | 'outbox'
  /** Sends (or files) the message to `to`; the records workbook unless `about` says otherwise. */
  send(to: string, filename: string, content: Buffer, rows: number, about?: DeliveryMessage): Promise<void>
}

/**
 * SMTP_URL (smtp:// or smtps://, e.g. smtp://user:pass@mail.example:587) turns on e-mail delivery from
 * SMTP_FROM (default "ITR Studio <no-reply@localhost>"). Without it the message nodemailer would have
 * sent is written to OUTBOX_DIR (default `<dataDir>/outbox`) as `<file>.eml`, with the workbook beside it
 * as `<file>.xlsx`, so a one-machine install without a mail server still has a real, openable message.
 * Several instances must share OUTBOX_DIR (docs/operations.md).
 */
export function exportDelivery(
  env: NodeJS.ProcessEnv = process.env,
  title = 'ITR Studio',
  dataDir = path.resolve(env.DATA_DIR ?? 'data'),
): ExportDelivery {
  const from = env.SMTP_FROM ?? `${title} <no-reply@localhost>`
  const message = (
    to: string,
    filename: string,
    content: Buffer,
    rows: number,
    about?: DeliveryMessage,
  ): Mail.Options => ({
    from,
    to,
    subject: about ? `${title}: ${about.subject}` : `${title}: your records export`,
    text: about?.text ?? `The records export you asked for is attached (${rows} records).`,
    attachments: [{ filename, content, contentType: about?.contentType ?? XLSX }],
  })
  const url = env.SMTP_URL?.trim()
  if (url) {
    const transport = nodemailer.createTransport(url)
    return {
      kind: 'email',
      async send(to, filename, content, rows, about) {
        await transport.sendMail(message(to, filename, content, rows, about))
      },
    }
  }
  const outbox = path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox'))
  // streamTransport builds the exact RFC 822 message SMTP would carry, without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'outbox',
    async send(to, filename, content, rows, about) {
      const info = await transport.sendMail(message(to, filename, content, rows, about))
      await fs.mkdir(outbox, { recursive: true })
      const ext = path.extname(filename) || '.xlsx'
      const base = path.join(outbox, path.basename(filename, ext))
      // Written under a temporary name and renamed, so a reader of the folder never sees half a file.
      for (const [file, data] of [
        [`${base}${ext}`, content],
        [`${base}.eml`, info.message as Buffer],
      ] as const) {
        await fs.writeFile(`${file}.part`, data)
        await fs.rename(`${file}.part`, file)
      }
    },
  }
}
