import { and, desc, sql } from 'drizzle-orm'
import {
  CATEGORY_NAMES,
  RECORD_MESSAGES,
  resultLabel,
  REVIEW_STATE_LABELS,
  SUSPECT_BADGES,
  type RecordsFilter,
  type ReviewState,
} from '../../../schemas/records/index'
import { badRequest } from '../../http-error'
import type { Db } from '../../db/client'
import { records } from '../../db/schema/index'
import type { Viewer } from '../../access/viewer'
import { recordConditions } from '../records-filter'
import { recordExportSelect } from '../records-query'
import { toCell, type Cell } from './cells'
import {
  cellXml,
  columnLetters,
  sheetHead,
  sheetTail,
  STYLE,
  workbookParts,
  type SheetColumn,
} from './sheet-xml'
import { ZipWriter } from './zip-writer'
import { dataColumns } from './data-columns'
import { suspectStates } from './column-sources'

/** The media type of the workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The most columns an Excel sheet holds (XFD): a wider workbook does not open. */
const EXCEL_COLUMNS_MAX = 16_384

/** Rows fetched per query while streaming. */
const BATCH = 2000

/** The 1-based column of the record date, the one fixed column shown as a date-time. */
const DATE_COLUMN = 10

const FIXED_COLUMNS = [
  { header: 'Record ID', width: 10 },
  { header: 'Serial Number', width: 20 },
  { header: 'Product Type', width: 24 },
  { header: 'Record Type', width: 24 },
  { header: 'Category', width: 14 },
  { header: 'Supplier', width: 24 },
  { header: 'Result', width: 8 },
  { header: 'Status', width: 14 },
  { header: 'Suspect', width: 18 },
  { header: 'Date', width: 18 },
  { header: 'Job No.', width: 14 },
  { header: 'Customer', width: 24 },
  { header: 'Batch Number', width: 14 },
  { header: 'Fault Item', width: 24 },
  { header: 'Repair Item', width: 24 },
  { header: 'Fault Descriptive', width: 24 },
  { header: 'Repair Descriptive', width: 24 },
]

/**
 * The records page's Status column as text (issue #19, src/pages/records/review-status.tsx): the review
 * state's label, and 'Superseded' beside it when a newer record of its chain exists.
 */
function statusText(state: string | null, supersededById: number | null): string {
  const label = REVIEW_STATE_LABELS[(state ?? 'none') as ReviewState] ?? state
  return supersededById == null ? label : `${label} · Superseded`
}

/**
 * Streams the records a viewer may see under `filter` into an .xlsx: records are read in keyset batches
 * and each batch's rows are written as sheet XML straight into the deflate stream of the archive
 * (sheet-xml.ts, zip-writer.ts), so memory stays flat whatever the row count. Header row frozen, bold
 * and filterable; numbers and dates stay numbers and dates. The fixed columns show what the records page
 * shows, its review Status and suspect badge included (their states read once per export, not per row).
 * Answers the file and how many records it holds.
 */
export async function buildRecordsWorkbook(
  db: Db,
  filter: RecordsFilter,
  viewer: Viewer,
): Promise<{ content: Buffer; rows: number }> {
  const where = recordConditions(filter, viewer)
  const extra = await dataColumns(db, { filter, where })
  if (FIXED_COLUMNS.length + extra.headers.length > EXCEL_COLUMNS_MAX)
    throw badRequest(
      RECORD_MESSAGES.exportTooWide(FIXED_COLUMNS.length + extra.headers.length, EXCEL_COLUMNS_MAX),
    )
  const suspects = await suspectStates(db, { filter, where })
  const columns: SheetColumn[] = [
    ...FIXED_COLUMNS.map((c, i) => ({ header: c.header, width: c.width, dateTime: i + 1 === DATE_COLUMN })),
    ...extra.headers.map((header) => ({ header, width: Math.min(40, Math.max(12, header.length + 2)) })),
  ]
  const letters = columns.map((_, i) => columnLetters(i + 1))
  const zip = new ZipWriter()
  for (const [name, content] of Object.entries(workbookParts('Records', columns.length)))
    zip.addFile(name, content)
  const sheet = zip.openFile('xl/worksheets/sheet1.xml')
  await sheet.write(sheetHead(columns))

  let rows = 0
  let after: { date: string; id: number } | undefined
  for (;;) {
    // One query a batch, its data included: a second query by id (2,000 bound ids) cost more than the rows.
    const batch = await recordExportSelect(db)
      .where(
        and(
          where,
          after
            ? sql`(${records.recordDate}, ${records.id}) < (${after.date}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(records.recordDate), desc(records.id))
      .limit(BATCH)
    if (batch.length === 0) break
    let xml = ''
    for (const row of batch) {
      const record = (row.data ?? {}) as Record<string, unknown>
      const suspect = suspects.get(row.recordId)
      const values: Cell[] = [
        row.recordId,
        toCell(row.productSerialNumber),
        toCell(row.productTypeName),
        toCell(row.recordTypeName),
        (CATEGORY_NAMES as Record<string, string>)[row.category ?? ''] ?? null,
        toCell(row.supplierName),
        resultLabel(row.testResult),
        statusText(row.reviewState, row.supersededById),
        // Issue #15.3: the records page's badge of a suspect record; empty when it is in no impact case.
        suspect ? SUSPECT_BADGES[suspect] : null,
        row.recordDate,
        toCell(row.jobNumber),
        toCell(row.customerName),
        toCell(row.batchNumber),
        toCell(row.faultItems),
        toCell(row.repairItems),
        toCell(row.faultDescriptives),
        toCell(row.repairDescriptives),
        ...extra.cells(row.recordTypeId, row.layoutVersion, record),
      ]
      rows++
      const r = rows + 1
      xml += `<row r="${r}">`
      for (let i = 0; i < values.length; i++) {
        const value = values[i]
        // Most data columns of a row are empty: skip them before building their address (garbage
        // collection was a fifth of the export's time).
        if (value === null || value === '') continue
        // A date-time is shown dd/mm/yyyy hh:mm in every column, a day (a datepicker's date) dd/mm/yyyy.
        xml += cellXml(`${letters[i]}${r}`, value, STYLE.dateTime)
      }
      xml += '</row>'
    }
    await sheet.write(xml)
    // The cursor keeps the database's own timestamp text: a JS Date drops microseconds, and a record
    // stored with them would fall outside `< cursor` and be skipped (or repeated).
    const last = batch[batch.length - 1]
    after = { date: last.recordDateText, id: last.recordId }
    if (batch.length < BATCH) break
  }
  await sheet.write(sheetTail(columns.length))
  await sheet.end()
  return { content: await zip.finish(), rows }
}
