import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import type { FormLayout } from '../../schemas/form-layout/index'
import { impactCaseRecords, impactCases, records } from '../../server/db/schema/index'
import { columnLetters } from '../../server/records/export/sheet-xml'
import { startTestServer, type TestServer } from '../support/api'
import {
  recordFixtures,
  recordType,
  seedKnownRecords,
  type KnownRecords,
  type RecordFixtures,
} from './records-fixtures'

/** A filter as the export calls carry it: URL-encoded JSON in one path segment. */
const segment = (filter: object) => encodeURIComponent(JSON.stringify(filter))

const unescapeXml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

/** A workbook as the export writes it: read back by exceljs, and its sheet and style XML as written. */
interface Workbook {
  header: string[]
  rows: Record<string, unknown>[]
  sheet: ExcelJS.Worksheet
  /** The `<c>` of a cell by header and record serial: its attributes and inline text (null: no cell). */
  xmlCell(serial: string, header: string): { style: number; text: string | null } | null
  /** The `<xf>` of cellXfs at a style id, as its attribute text, and the format code of its numFmtId. */
  xf(style: number): { attributes: string; formatCode: string | null }
}

async function readWorkbook(content: Buffer): Promise<Workbook> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(content as unknown as ArrayBuffer)
  const sheet = book.getWorksheet('Records')!
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[]
  const rows: Record<string, unknown>[] = []
  sheet.eachRow((row, n) => {
    if (n === 1) return
    const values = (row.values as unknown[]).slice(1)
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])))
  })
  const zip = await JSZip.loadAsync(content)
  const sheetXml = await zip.file('xl/worksheets/sheet1.xml')!.async('string')
  const stylesXml = await zip.file('xl/styles.xml')!.async('string')
  const xfs = [...stylesXml.match(/<cellXfs[^>]*>(.*?)<\/cellXfs>/)![1].matchAll(/<xf\b([^>]*?)\/?>/g)].map(
    (m) => m[1],
  )
  const formats = new Map(
    [...stylesXml.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]),
  )
  return {
    header,
    rows,
    sheet,
    xmlCell(serial, name) {
      const line = rows.findIndex((r) => r['Serial Number'] === serial) + 2
      expect(line, `row of ${serial}`).toBeGreaterThan(1)
      const column = header.indexOf(name) + 1
      expect(column, `column ${name}`).toBeGreaterThan(0)
      const ref = `${columnLetters(column)}${line}`
      const match = sheetXml.match(new RegExp(`<c r="${ref}"([^>]*)>(.*?)</c>`, 's'))
      if (!match) return null
      const text = match[2].match(/<t[^>]*>(.*?)<\/t>/s)
      return {
        style: Number(match[1].match(/ s="(\d+)"/)?.[1] ?? 0),
        text: text ? unescapeXml(text[1]) : null,
      }
    },
    xf(style) {
      const attributes = xfs[style]
      const id = attributes.match(/numFmtId="(\d+)"/)![1]
      return { attributes, formatCode: formats.get(id) ?? null }
    },
  }
}

const TABLE_LAYOUT: FormLayout = {
  version: 2,
  title: 'Export fidelity table',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date' },
    {
      type: 'table',
      variable: 'taps',
      label: 'Taps',
      rowLabels: ['A', 'B', 'C'],
      columns: [
        {
          type: 'testField',
          variable: 'ratio',
          label: 'Ratio',
          testType: 'numeric',
          min: 9,
          max: 11,
          naOption: true,
        },
      ],
    },
  ],
}

describe('{data} Excel export fidelity: devices, dates, formula text, table results, status and suspect', () => {
  let server: TestServer
  let fx: RecordFixtures
  let known: KnownRecords
  let secondDevice: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    known = await seedKnownRecords(server, fx)
    const calibration = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: { serial: 'EPN-TE:8', date: '2026-04-01T00:00:00Z', skip: true, description: 'Megger' },
      },
    })
    expect(calibration.statusCode, calibration.body).toBe(200)
    secondDevice = calibration.json().testEquipmentId
  })
  afterAll(() => server.close())

  const db = () => server.database.db

  async function submit(recordTypeId: number, data: Record<string, unknown>): Promise<number> {
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single', {
      as: 'internal',
      body: { supplierId: fx.northwind, productTypeId: fx.transformer, recordTypeId, data },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().recordId
  }

  /** 'Download now' of a filter, read back. */
  async function downloadNow(filter: object): Promise<Workbook> {
    const res = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/ExcelExport/now/filter/${segment(filter)}`,
      { as: 'internal' },
    )
    expect(res.statusCode, res.body).toBe(200)
    return readWorkbook(res.rawPayload)
  }

  const bySerial = (book: Workbook, serial: string) => book.rows.find((r) => r['Serial Number'] === serial)!

  it('names each test equipment item by its full serial, as the record view does, not by its database id', async () => {
    await submit(fx.types.test, {
      serial: 'NWT:4501',
      testDate: '2026-05-01T10:00:00Z',
      equipment: [secondDevice, known.equipmentId],
      ratio: 0.5,
    })
    const book = await downloadNow({ filters: [{ field: 'category', value: 'test' }] })
    expect(bySerial(book, 'NWT:1').equipment).toBe('EPN-TE:7')
    expect(bySerial(book, 'NWT:4501').equipment).toBe('EPN-TE:8, EPN-TE:7')
    // The record view names the same devices (its snapshot of them).
    const detail = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${known.test[0]}`, {
      as: 'internal',
    })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json().testEquipmentUsed.map((e: { serialNumber: string }) => e.serialNumber)).toEqual([
      'EPN-TE:7',
    ])
  })

  it('writes form dates as UTC date cells shown dd/mm/yyyy hh:mm, or dd/mm/yyyy for a date without a time', async () => {
    await submit(fx.types.test, {
      serial: 'NWT:4502',
      testDate: '2026-05-01T23:30:00Z',
      equipment: [known.equipmentId],
    })
    await submit(fx.types.test, {
      serial: 'NWT:4503',
      testDate: '2026-05-02',
      equipment: [known.equipmentId],
    })
    const book = await downloadNow({
      filters: [{ field: 'productSerialNumber', value: ['NWT:4502', 'NWT:4503'] }],
    })
    const column = book.header.indexOf('testDate') + 1
    const cellOf = (serial: string) =>
      book.sheet.getRow(book.rows.findIndex((r) => r['Serial Number'] === serial) + 2).getCell(column)
    expect(cellOf('NWT:4502').value).toEqual(new Date('2026-05-01T23:30:00Z'))
    expect(cellOf('NWT:4502').numFmt).toBe('dd/mm/yyyy hh:mm')
    expect(cellOf('NWT:4503').value).toEqual(new Date('2026-05-02T00:00:00Z'))
    expect(cellOf('NWT:4503').numFmt).toBe('dd/mm/yyyy')
    // The same formats as written: explicit custom formats, never the locale's built-in short date (14).
    expect(book.xf(book.xmlCell('NWT:4502', 'testDate')!.style).formatCode).toBe('dd/mm/yyyy hh:mm')
    expect(book.xf(book.xmlCell('NWT:4503', 'testDate')!.style).formatCode).toBe('dd/mm/yyyy')
    expect(book.xf(book.xmlCell('NWT:4502', 'Date')!.style).formatCode).toBe('dd/mm/yyyy hh:mm')
  })

  it('keeps formula-like text as it is, in a quotePrefix text cell, also after leading white space', async () => {
    const texts: Record<string, string> = {
      'NWT:4511': '-2+3',
      'NWT:4512': ' \t=1+1',
      'NWT:4513': '\r\n@SUM(A1)',
      'NWT:4514': '+44 20 7946 0000',
      'NWT:4515': 'plain text',
    }
    for (const serial of Object.keys(texts)) {
      const id = await submit(fx.types.test, {
        serial,
        testDate: '2026-05-03T10:00:00Z',
        equipment: [known.equipmentId],
      })
      // Written as stored, whatever the form's own trimming: the export must cope with any stored text.
      const [row] = await db().select({ data: records.data }).from(records).where(eq(records.id, id))
      await db()
        .update(records)
        .set({ data: { ...row.data, comments: texts[serial] } })
        .where(eq(records.id, id))
    }
    const book = await downloadNow({
      filters: [
        { field: 'category', value: 'test' },
        { field: 'productSerialNumber', value: ['NWT:1', ...Object.keys(texts)] },
      ],
    })
    const formulaLike = { ...texts, 'NWT:1': '=HYPERLINK("http://evil.example","click")' }
    for (const [serial, text] of Object.entries(formulaLike)) {
      const cell = book.xmlCell(serial, 'comments')!
      expect(cell.text, serial).toBe(text)
      expect(bySerial(book, serial).comments, serial).toBe(text)
      const quoted = /\bquotePrefix="1"/.test(book.xf(cell.style).attributes)
      expect(quoted, `${serial} quotePrefix`).toBe(serial !== 'NWT:4515')
    }
    let formulas = 0
    book.sheet.eachRow((row) =>
      row.eachCell((cell) => (formulas += cell.type === ExcelJS.ValueType.Formula ? 1 : 0)),
    )
    expect(formulas).toBe(0)
  })

  it("exports a table cell's n/a as 'n/a' and an unset cell as an empty cell", async () => {
    const type = await recordType(
      server,
      'Export Fidelity Table',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'taps' },
      TABLE_LAYOUT,
      [fx.transformer],
    )
    const id = await submit(type, {
      serial: 'NWT:4521',
      testDate: '2026-05-04',
      taps: [{ ratio: 10 }, {}, {}],
    })
    // As stored once the writer keeps a table cell's n/a (issue #14): 'n/a' is n/a, '-' is unset.
    const [row] = await db().select({ data: records.data }).from(records).where(eq(records.id, id))
    await db()
      .update(records)
      .set({
        data: {
          ...row.data,
          taps: [
            { ratio: { value: 10, passOrFail: 'Pass' } },
            { ratio: { value: null, passOrFail: 'n/a' } },
            { ratio: { value: null, passOrFail: '-' } },
          ],
        },
      })
      .where(eq(records.id, id))
    const book = await downloadNow({ filters: [{ field: 'productSerialNumber', value: 'NWT:4521' }] })
    expect(bySerial(book, 'NWT:4521')).toMatchObject({
      'taps[1].ratio': 10,
      'taps[1].ratio result': 'Pass',
      'taps[2].ratio': null,
      'taps[2].ratio result': 'n/a',
      'taps[3].ratio': null,
      'taps[3].ratio result': null,
    })
    expect(book.xmlCell('NWT:4521', 'taps[3].ratio result')).toBeNull()
  })

  it('has Status and Suspect columns beside the result, with the texts the records page shows', async () => {
    const [nwt1, nwt2] = known.test
    await db().update(records).set({ reviewState: 'submitted' }).where(eq(records.id, nwt1))
    await db()
      .update(records)
      .set({ reviewState: 'approved', supersededById: nwt1 })
      .where(eq(records.id, nwt2))
    const openCase = async () => {
      const [row] = await db()
        .insert(impactCases)
        .values({ kind: 'lapsed', testEquipmentId: known.equipmentId, openedByName: 'test' })
        .returning({ id: impactCases.id })
      return row.id
    }
    const [first, second] = [await openCase(), await openCase()]
    await db()
      .insert(impactCaseRecords)
      .values([
        // NWT:1 undecided in one case, recalled in another: the strictest, undecided, is what shows.
        { caseId: first, recordId: nwt1, recordTypeId: fx.types.test, disposition: null },
        { caseId: second, recordId: nwt1, recordTypeId: fx.types.test, disposition: 'recall' },
        { caseId: second, recordId: nwt2, recordTypeId: fx.types.test, disposition: 'recall' },
      ])
    // A supplier filter names the supplier table: the suspect states are read under the same joins.
    const filter = {
      filters: [
        { field: 'category', value: 'test' },
        { field: 'supplier', value: ['Northwind Transformers'] },
        { field: 'productSerialNumber', value: ['NWT:1', 'NWT:2', 'NWT:3'] },
      ],
    }
    const book = await downloadNow(filter)
    expect(book.header.slice(0, 10)).toEqual([
      'Record ID',
      'Serial Number',
      'Product Type',
      'Record Type',
      'Category',
      'Supplier',
      'Result',
      'Status',
      'Suspect',
      'Date',
    ])
    expect(book.rows.map((r) => [r['Serial Number'], r.Status, r.Suspect])).toEqual([
      ['NWT:3', 'No review', null],
      ['NWT:2', 'Approved · Superseded', 'Suspect · recalled'],
      ['NWT:1', 'Submitted', 'Suspect'],
    ])
    // The records page answers the same states.
    const page = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Records/page/1/size/10/filter/${segment(filter)}`,
      { as: 'internal' },
    )
    expect(page.json().result.map((r: { suspect: string | null }) => r.suspect)).toEqual([
      null,
      'recall',
      'undecided',
    ])
    // The record date column is still shown as a date-time.
    expect(bySerial(book, 'NWT:1').Date).toEqual(new Date('2026-01-01T12:00:00Z'))
  })
})
