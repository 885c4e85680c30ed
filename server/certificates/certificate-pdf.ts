import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import type { CertificateModel, CertificateRow, Mark } from './certificate-model'
import {
  BOLD,
  COLOURS,
  MARGIN,
  REGULAR,
  cells,
  ensure,
  printable,
  width,
  type Doc,
  type Paper,
} from './certificate-cells'

export type { Paper } from './certificate-cells'

const COLUMNS = [0.38, 0.22, 0.26, 0.14]
const HEAD = ['Test / field', 'Value', 'Limits / criterion', 'Result']

/** A table whose rows never split across pages; the header row repeats on each new page. */
function table(
  doc: Doc,
  head: string[],
  rows: string[][],
  fractions: number[],
  colours?: (row: string[]) => string[],
) {
  const widths = fractions.map((f) => f * width(doc))
  const header = () => {
    const h = cells(doc, head, widths, { bold: true })
    ensure(doc, h.height + 20)
    doc.rect(MARGIN, doc.y, width(doc), h.height).fill('#eef1f5')
    h.draw(doc.y)
  }
  header()
  // A field without a criterion or result (text, a date) takes the whole width after its label.
  const spanned = [widths[0], width(doc) - widths[0]]
  for (const row of rows) {
    const r = cells(doc, row, row.length === 2 ? spanned : widths, { colour: colours?.(row) })
    if (ensure(doc, r.height)) header()
    r.draw(doc.y)
  }
  doc.moveDown(0.6)
}

function heading(doc: Doc, text: string, mark?: Mark) {
  ensure(doc, 60)
  doc.moveDown(0.4)
  const y = doc.y
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor('#0b3d6e')
    .text(printable(text), MARGIN, y, { width: width(doc) - 80 })
  if (mark)
    doc.fillColor(COLOURS[mark]).text(mark, MARGIN + width(doc) - 80, y, { width: 80, align: 'right' })
  doc.x = MARGIN
  doc.moveDown(0.3)
}

async function header(doc: Doc, model: CertificateModel, organisation: string) {
  const qr = await QRCode.toBuffer(model.url, { margin: 1, width: 200 })
  const top = doc.y
  doc.image(qr, MARGIN + width(doc) - 78, top, { width: 78 })
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor('#555555')
    .text(printable(organisation), MARGIN, top, { width: width(doc) - 90 })
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor('#111111')
    .text('Test certificate', { width: width(doc) - 90 })
  doc
    .font(REGULAR)
    .fontSize(11)
    .text(printable(model.title), { width: width(doc) - 90 })
  doc.y = Math.max(doc.y, top + 82)
  doc.moveDown(0.4)
  // Label/value pairs two to a line, as a certificate's header block reads.
  const widths = [0.17, 0.33, 0.17, 0.33].map((f) => f * width(doc))
  const grey = ['#555555', '#111111', '#555555', '#111111']
  for (let i = 0; i < model.header.length; i += 2) {
    const [a, b] = [model.header[i], model.header[i + 1] ?? ['', '']]
    cells(doc, [a[0], a[1], b[0], b[1]], widths, { colour: grey }).draw(doc.y)
  }
  doc.x = MARGIN
  doc.moveDown(0.6)
  verdict(doc, model.verdict)
}

function verdict(doc: Doc, mark: Mark) {
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

const rowTexts = (r: CertificateRow) =>
  r.criterion === undefined && r.mark === undefined
    ? [r.label, r.value]
    : [r.label, r.value, r.criterion ?? '', r.mark ?? '']

/** Writes page numbers and the footer on every page once the document is complete. */
function footers(doc: Doc, text: string) {
  const range = doc.bufferedPageRange()
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i)
    const y = doc.page.height - MARGIN - 14
    doc.font(REGULAR).fontSize(8).fillColor('#555555')
    doc.text(printable(text), MARGIN, y, {
      width: width(doc) - 90,
      lineBreak: false,
      height: 12,
      ellipsis: true,
    })
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN + width(doc) - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    })
  }
}

/** The certificate as a PDF file (real, selectable text; see docs/decisions.md "Test certificates"). */
export async function certificatePdf(
  model: CertificateModel,
  organisation: string,
  paper: Paper = 'A4',
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: paper,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `Test certificate ${model.number}`, Subject: model.title, Creator: 'ITR Studio' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  await header(doc, model, organisation)
  for (const section of model.sections) {
    heading(doc, section.title, section.mark)
    for (const note of section.notes)
      doc.font(REGULAR).fontSize(9).fillColor('#444444').text(printable(note)).moveDown(0.2)
    if (section.rows.length)
      table(doc, HEAD, section.rows.map(rowTexts), COLUMNS, (row) => [
        '#111111',
        '#111111',
        '#111111',
        COLOURS[row[3] as Mark],
      ])
  }
  if (model.parameters.length) {
    heading(doc, 'Test parameters of the product type')
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor('#111111')
      .text(printable(model.parameters.join(' · ')))
      .moveDown(0.4)
  }
  if (model.equipment.length) {
    heading(doc, 'Test equipment used')
    table(
      doc,
      ['Serial', 'Description', 'Owner', 'Calibrated', 'Expires', 'Status at use'],
      model.equipment,
      [0.17, 0.23, 0.18, 0.13, 0.13, 0.16],
    )
  }
  if (model.files.length) {
    heading(doc, 'Attached files')
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor('#111111')
      .text(printable(model.files.join(', ')))
  }
  footers(doc, model.footer)
  doc.end()
  return done
}
