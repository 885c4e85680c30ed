import type { CertificateModel } from './certificate-model'
import { MARGIN, ensure, heading, placeImage, printable, width, type Doc } from './certificate-cells'
import { REGULAR } from './certificate-fonts'

/** Thumbnails per line and the height of a thumbnail's box, in points. */
const PER_ROW = 3
const THUMB_HEIGHT = 130
const GAP = 10
const CAPTION = 14

/**
 * 'Attached files': uploaded images as thumbnails, three to a line, each in a framed box with its file
 * name under it (a line of thumbnails never splits across pages); then every other file by name. An
 * image pdfkit still refuses is named with the others, so a damaged upload never breaks the certificate.
 */
export function attachments(doc: Doc, model: CertificateModel) {
  if (!model.images.length && !model.files.length) return
  heading(doc, 'Attached files')
  const names = [...model.files]
  const boxWidth = (width(doc) - GAP * (PER_ROW - 1)) / PER_ROW
  for (let i = 0; i < model.images.length; i += PER_ROW) {
    ensure(doc, THUMB_HEIGHT + CAPTION + GAP)
    const top = doc.y
    model.images.slice(i, i + PER_ROW).forEach((item, column) => {
      const x = MARGIN + column * (boxWidth + GAP)
      doc.rect(x, top, boxWidth, THUMB_HEIGHT).lineWidth(0.5).strokeColor('#cccccc').stroke()
      if (!placeImage(doc, item.image, x + 4, top + 4, boxWidth - 8, THUMB_HEIGHT - 8))
        names.push(`${item.name} (image not shown: not a readable image)`)
      doc
        .font(REGULAR)
        .fontSize(8)
        .fillColor('#444444')
        .text(printable(item.name), x, top + THUMB_HEIGHT + 3, {
          width: boxWidth,
          align: 'center',
          lineBreak: false,
          height: 10,
          ellipsis: true,
        })
    })
    doc.x = MARGIN
    doc.y = top + THUMB_HEIGHT + CAPTION + GAP
  }
  if (names.length) {
    if (model.images.length)
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor('#555555')
        .text('Other files:', MARGIN, doc.y, { width: width(doc) })
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor('#111111')
      .text(printable(names.join(', ')), MARGIN, doc.y, { width: width(doc) })
  }
}
