import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { walkControls } from '../../schemas/form-layout/index'
import type { RecordsFilter } from '../../schemas/records/index'
import type { Db } from '../db/client'
import { records } from '../db/schema/index'
import { RecordDefinitions } from '../repositories/record-definitions'
import {
  recordConditions,
  recordListSelect,
  toListItem,
  type RecordViewer,
} from '../repositories/records-query'
import { toCell, type Cell } from './cells'

/** Rows fetched per query while streaming. */
const BATCH = 2000
const RESULT_TEXT: Record<string, string> = { pass: 'pass', fail: 'fail', '-': 'n/a' }

/** A data column: a layout variable, or a test field's result beside its value. */
interface DataColumn {
  header: string
  read: (data: Record<string, unknown>) => unknown
}

/** The 1-based column of the record date, the one fixed column with a number format. */
const DATE_COLUMN = 8

const FIXED_COLUMNS = [
  { header: 'Record ID', width: 10 },
  { header: 'Serial Number', width: 20 },
  { header: 'Product Type', width: 24 },
  { header: 'Record Type', width: 24 },
  { header: 'Category', width: 14 },
  { header: 'Supplier', width: 24 },
  { header: 'Result', width: 8 },
  { header: 'Date', width: 18, numFmt: 'dd/mm/yyyy hh:mm' },
  { header: 'Job No.', width: 14 },
  { header: 'Customer', width: 24 },
  { header: 'Batch Number', width: 14 },
  { header: 'Fault Item', width: 24 },
  { header: 'Repair Item', width: 24 },
  { header: 'Fault Descriptive', width: 24 },
  { header: 'Repair Descriptive', width: 24 },
]

/** One column per layout variable of the record types in the export (test fields get a result column too). */
async function dataColumns(db: Db, where: ReturnType<typeof recordConditions>): Promise<DataColumn[]> {
  const typeIds = await db.selectDistinct({ id: records.recordTypeId }).from(records).where(where)
  const definitions = new RecordDefinitions(db)
  const columns: DataColumn[] = []
  const seen = new Set<string>()
  const add = (header: string, read: DataColumn['read']) => {
    if (seen.has(header)) return
    seen.add(header)
    columns.push({ header, read })
  }
  for (const { id } of typeIds.sort((a, b) => a.id - b.id)) {
    const definition = await definitions.get(id)
    if (definition.layout) {
      for (const { control } of walkControls(definition.layout.controls)) {
        if (!('variable' in control) || !control.variable) continue
        const variable = control.variable
        if (control.type === 'testField') {
          add(variable, (d) => (d[variable] as { value?: unknown } | null)?.value ?? null)
          add(`${variable} result`, (d) => {
            const r = (d[variable] as { passOrFail?: string } | null)?.passOrFail
            return r === '-' ? 'n/a' : (r ?? null)
          })
        } else add(variable, (d) => d[variable])
      }
    } else {
      // File captures have no layout: their CSV columns are the data keys.
      const [sample] = await db
        .select({ data: records.data })
        .from(records)
        .where(and(where, eq(records.recordTypeId, id)))
        .limit(1)
      for (const key of Object.keys(sample?.data ?? {})) add(key, (d) => d[key])
    }
  }
  return columns
}

/**
 * Streams the records a viewer may see under `filter` into an .xlsx (exceljs WorkbookWriter: rows are
 * committed as they are written, and records are read in keyset batches, so memory stays flat). Header
 * row frozen and filterable. Answers the file and how many records it holds.
 */
export async function buildRecordsWorkbook(
  db: Db,
  filter: RecordsFilter,
  viewer: RecordViewer,
): Promise<{ content: Buffer; rows: number }> {
  const where = recordConditions(filter, viewer)
  const extra = await dataColumns(db, where)
  const stream = new PassThrough()
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve)
    stream.on('error', reject)
  })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet('Records', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = [
    ...FIXED_COLUMNS.map((c) => ({
      header: c.header,
      width: c.width,
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    })),
    ...extra.map((c) => ({ header: c.header, width: Math.min(40, Math.max(12, c.header.length + 2)) })),
  ]
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: FIXED_COLUMNS.length + extra.length },
  }
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()

  // exceljs gives every cell a fresh style object and caches style ids by object identity, so every cell
  // paid for serialising and looking up its style (most of the export's time at 100,000 rows). Cells of
  // the same (empty) style and value type now share one object — the value type picks exceljs' default
  // number format — and the date column shares its own: the same style ids, the same file.
  const dateColumnStyle: Partial<ExcelJS.Style> = { numFmt: FIXED_COLUMNS[DATE_COLUMN - 1].numFmt }
  const byType = new Map<number, Partial<ExcelJS.Style>>()
  const sharedStyle = (type: number) => {
    let style = byType.get(type)
    if (!style) byType.set(type, (style = {}))
    return style
  }
  let rows = 0
  let after: { date: string; id: number } | undefined
  for (;;) {
    const batch = await recordListSelect(db)
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
    const data = await db
      .select({ id: records.id, data: records.data, at: sql<string>`${records.recordDate}::text` })
      .from(records)
      .where(
        inArray(
          records.id,
          batch.map((r) => r.recordId),
        ),
      )
    const dataById = new Map(data.map((d) => [d.id, d.data]))
    for (const row of batch) {
      const item = toListItem(row)
      const values: Cell[] = [
        item.recordId,
        toCell(item.productSerialNumber),
        toCell(item.productTypeName),
        toCell(item.recordTypeName),
        item.category ?? null,
        toCell(item.supplierName),
        RESULT_TEXT[item.testResult] ?? null,
        row.recordDate,
        toCell(item.jobNumber),
        toCell(item.customerName),
        toCell(item.batchNumber),
        toCell(item.faultItems),
        toCell(item.repairItems),
        toCell(item.faultDescriptives),
        toCell(item.repairDescriptives),
        ...extra.map((c) => toCell(c.read(dataById.get(row.recordId) ?? {}))),
      ]
      const added = sheet.addRow(values)
      added.eachCell({ includeEmpty: true }, (cell, column) => {
        cell.style = column === DATE_COLUMN ? dateColumnStyle : sharedStyle(cell.type)
      })
      added.commit()
      rows++
    }
    // The cursor keeps the database's own timestamp text: a JS Date drops microseconds, and a record
    // stored with them would fall outside `< cursor` and be skipped (or repeated).
    const last = batch[batch.length - 1]
    after = { date: data.find((d) => d.id === last.recordId)!.at, id: last.recordId }
    if (batch.length < BATCH) break
  }
  sheet.commit()
  await workbook.commit()
  await done
  return { content: Buffer.concat(chunks), rows }
}
