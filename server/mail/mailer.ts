import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'

/** A file written beside a message in the outbox folder (the export's workbook). */
export interface OutboxFile {
  /** File name inside the outbox folder. */
  name: string
  content: Buffer
}

/**
 * Where the server's e-mail goes: through SMTP, or written as the same message to the outbox folder —
 * the Excel export's rules (server/records/export/deliver.ts, which predates this and is being extended
 * in parallel for #16; moving it onto this mailer is a follow-up), used by the calibration reminders.
 */
export interface Mailer {
  kind: 'email' | 'outbox'
  /** The sender every message carries. */
  from: string
  /**
   * Sends `message` (its `from` is filled in). In the outbox it is filed as `<name>.eml`, with `files`
   * written beside it first; through SMTP `name` and `files` are not used.
   */
  send(message: Mail.Options, name: string, files?: readonly OutboxFile[]): Promise<void>
}

/**
 * SMTP_URL (smtp:// or smtps://, e.g. smtp://user:pass@mail.example:587) turns on e-mail delivery from
 * SMTP_FROM (default "<title> <no-reply@localhost>"). Without it the message nodemailer would have sent
 * is written to OUTBOX_DIR (default `<dataDir>/outbox`) as `<name>.eml`, so a one-machine install without
 * a mail server still has a real, openable message. Several instances must share OUTBOX_DIR
 * (docs/operations.md).
 */
export function createMailer(
  env: NodeJS.ProcessEnv = process.env,
  title = 'ITR Studio',
  dataDir = path.resolve(env.DATA_DIR ?? 'data'),
): Mailer {
  const from = env.SMTP_FROM ?? `${title} <no-reply@localhost>`
  const url = env.SMTP_URL?.trim()
  if (url) {
    const transport = nodemailer.createTransport(url)
    return {
      kind: 'email',
      from,
      async send(message) {
        await transport.sendMail({ ...message, from })
      },
    }
  }
  const outbox = path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox'))
  // streamTransport builds the exact RFC 822 message SMTP would carry, without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'outbox',
    from,
    async send(message, name, files = []) {
      const info = await transport.sendMail({ ...message, from })
      await fs.mkdir(outbox, { recursive: true })
      // Written under a temporary name and renamed, so a reader of the folder never sees half a file.
      for (const file of [...files, { name: `${name}.eml`, content: info.message as Buffer }]) {
        const target = path.join(outbox, file.name)
        await fs.writeFile(`${target}.part`, file.content)
        await fs.rename(`${target}.part`, target)
      }
    },
  }
}
