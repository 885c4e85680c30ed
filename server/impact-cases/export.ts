import { asc, eq, sql } from 'drizzle-orm'
import {
  DISPOSITION_LABELS,
  IMPACT_CASE_KIND_LABELS,
  IMPACT_CASE_STATUS_LABELS,
  resultLabel,
  startOfUtcDay,
  type ImpactCase,
  type SuspectRecord,
} from '../../schemas/records/index'
import type { Db } from '../db/client'
import { calibrationHistory, impactCaseRecords, records } from '../db/schema/index'
import { Day, type Cell } from '../records/export/cells'
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
import { rowsOf } from '../submissions/write/sql-batch'
import { ImpactCasesRepository } from './cases'

/** Rows read per query while writing the sheet. */
const BATCH = 2000

const COLUMNS: SheetColumn[] = [
  { header: 'Case', width: 8 },
  { header: 'Case Status', width: 12 },
  { header: 'Opened Because', width: 30 },
  { header: 'Test Equipment', width: 18 },
  { header: 'Test Equipment Description', width: 28 },
  { header: 'Failing Calibration Record', width: 14 },
  { header: 'Failing Calibration Date', width: 14 },
  { header: 'Window From', width: 14 },
  { header: 'Window To', width: 14 },
  { header: 'Lapsed Calibration Record', width: 14 },
  { header: 'Lapsed Calibration Date', width: 14 },
  { header: 'Lapsed Calibration Expiry', width: 14 },
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
  { header: 'Cleared By Record', width: 14 },
]

const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null)
/** A calendar day (dd/mm/yyyy), as the case page shows calibrations, windows and expiries. */
const dayOf = (at: string | Date | null | undefined) => (at ? new Day(startOfUtcDay(new Date(at))) : null)
/** Text as text (a serial of digits stays text); the sheet writer quotes formula-like text (cellXml). */
const text = (v: string | null | undefined): Cell => v || null

/** The calibration a record of a lapsed case was made under: the one in force at its day, which had expired. */
interface LapsedCalibration {
  record_id: number
  calibration_id: number | null
  calibration_date: string | Date | null
  expires: string | Date | null
}

/**
 * For the records of a lapsed case, the device's calibration in force at each one's day — its latest
 * calibrated on or before that day, as the usage list and the opening of the case read it (usage.ts) —
 * whose expiry the record came on or after.
 */
async function lapsedCalibrations(
  db: Db,
  deviceId: number,
  recordIds: readonly number[],
): Promise<Map<number, LapsedCalibration>> {
  if (recordIds.length === 0) return new Map()
  const rows = rowsOf<LapsedCalibration>(
    await db.execute(sql`SELECT r.id AS record_id, cal.record_id AS calibration_id,
        cal.calibration_date, cal.expires
      FROM ${records} r
      LEFT JOIN LATERAL (
        SELECT h.record_id, h.calibration_date, h.expires FROM ${calibrationHistory} h
        WHERE h.test_equipment_id = ${deviceId}::int
          AND h.calibration_date < date_trunc('day', r.record_date, 'UTC') + interval '1 day'
        ORDER BY h.calibration_date DESC, h.record_id DESC LIMIT 1
      ) cal ON true
      WHERE r.id IN (${sql.join(
        recordIds.map((id) => sql`${id}::int`),
        sql`, `,
      )})`),
  )
  return new Map(rows.map((r) => [Number(r.record_id), r]))
}

/** One sheet row: the case's columns, then the record's and its disposition's. */
function rowCells(c: ImpactCase, r: SuspectRecord, lapsed: LapsedCalibration | undefined): Cell[] {
  return [
    c.id,
    IMPACT_CASE_STATUS_LABELS[c.status],
    IMPACT_CASE_KIND_LABELS[c.kind],
    text(c.testEquipmentSerial),
    text(c.testEquipmentDescription),
    c.calibrationRecordId ?? null,
    dayOf(c.calibrationDate),
    dayOf(c.windowStart),
    dayOf(c.windowEnd),
    lapsed?.calibration_id ?? null,
    dayOf(lapsed?.calibration_date),
    dayOf(lapsed?.expires),
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
 * first, with what opened the case in words (as its page says it), the device, and the calibration behind
 * it on each row — the failing one and the window, or for a lapsed case the expired calibration the record
 * was made under and its expiry day — then the record and its disposition with its reason, who and when. Written with the records export's sheet writer (the same neutralised text
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
    const lapsed =
      found.kind === 'lapsed'
        ? await lapsedCalibrations(
            db,
            found.testEquipmentId,
            rows.map((r) => r.recordId),
          )
        : undefined
    let text = ''
    for (const r of rows) {
      line++
      const cells = rowCells(found, r, lapsed?.get(r.recordId))
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
