import nodemailer from 'nodemailer'

/** Where finished exports go: e-mail through SMTP_URL when configured, otherwise a download link. */
export interface ExportDelivery {
  kind: 'email' | 'download'
  send(to: string, filename: string, content: Buffer, rows: number): Promise<void>
}

/**
 * SMTP_URL (smtp:// or smtps://, e.g. smtp://user:pass@mail.example:587) turns on e-mail delivery from
 * SMTP_FROM (default "ITR Studio <no-reply@localhost>"). Without it the workbook is only kept as a stored
 * document and offered for download.
 */
export function exportDelivery(env: NodeJS.ProcessEnv = process.env, title = 'ITR Studio'): ExportDelivery {
  const url = env.SMTP_URL?.trim()
  if (!url) return { kind: 'download', send: async () => {} }
  const transport = nodemailer.createTransport(url)
  const from = env.SMTP_FROM ?? `${title} <no-reply@localhost>`
  return {
    kind: 'email',
    async send(to, filename, content, rows) {
      await transport.sendMail({
        from,
        to,
        subject: `${title}: your records export`,
        text: `The records export you asked for is attached (${rows} records).`,
        attachments: [
          {
            filename,
            content,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        ],
      })
    },
  }
}
