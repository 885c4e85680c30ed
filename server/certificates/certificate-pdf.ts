import PDFDocument from 'pdfkit'
import type { CertificateModel, CertificateRow, Mark } from './certificate-model'
import type { Thumbnail } from './certificate-images'
import {
  COLOURS,
  MARGIN,
  cells,
  ensure,
  heading,
  placeImage,
  printable,
  width,
  type Doc,
  type Paper,
} from './certificate-cells'
import { BOLD, REGULAR, registerFonts } from './certificate-fonts'
import { attachments } from './certificate-attachments'
import { closing, footers, qrCode, verdict } from './certificate-parts'
import type { CertificateTable } from './certificate-table'
import { EQUIPMENT_HEAD } from './certificate-equipment'

export type { Paper } from './certificate-cells'

/** What every certificate carries besides its record: the organisation's name, address and logo. */
export interface CertificateTemplate {
  organisation: string
  address: string
  logo: Thumbnail | null
  paper: Paper
}

const COLUMNS = [0.38, 0.22, 0.26, 0.14]
const HEAD = ['Test / field', 'Value', 'Limits / criterion', 'Result']

/** A table whose rows never split across pages; the header row repeats on each new page. */
function table(
  doc: Doc,
  head: string[],
  rows: string[][],
  fractions: number[],
  colours?: (row: string[], index: number) => string[],
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
  for (const [i, row] of rows.entries()) {
    const r = cells(doc, row, row.length === 2 ? spanned : widths, { colour: colours?.(row, i) })
    if (ensure(doc, r.height)) header()
    r.draw(doc.y)
  }
  doc.moveDown(0.6)
}

/**
 * A measurement table: the row label column, then the columns sharing the rest of the width; a test
 * cell is coloured by its mark. Rows never split across pages and the captions repeat (see `table`).
 */
function measurementTable(doc: Doc, t: CertificateTable) {
  const label = t.rows.some((r) => r[0].length > 4) ? 0.16 : 0.07
  const rest = (1 - label) / (t.head.length - 1)
  const fractions = [label, ...t.head.slice(1).map(() => rest)]
  table(doc, t.head, t.rows, fractions, (_, i) => t.marks[i].map((m) => (m ? COLOURS[m] : '#111111')))
}

/** The letterhead: logo, organisation and address at the left, the QR code of the record at the right. */
async function letterhead(doc: Doc, model: CertificateModel, template: CertificateTemplate) {
  const top = doc.y
  const textWidth = width(doc) - 90
  // Only a full address is worth a QR code: a bare path scans as text (APP_URL unset).
  if (!model.url.startsWith('/')) qrCode(doc, model.url, MARGIN + width(doc) - 78, top, 78)
  let x = MARGIN
  if (template.logo && placeImage(doc, template.logo, MARGIN, top, 110, 44)) x = MARGIN + 120
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor('#111111')
    .text(printable(template.organisation), x, top, { width: textWidth - (x - MARGIN) })
  if (template.address)
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor('#555555')
      .text(printable(template.address), x, doc.y, { width: textWidth - (x - MARGIN) })
  doc.y = Math.max(doc.y, top + 46)
  doc
    .font(BOLD)
    .fontSize(17)
    .fillColor('#0b3d6e')
    .text(model.heading, MARGIN, doc.y + 4, { width: textWidth })
  doc.font(REGULAR).fontSize(11).fillColor('#111111').text(printable(model.title), { width: textWidth })
  // The record's state (draft, rejected, superseded) under the title, as well as across every page.
  for (const stamp of model.stamps)
    doc.font(BOLD).fontSize(11).fillColor(COLOURS.FAIL).text(stamp, { width: textWidth })
  // A rejected record says who rejected it, when and why, under its stamp.
  for (const note of model.stampNotes)
    doc.font(REGULAR).fontSize(9).fillColor(COLOURS.FAIL).text(printable(note), { width: textWidth })
  doc.y = Math.max(doc.y, top + 84)
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(MARGIN + width(doc), doc.y + 4)
    .strokeColor('#0b3d6e')
    .lineWidth(1.2)
    .stroke()
  doc.y += 10
}

async function header(doc: Doc, model: CertificateModel, template: CertificateTemplate) {
  await letterhead(doc, model, template)
  // Label/value pairs two to a line, as a certificate's header block reads.
  const widths = [0.17, 0.33, 0.17, 0.33].map((f) => f * width(doc))
  const grey = ['#555555', '#111111', '#555555', '#111111']
  for (let i = 0; i < model.header.length; i += 2) {
    const [a, b] = [model.header[i], model.header[i + 1] ?? ['', '']]
    cells(doc, [a[0], a[1], b[0], b[1]], widths, { colour: grey }).draw(doc.y)
  }
  doc.x = MARGIN
  doc.moveDown(0.6)
  // A record without tests (a despatch) has nothing to judge: no verdict box. A calibration's box says
  // its outcome as found and as left.
  if (model.verdict || model.judged) verdict(doc, model.verdict, model.verdictLine)
}

const rowTexts = (r: CertificateRow) =>
  r.criterion === undefined && r.mark === undefined
    ? [r.label, r.value]
    : [r.label, r.value, r.criterion ?? '', r.mark ?? '']

/**
 * One certificate drawn into `doc` from a new page on, its footers written on its own pages. Used for a
 * single file and for a merged batch alike, so both read the same.
 */
export async function drawCertificate(doc: Doc, model: CertificateModel, template: CertificateTemplate) {
  doc.addPage()
  const first = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1
  await header(doc, model, template)
  for (const section of model.sections) {
    heading(doc, section.title, section.mark)
    for (const note of section.notes)
      doc.font(REGULAR).fontSize(9).fillColor('#444444').text(printable(note)).moveDown(0.2)
    if (section.table) measurementTable(doc, section.table)
    const rows = section.rows.map(rowTexts)
    // A section of fields only (no tests) reads as Field / Value, without empty result columns.
    if (rows.length && rows.every((r) => r.length === 2))
      table(doc, ['Field', 'Value'], rows, [COLUMNS[0], 1 - COLUMNS[0]])
    else if (rows.length)
      table(doc, HEAD, rows, COLUMNS, (row) => ['#111111', '#111111', '#111111', COLOURS[row[3] as Mark]])
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
    table(doc, EQUIPMENT_HEAD, model.equipment, [0.12, 0.19, 0.15, 0.15, 0.12, 0.12, 0.15])
  }
  attachments(doc, model)
  closing(doc, model)
  const range = doc.bufferedPageRange()
  footers(doc, model, first, range.start + range.count - first)
}

/** A PDF document as the certificates write it (buffered pages, so footers can count them). */
export function certificateDocument(title: string, subject: string, paper: Paper): Doc {
  const doc = new PDFDocument({
    size: paper,
    autoFirstPage: false,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: title, Subject: subject, Creator: 'ITR Studio' },
    // No default font: pdfkit would parse Helvetica's metrics for every document, and DejaVu is set next.
    font: '',
  })
  registerFonts(doc)
  return doc
}

/** Collects a document's output into one Buffer. */
export function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
}

/** The certificate as a PDF file (real, selectable text; see docs/decisions.md "Test certificates"). */
export async function certificatePdf(
  model: CertificateModel,
  template: CertificateTemplate,
): Promise<Buffer> {
  const doc = certificateDocument(`${model.heading} ${model.number}`, model.title, template.paper)
  const done = collect(doc)
  await drawCertificate(doc, model, template)
  doc.end()
  return done
}
