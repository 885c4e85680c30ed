import QRCode from 'qrcode'
import type { CertificateModel, Mark } from './certificate-model'
import { COLOURS, MARGIN, ensure, oneLine, printable, width, type Doc } from './certificate-cells'
import { TextLines, lineWidth } from './certificate-text'
import { BOLD, REGULAR } from './certificate-fonts'

/** Parts of every certificate besides its tables: the QR code, the closing block and the page footers. */

export const DRAFT = 'DRAFT — not approved'

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

/** The closing block: how the certificate was issued, who tested, and a line to sign. */
export function closing(doc: Doc, model: CertificateModel) {
  ensure(doc, 90)
  doc.moveDown(0.8)
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor('#444444')
    .text(printable(model.issued), MARGIN, doc.y, { width: width(doc) })
  doc.moveDown(1.2)
  const y = doc.y + 24
  const half = (width(doc) - 30) / 2
  doc.font(REGULAR).fontSize(9).fillColor('#111111')
  doc.text(printable(model.testedBy), MARGIN, y - 14, { width: half, lineBreak: false })
  for (const [x, label] of [
    [MARGIN, 'Tested by'],
    [MARGIN + half + 30, model.draft ? 'Approved by (not yet approved)' : 'Authorised signature'],
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

/** The overall verdict, framed in its colour under the header. */
export function verdict(doc: Doc, mark: Mark) {
  const y = doc.y
  const text = mark ? `Overall verdict: ${mark}` : 'Overall verdict: not judged'
  doc.rect(MARGIN, y, width(doc), 30).lineWidth(2).strokeColor(COLOURS[mark]).stroke()
  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor(COLOURS[mark])
    .text(text, MARGIN, y + 7, { width: width(doc), align: 'center' })
  doc.x = MARGIN
  doc.y = y + 40
}

/**
 * Writes the footer, 'Page n of m' (counted within this certificate) and, for a draft, the watermark on
 * pages `first`..`last` of the buffer.
 */
export function footers(doc: Doc, model: CertificateModel, first: number, count: number) {
  for (let i = 0; i < count; i++) {
    doc.switchToPage(first + i)
    const y = doc.page.height - MARGIN - 14
    if (model.draft) {
      doc.save()
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] })
      doc
        .font(BOLD)
        .fontSize(54)
        .fillColor('#b02a37')
        .fillOpacity(0.14)
        .text(DRAFT, 0, doc.page.height / 2 - 30, {
          width: doc.page.width,
          align: 'center',
          lineBreak: false,
        })
      doc.restore()
    }
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width(doc), y - 6)
      .strokeColor('#cccccc')
      .lineWidth(0.5)
      .stroke()
    doc.font(REGULAR).fontSize(8)
    const footer = printable(model.footer)
    const page = `Page ${i + 1} of ${count}`
    const lines = new TextLines(doc)
    // Written as plain lines when the footer fits (it nearly always does); cut with '…' by pdfkit if not.
    if (oneLine(doc, footer, width(doc) - 90)) lines.add(footer, MARGIN, y, '#555555')
    else
      doc.fillColor('#555555').text(footer, MARGIN, y, {
        width: width(doc) - 90,
        lineBreak: false,
        height: 12,
        ellipsis: true,
      })
    // Right-aligned in the last 90 points, as pdfkit's `align: 'right'` places it.
    lines.add(page, MARGIN + width(doc) - lineWidth(doc, page), y, '#555555').write()
  }
}
