import type { RecordListItem } from '../../../../schemas/records'
import { formatUtc } from '../../../components/date-format'
import { CATEGORY_LABELS, resultLabel } from '../records-model'

/** The in-browser workbook's columns: every field of SPEC §3 "Record list item" a reader needs. */
export const WORKBOOK_COLUMNS: {
  header: string
  value: (r: RecordListItem) => string | number
  width: number
}[] = [
  { header: 'Record ID', value: (r) => r.recordId, width: 10 },
  { header: 'Serial', value: (r) => r.productSerialNumber, width: 18 },
  { header: 'Product Type', value: (r) => r.productTypeName ?? '', width: 22 },
  { header: 'Record Type', value: (r) => r.recordTypeName, width: 22 },
  { header: 'Category', value: (r) => (r.category ? CATEGORY_LABELS[r.category] : ''), width: 14 },
  { header: 'Result', value: (r) => resultLabel(r.testResult), width: 8 },
  { header: 'Supplier', value: (r) => r.supplierName ?? '', width: 22 },
  { header: 'Job No.', value: (r) => r.jobNumber ?? '', width: 12 },
  { header: 'Batch No.', value: (r) => r.batchNumber ?? '', width: 12 },
  { header: 'Customer', value: (r) => r.customerName ?? '', width: 20 },
  { header: 'Fault Item', value: (r) => r.faultItems ?? '', width: 20 },
  { header: 'Repair Item', value: (r) => r.repairItems ?? '', width: 20 },
  { header: 'Fault Descriptive', value: (r) => r.faultDescriptives ?? '', width: 20 },
  { header: 'Repair Descriptive', value: (r) => r.repairDescriptives ?? '', width: 20 },
  { header: 'Date (UTC)', value: (r) => formatUtc(r.recordDate), width: 17 },
]

// Text that a spreadsheet could run as a formula when retyped or exported to CSV (DESIGN.md §5).
const neutralise = (v: string | number) => (typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : v)

/**
 * An .xlsx of the given records, built in the browser with exceljs. exceljs is imported here on demand,
 * so it lives in its own chunk and never weighs on the first load.
 */
export async function buildWorkbook(rows: readonly RecordListItem[]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  book.created = new Date()
  const sheet = book.addWorksheet('Records', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = WORKBOOK_COLUMNS.map((c) => ({ header: c.header, width: c.width }))
  sheet.getRow(1).font = { bold: true }
  for (const r of rows) sheet.addRow(WORKBOOK_COLUMNS.map((c) => neutralise(c.value(r))))
  const buffer = await book.xlsx.writeBuffer()
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
}
