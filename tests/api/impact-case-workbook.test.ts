import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { startTestServer, type TestServer } from '../support/api'
import { caseFixtures, type CaseFixtures } from './impact-case-fixtures'

/** The case's workbook as a reader sees it: each row's cells by header, dates as dd/mm/yyyy like the page. */
async function workbookRows(server: TestServer, caseId: number): Promise<Record<string, unknown>[]> {
  const res = await server.call('itr', 'GET', `/api/ImpactCases/${caseId}/export.xlsx`, {
    as: 'configurator',
  })
  expect(res.statusCode, res.body).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const sheet = book.worksheets[0]
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[]
  const rows: Record<string, unknown>[] = []
  sheet.eachRow((row, n) => {
    if (n === 1) return
    rows.push(
      Object.fromEntries(
        header.map((name, i) => {
          const cell = row.getCell(i + 1)
          // A date cell as its number format and its value: a day is the day's midnight (UTC).
          const shown =
            cell.value instanceof Date
              ? `${cell.numFmt}: ${cell.value.toISOString().slice(0, 16)}`
              : (cell.value ?? null)
          return [name, shown]
        }),
      ),
    )
  })
  return rows
}

/**
 * A case's workbook says what the case is as its page does (products walk, s12): what opened it in words,
 * the device with its description, and the calibration behind it — for a lapsed case, the expired
 * calibration each record was made under and the day it expired — with days as days.
 */
describe('the impact case workbook says what the case is', () => {
  let server: TestServer
  let c: CaseFixtures
  beforeAll(async () => {
    server = await startTestServer()
    c = await caseFixtures(server)
  })
  afterAll(() => server.close())

  it("a lapsed case's rows name the kind, the device and the calibration that expired", async () => {
    const rows = await workbookRows(server, c.lapsed.id)
    expect(rows.map((r) => r['Record ID'])).toEqual(c.lapsedRecords)
    const calibration = await server.call(
      'itr',
      'GET',
      `/api/testEquipment/${c.lapsed.testEquipmentId}/calibrations`,
      {
        as: 'configurator',
      },
    )
    const [{ recordId: expired }] = calibration.json() as { recordId: number }[]
    expect(rows[0]).toMatchObject({
      Case: c.lapsed.id,
      'Case Status': 'Open',
      'Opened Because': 'Used after its calibration expired',
      'Test Equipment': 'EPN-TE:902',
      'Test Equipment Description': 'Meter EPN-TE:902',
      'Failing Calibration Record': null,
      'Window From': null,
      'Window To': null,
      'Lapsed Calibration Record': expired,
      'Lapsed Calibration Date': 'dd/mm/yyyy: 2025-01-01T00:00',
      'Lapsed Calibration Expiry': 'dd/mm/yyyy: 2025-07-01T00:00',
      'Serial Number': 'NWT:904',
      Disposition: 'Undecided',
    })
    expect(rows[1]).toMatchObject({
      'Serial Number': 'NWT:905',
      'Lapsed Calibration Record': expired,
      'Lapsed Calibration Expiry': 'dd/mm/yyyy: 2025-07-01T00:00',
    })
  })

  it("a failed calibration's rows name the kind, the failing calibration and the window as days", async () => {
    const rows = await workbookRows(server, c.failed.id)
    expect(rows.map((r) => r['Record ID'])).toEqual(c.failedRecords)
    expect(rows[0]).toMatchObject({
      'Case Status': 'Open',
      'Opened Because': 'Found out of tolerance',
      'Test Equipment': 'EPN-TE:901',
      'Test Equipment Description': 'Meter EPN-TE:901',
      'Failing Calibration Record': c.failed.calibrationRecordId,
      'Failing Calibration Date': 'dd/mm/yyyy: 2025-10-01T00:00',
      'Window From': 'dd/mm/yyyy: 2025-03-01T00:00',
      'Window To': 'dd/mm/yyyy: 2025-10-01T00:00',
      'Lapsed Calibration Record': null,
      'Lapsed Calibration Date': null,
      'Lapsed Calibration Expiry': null,
      'Record Date': 'dd/mm/yyyy hh:mm: 2025-05-05T10:00',
    })
  })
})
