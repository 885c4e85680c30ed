import QRCode from 'qrcode'
import type { CertificateModel, Mark } from './certificate-model'
import { COLOURS, MARGIN, ensure, printable, width, type Doc } from './certificate-cells'
import { TextLines, lineWidth } from './certificate-text'
import { BOLD, REGULAR } from './certificate-fonts'

/** Parts of every certificate besides its tables: the QR code, the closing block and the page footers. */

/**
 * The QR code of SPEC's approach drawn as vector squares (each run of dark modules one rectangle): sharp
 * at any zoom and print size, and no image to encode and decode for every certificate.
 */
export function qrCode(doc: Doc, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const quiet = 1
  const cell = size / (modules.size + 2 * quiet)
  doc.save()
  doc.rect(x, y, size, size).fill('#ffffff')
  for (let row = 0; row < modules.size; row++) {
    let run = -1
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col)
      if (dark && run < 0) run = col
      if (!dark && run >= 0) {
        doc.rect(x + (quiet + run) * cell, y + (quiet + row) * cell, (col - run) * cell, cell)
        run = -1
      }
    }
  }
  doc.fill('#000000')
  doc.restore()
}

/**
 * The closing block: how the certificate was issued, who reviewed and approved it and when, and the
 * signature lines: the account that captured the record (the form's own 'Tested by' field, when it has
 * one, is in the record's section), and the approver's (named once approved).
 */
export function closing(doc: Doc, model: CertificateModel) {
  ensure(doc, 90 + 24 * model.approvals.length)
  doc.moveDown(0.8)
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor('#444444')
    .text(printable(model.issued), MARGIN, doc.y, { width: width(doc) })
  if (model.approvals.length) doc.moveDown(0.5)
  for (const line of model.approvals)
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor('#111111')
      .text(printable(line), MARGIN, doc.y, { width: width(doc) })
  doc.moveDown(1.2)
  const y = doc.y + 24
  const half = (width(doc) - 30) / 2
  doc.font(REGULAR).fontSize(9).fillColor('#111111')
  doc.text(printable(model.capturedBy), MARGIN, y - 14, { width: half, lineBreak: false })
  if (model.signature.name)
    doc.text(printable(model.signature.name), MARGIN + half + 30, y - 14, { width: half, lineBreak: false })
  for (const [x, label] of [
    [MARGIN, 'Captured by (account)'],
    [MARGIN + half + 30, model.signature.label],
  ] as const) {
    doc
      .moveTo(x, y)
      .lineTo(x + half, y)
      .strokeColor('#888888')
      .lineWidth(0.6)
      .stroke()
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text(label, x, y + 3, { width: half, lineBreak: false })
  }
  doc.x = MARGIN
  doc.y = y + 16
}

/** The overall verdict (or a calibration's outcome, `line`), framed in its colour under the header. */
export function verdict(doc: Doc, mark: Mark, line?: string) {
  const y = doc.y
  const text = line ?? (mark ? `Overall verdict: ${mark}` : 'Overall verdict: not judged')
  doc.rect(MARGIN, y, width(doc), 30).lineWidth(2).strokeColor(COLOURS[mark]).stroke()
  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor(COLOURS[mark])
    .text(text, MARGIN, y + 7, { width: width(doc), align: 'center' })
  doc.x = MARGIN
  doc.y = y + 40
}

/** The angle of the stamps across a page, in degrees. */
const STAMP_ANGLE = 35

/**
 * The record's stamps across the page, one under the other about its middle, each sized to fit the
 * line through the page's centre at the stamps' angle (a superseded record's stamp is longer than
 * 'DRAFT — not approved', which keeps its 54 points).
 */
function watermark(doc: Doc, stamps: readonly string[]) {
  const { width: w, height: h } = doc.page
  const angle = (STAMP_ANGLE * Math.PI) / 180
  const across = 0.85 * Math.min(w / Math.cos(angle), h / Math.sin(angle))
  doc.save()
  doc.rotate(-STAMP_ANGLE, { origin: [w / 2, h / 2] })
  doc.font(BOLD).fillColor('#b02a37').fillOpacity(0.14)
  stamps.forEach((stamp, i) => {
    const size = Math.min(54, across / doc.fontSize(1).widthOfString(stamp))
    const y = h / 2 - size / 2 + (i - (stamps.length - 1) / 2) * 66
    // Centred by hand on the page's middle: pdfkit's `align` needs a box at least as wide as the text.
    doc.fontSize(size).text(stamp, w / 2 - doc.widthOfString(stamp) / 2, y, { lineBreak: false })
  })
  doc.restore()
}

/**
 * Writes the footer, 'Page n of m' (counted within this certificate) and the record's stamps (draft,
 * rejected, superseded) across pages `first`..`last` of the buffer.
 */
export function footers(doc: Doc, model: CertificateModel, first: number, count: number) {
  doc.font(REGULAR).fontSize(8)
  const footer = footerLines(doc, model, width(doc) - 90)
  for (let i = 0; i < count; i++) {
    doc.switchToPage(first + i)
    const y = doc.page.height - MARGIN - 14
    if (model.stamps.length) watermark(doc, model.stamps)
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width(doc), y - 6)
      .strokeColor('#cccccc')
      .lineWidth(0.5)
      .stroke()
    doc.font(REGULAR).fontSize(8)
    const page = `Page ${i + 1} of ${count}`
    const lines = new TextLines(doc)
    for (const [n, line] of footer.entries()) lines.add(line, MARGIN, y + n * 10, '#555555')
    // Right-aligned in the last 90 points, as pdfkit's `align: 'right'` places it.
    lines.add(page, MARGIN + width(doc) - lineWidth(doc, page), y, '#555555').write()
  }
}

/**
 * The footer's lines in `w`: the record id, serial and audit summary always whole; the organisation's
 * name before them, shortened with '…' to what is left of the line (a 200-character name used to push
 * the record id and serial off the page). When the record's part alone is too long for one line (a long
 * serial and editor's name), the organisation and the record share the first line and the audit
 * summary takes a second, the two kept apart at ' · edited'.
 */
export function footerLines(doc: Doc, model: Pick<CertificateModel, 'organisation' | 'footer'>, w: number) {
  const rest = printable(model.footer)
  const [record, ...audit] = rest.split(' · edited ')
  const whole = lineWidth(doc, rest) + lineWidth(doc, ' · ') + MIN_NAME <= w
  const first = whole ? rest : record
  const second = whole ? [] : audit.length ? [shorten(doc, `edited ${audit.join(' · edited ')}`, w)] : []
  const room = w - lineWidth(doc, ` · ${first}`)
  const name = shorten(doc, printable(model.organisation).replace(/\s+/g, ' '), Math.max(room, MIN_NAME))
  return [shorten(doc, name ? `${name} · ${first}` : first, w), ...second]
}

/** The least room the organisation's name keeps in the footer before the audit summary wraps. */
const MIN_NAME = 60

/** A text cut with '…' to fit one line of `w` (measured with the document's current font). */
function shorten(doc: Doc, text: string, w: number): string {
  if (lineWidth(doc, text) <= w) return text
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (lineWidth(doc, `${text.slice(0, mid).trimEnd()}…`) <= w) lo = mid
    else hi = mid - 1
  }
  return `${text.slice(0, lo).trimEnd()}…`
}
