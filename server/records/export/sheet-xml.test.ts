import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { Day, toCell, type Cell } from './cells'
import {
  CELL_TEXT_MAX,
  fitCell,
  cellXml,
  columnLetters,
  sheetHead,
  sheetTail,
  STYLE,
  workbookParts,
  type SheetColumn,
} from './sheet-xml'
import { ZipWriter } from './zip-writer'

/** A workbook built the way the export builds it, with `rows` streamed in `pieces` writes. */
async function workbookOf(columns: SheetColumn[], rows: Cell[][], pieces = 1): Promise<Buffer> {
  const zip = new ZipWriter()
  for (const [name, content] of Object.entries(workbookParts('Records', columns.length)))
    zip.addFile(name, content)
  const sheet = zip.openFile('xl/worksheets/sheet1.xml')
  await sheet.write(sheetHead(columns))
  const per = Math.ceil(rows.length / pieces)
  for (let start = 0; start < rows.length; start += per) {
    let xml = ''
    rows.slice(start, start + per).forEach((values, i) => {
      const r = start + i + 2
      xml += `<row r="${r}">`
      values.forEach((v, c) => {
        xml += cellXml(`${columnLetters(c + 1)}${r}`, v, STYLE.dateTime)
      })
      xml += '</row>'
    })
    await sheet.write(xml)
  }
  await sheet.write(sheetTail(columns.length))
  await sheet.end()
  return zip.finish()
}

async function read(content: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(content as unknown as ArrayBuffer)
  return workbook.getWorksheet('Records')!
}

describe('export sheet XML and zip writer', () => {
  it('cuts a text longer than an Excel cell holds visibly, never inside a character', () => {
    expect(fitCell('x'.repeat(CELL_TEXT_MAX))).toBe('x'.repeat(CELL_TEXT_MAX))
    const cut = fitCell('x'.repeat(CELL_TEXT_MAX + 1))
    expect(cut).toHaveLength(CELL_TEXT_MAX)
    expect(cut.endsWith(' … [cut here: the record holds 32,768 characters]')).toBe(true)
    const emoji = fitCell('😀'.repeat(20_000))
    expect(emoji.length).toBeLessThanOrEqual(CELL_TEXT_MAX)
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })

  it('names columns as spreadsheets do', () => {
    expect([1, 26, 27, 52, 64, 702, 703].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BL',
      'ZZ',
      'AAA',
    ])
  })

  it('writes a workbook exceljs reads back: types, hostile text, dates, frozen bold header, autofilter', async () => {
    const columns: SheetColumn[] = [
      { header: 'Text <&>', width: 20 },
      { header: 'Number', width: 10 },
      { header: 'When', width: 18, dateTime: true },
      { header: 'Flag', width: 8 },
      { header: 'Day', width: 12 },
    ]
    const at = new Date('2026-01-02T12:34:56.789Z')
    const rows: Cell[][] = [
      ['a < b && c > "d" \'e\'', 0.5, at, true, new Date('2026-03-04T00:00:00Z')],
      ['  padded  ', -12, null, false, null],
      ['bell\u0007 nul\u0000 tab\tline\nend', 1e21, null, null, null],
      ['emoji \u{1F600} lone \uD800 surrogate', Number.NaN, null, null, null],
      [null, null, null, null, ''],
    ]
    const sheet = await read(await workbookOf(columns, rows))
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Text <&>',
      'Number',
      'When',
      'Flag',
      'Day',
    ])
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.autoFilter).toBe('A1:E1')
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1)
    expect(values(2)).toEqual(['a < b && c > "d" \'e\'', 0.5, at, true, new Date('2026-03-04T00:00:00Z')])
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm')
    expect(values(3)).toEqual(['  padded  ', -12, undefined, false])
    expect(values(4)).toEqual(['bell nul tab\tline\nend', 1e21])
    expect(values(5)).toEqual(['emoji \u{1F600} lone  surrogate'])
    expect(values(6)).toEqual([])
    expect(sheet.getColumn(1).width).toBe(20)
  })

  it('writes formula-like text as it is in a quotePrefix style, and a day as dd/mm/yyyy', async () => {
    const hostile = ['=1+1', '-2+3', '+44 1', '@SUM(A1)', ' \t=1', '\r\n-1+2', '\tx']
    for (const text of hostile) {
      expect(toCell(text)).toBe(text)
      expect(cellXml('A2', text, STYLE.dateTime)).toMatch(
        new RegExp(`^<c r="A2" s="${STYLE.quoted}" t="inlineStr">`),
      )
    }
    expect(cellXml('A2', 'a=b', STYLE.dateTime)).toBe('<c r="A2" t="inlineStr"><is><t>a=b</t></is></c>')
    expect(cellXml('A2', 'x\r\ny', STYLE.dateTime)).toBe(
      '<c r="A2" t="inlineStr"><is><t>x&#13;\ny</t></is></c>',
    )
    expect(toCell('2026-03-04')).toEqual(new Day(new Date('2026-03-04T00:00:00Z')))
    expect(toCell('2026-03-04T23:30:00Z')).toEqual(new Date('2026-03-04T23:30:00Z'))
    const columns: SheetColumn[] = [
      { header: '=cmd', width: 10 },
      { header: 'Day', width: 12 },
      { header: 'When', width: 18 },
    ]
    const book = await workbookOf(columns, [
      ['-2+3', toCell('2026-03-04'), toCell('2026-03-04T23:30:00Z')],
      ['x\r\ny', null, null],
    ])
    const sheet = await read(book)
    expect(sheet.getRow(1).getCell(1).value).toBe('=cmd')
    expect(sheet.getRow(2).getCell(1).value).toBe('-2+3')
    expect(sheet.getRow(2).getCell(2).value).toEqual(new Date('2026-03-04T00:00:00Z'))
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('dd/mm/yyyy')
    expect(sheet.getRow(2).getCell(3).value).toEqual(new Date('2026-03-04T23:30:00Z'))
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm')
    expect(sheet.getRow(3).getCell(1).value).toBe('x\r\ny')
  })

  it('streams a part larger than zlib and the write queue hold at once, row for row', async () => {
    const columns: SheetColumn[] = [
      { header: 'Id', width: 10 },
      { header: 'Text', width: 40 },
    ]
    // ~12 MB of sheet XML: more than the 8 MB queued for zlib, in 40 pieces.
    const rows: Cell[][] = Array.from({ length: 40_000 }, (_, i) => [i, `row ${i} ${'x'.repeat(200)}`])
    const content = await workbookOf(columns, rows, 40)
    expect(content.length).toBeLessThan(2_000_000)
    const sheet = await read(content)
    expect(sheet.rowCount).toBe(40_001)
    expect(sheet.getRow(40_001).getCell(1).value).toBe(39_999)
    expect(sheet.getRow(20_000).getCell(2).value).toBe(`row 19998 ${'x'.repeat(200)}`)
  })
})
