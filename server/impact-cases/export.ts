import { asc, eq } from 'drizzle-orm'
import {
  DISPOSITION_LABELS,
  resultLabel,
  type ImpactCase,
  type SuspectRecord,
} from '../../schemas/records/index'
import type { Db } from '../db/client'
import { impactCaseRecords, records } from '../db/schema/index'
import type { Cell } from '../records/export/cells'
import {
  cellXml,
  columnLetters,
  sheetHead,
  sheetTail,
  STYLE,
  workbookParts,
  type SheetColumn,
} from '../records/export/sheet-xml'
import { ZipWriter } from '../records/export/zip-writer'
import { ImpactCasesRepository } from './cases'

/** Rows read per query while writing the sheet. */
const BATCH = 2000

const COLUMNS: SheetColumn[] = [
  { header: 'Case', width: 8 },
  { header: 'Case Status', width: 12 },
  { header: 'Test Equipment', width: 18 },
  { header: 'Failing Calibration Record', width: 14 },
  { header: 'Failing Calibration Date', width: 18, dateTime: true },
  { header: 'Window From', width: 18, dateTime: true },
  { header: 'Window To', width: 18, dateTime: true },
  { header: 'Record ID', width: 10 },
  { header: 'Serial Number', width: 20 },
  { header: 'Product Type', width: 24 },
  { header: 'Record Type', width: 24 },
  { header: 'Supplier', width: 24 },
  { header: 'Record Date', width: 18, dateTime: true },
  { header: 'Result', width: 8 },
  { header: 'Disposition', width: 12 },
  { header: 'Reason', width: 40 },
  { header: 'Decided By', width: 16 },
  { header: 'Decided At', width: 18, dateTime: true },
  { header: 'Retest Cleared By Record', width: 14 },
]

const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null)
/** Text as text (a serial of digits stays text); the sheet writer quotes formula-like text (cellXml). */
const text = (v: string | null | undefined): Cell => v || null

/** One sheet row: the case's columns, then the record's and its disposition's. */
function rowCells(c: ImpactCase, r: SuspectRecord): Cell[] {
  return [
    c.id,
    c.status === 'open' ? 'Open' : 'Closed',
    text(c.testEquipmentSerial),
    c.calibrationRecordId ?? null,
    dateOf(c.calibrationDate),
    dateOf(c.windowStart),
    dateOf(c.windowEnd),
    r.recordId,
    text(r.productSerialNumber),
    text(r.productTypeName),
    text(r.recordTypeName),
    text(r.supplierName),
    dateOf(r.recordDate),
    resultLabel(r.testResult),
    DISPOSITION_LABELS[r.state],
    text(r.reason),
    text(r.decidedByName),
    dateOf(r.decidedAt),
    r.retestClearedBy ?? null,
  ]
}

/**
 * An impact case as an .xlsx workbook for auditors (issue #15.3): one row per suspect record, oldest
 * first, with the device, the failing calibration and the window on each row, and the disposition with
 * its reason, who and when. Written with the records export's sheet writer (the same neutralised text
 * cells, dates as date cells, a frozen bold header with an autofilter), streamed in batches.
 */
export async function buildCaseWorkbook(
  db: Db,
  caseId: number,
): Promise<{ content: Buffer; filename: string }> {
  const repository = new ImpactCasesRepository(db)
  const found = await repository.get(caseId)
  const zip = new ZipWriter()
  for (const [name, content] of Object.entries(workbookParts(`Impact case ${caseId}`, COLUMNS.length)))
    zip.addFile(name, content)
  const sheet = zip.openFile('xl/worksheets/sheet1.xml')
  await sheet.write(sheetHead(COLUMNS))
  let line = 1
  for (let offset = 0; ; offset += BATCH) {
    const rows = await repository.recordRows(
      eq(impactCaseRecords.caseId, caseId),
      [asc(records.recordDate), asc(records.id)],
      BATCH,
      offset,
    )
    let text = ''
    for (const r of rows) {
      line++
      const cells = rowCells(found, r)
        .map((v, i) => cellXml(`${columnLetters(i + 1)}${line}`, v, STYLE.dateTime))
        .join('')
      text += `<row r="${line}">${cells}</row>`
    }
    await sheet.write(text)
    if (rows.length < BATCH) break
  }
  await sheet.write(sheetTail(COLUMNS.length))
  await sheet.end()
  return { content: await zip.finish(), filename: `impact-case-${caseId}.xlsx` }
}
