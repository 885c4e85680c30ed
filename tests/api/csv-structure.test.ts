import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { jobs, records } from '../../server/db/schema/index'
import { startTestServer, type TestServer } from '../support/api'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

/**
 * How the CSV upload reads the file itself (audit s8 #3, #7, #8): its encoding, its quotes, its header's
 * names and the line numbers of its answer. The fixture type `Fixture CSV` has no layout, so extra
 * columns such as `tester` are stored as text — where a swallowed row would pass unnoticed.
 */
describe('{submission}/api/InstrumentTest/upload-csv/ file structure', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  /** Records and jobs stored so far: a refused file adds neither. */
  const stored = async () => [
    (await db().select({ n: count() }).from(records))[0].n,
    (await db().select({ n: count() }).from(jobs))[0].n,
  ]
  const upload = (file: string | Buffer) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: fx.types.csv,
        fileName: 'batch.csv',
        data: Buffer.from(file).toString('base64'),
      },
    })
  /**
   * Expects a 400 with `message` and `details` that stored no record and, for a file refused before its
   * rows are checked, no job (a row refusal keeps its failed job, as in csv-ingest.test.ts).
   */
  const refusedWith = async (file: string | Buffer, message: string, details?: unknown, jobs = 0) => {
    const [records, jobsBefore] = await stored()
    const res = await upload(file)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    expect(res.json().details).toEqual(details)
    expect(await stored()).toEqual([records, jobsBefore + jobs])
  }
  const testersOf = async (jobId: number) =>
    (await db().select().from(records).where(eq(records.jobId, jobId)).orderBy(records.id)).map((r) => [
      r.productSerialNumber,
      (r.data as Record<string, unknown>).tester,
    ])
  const HEADER = 'serial,testDate,result,tester'
  const NOT_CLOSED =
    'A quoted cell is not closed; the rest of the file would be read as one cell. End the cell with a quote.'
  const TEXT_AFTER =
    'A quoted cell has text after its closing quote, so it runs on to a later quote. Quote the whole cell ' +
    'and write each quote inside it as two quotes ("").'
  const TEXT_AFTER_NOT_CLOSED =
    'A quoted cell has text after its closing quote and is never closed; the rest of the file would be read ' +
    'as one cell. Quote the whole cell and write each quote inside it as two quotes ("").'
  const badQuotes = (n: string) =>
    `The file was not uploaded: ${n} not closed correctly, so its rows cannot be told apart. Nothing was saved.`

  describe('quotes (audit s8 #3)', () => {
    it('refuses a stray quote that would swallow the following rows', async () => {
      await refusedWith(
        `${HEADER}\nNWT:601,2026-01-01,pass,"Bob" (night shift)\nNWT:602,2026-01-01,pass,Jones\nNWT:603,2026-01-01,pass,Brown\n`,
        badQuotes('1 quoted cell is'),
        [{ line: 2, reason: TEXT_AFTER_NOT_CLOSED }],
      )
    })

    it('refuses a quoted cell that is never closed', async () => {
      await refusedWith(
        `${HEADER}\nNWT:604,2026-01-01,pass,Jones\nNWT:605,2026-01-01,pass,"unfinished\nNWT:606,2026-01-01,pass,Brown\n`,
        badQuotes('1 quoted cell is'),
        [{ line: 3, reason: NOT_CLOSED }],
      )
    })

    it('names every badly quoted cell once, by its line, even after a quoted line break', async () => {
      await refusedWith(
        `${HEADER}\r\nNWT:607,2026-01-01,pass,"two\r\nlines"\r\nNWT:608,2026-01-01,pass,"a "b" c"\r\n` +
          `NWT:609,2026-01-01,pass,ok\r\nNWT:610,2026-01-01,pass,"d" e\r\nNWT:611,2026-01-01,pass,f\r\n`,
        badQuotes('2 quoted cells are'),
        [
          { line: 4, reason: TEXT_AFTER },
          { line: 6, reason: TEXT_AFTER_NOT_CLOSED },
        ],
      )
    })

    it('stores quoted cells holding commas, doubled quotes and line breaks as written', async () => {
      const res = await upload(
        `${HEADER}\nNWT:612,2026-01-01,pass,"Smith, J"\nNWT:613,2026-01-01,pass,"Bob ""Night"" Jones"\n` +
          `"NWT:614",2026-01-01,pass,"first line\nsecond line"\r\nNWT:615,2026-01-01,pass,"a\r\nb, ""c"""\n` +
          `NWT:616,2026-01-01,pass,Bob "Night" Jones\n`,
      )
      expect(res.statusCode).toBe(200)
      expect(res.json().records).toBe(5)
      expect(await testersOf(res.json().jobId)).toEqual([
        ['NWT:612', 'Smith, J'],
        ['NWT:613', 'Bob "Night" Jones'],
        ['NWT:614', 'first line\nsecond line'],
        ['NWT:615', 'a\r\nb, "c"'],
        // A quote inside an unquoted cell is the character itself.
        ['NWT:616', 'Bob "Night" Jones'],
      ])
    })
  })

  describe('line numbers after quoted line breaks (audit s8 #8b)', () => {
    it('names the line of the file, the header being line 1', async () => {
      await refusedWith(
        `${HEADER}\nNWT:617,2026-01-01,pass,"first line\nsecond line"\nNWT:999999,2026-01-01,pass,x\n\n` +
          `NWT:618,2026-01-01,pass,"a\n\nb"\nNWT:619,tomorrow,pass,x\n`,
        'The file was not uploaded: 2 of 4 rows have errors. Nothing was saved.',
        [
          {
            line: 4,
            reason:
              'Serial number NWT:999999 is not within any serial range of Northwind Transformers for product type Distribution Transformer 11kV.',
          },
          { line: 9, reason: '"tomorrow" in "testDate" is not a valid date.' },
        ],
        1,
      )
    })

    it('counts CRLF files and rows with the wrong number of values the same way', async () => {
      await refusedWith(
        `${HEADER}\r\nNWT:620,2026-01-01,pass,"x\r\ny\r\nz"\r\nNWT:621,2026-01-01\r\n`,
        'The file was not uploaded: 1 of 2 rows have errors. Nothing was saved.',
        [{ line: 5, reason: 'The row has 2 values but the header has 4 columns.' }],
        1,
      )
    })
  })

  describe('encoding (audit s8 #7)', () => {
    it('refuses a file that is not UTF-8, naming the first bad byte and its line', async () => {
      // Windows-1252, Excel's plain "CSV": 0xFC is ü.
      const latin1 = Buffer.from(`${HEADER}\nNWT:622,2026-01-01,pass,M\u00fcller\n`, 'latin1')
      await refusedWith(
        latin1,
        'The file is not UTF-8 text (byte 0xFC on line 2). Save it as "CSV UTF-8" and upload it again.',
      )
    })

    it('finds the bad byte after UTF-8 text and a U+FFFD the file spells out itself', async () => {
      const bytes = Buffer.concat([
        Buffer.from(
          `${HEADER}\nNWT:623,2026-01-01,pass,Gr\u00fc\u00dfe \uFFFD\nNWT:624,2026-01-01,pass,"a\nb"\n`,
        ),
        Buffer.from([0x4e, 0x57, 0x54, 0x3a, 0x36, 0x32, 0x35, 0x2c, 0xe9, 0x2c]),
      ])
      await refusedWith(
        bytes,
        'The file is not UTF-8 text (byte 0xE9 on line 5). Save it as "CSV UTF-8" and upload it again.',
      )
    })

    it('reads "CSV UTF-8" with its byte order mark', async () => {
      const res = await upload(`\uFEFF${HEADER}\nNWT:626,2026-01-01,pass,M\u00fcller\n`)
      expect(res.statusCode).toBe(200)
      expect(await testersOf(res.json().jobId)).toEqual([['NWT:626', 'M\u00fcller']])
    })
  })

  describe('what the file is made of (audit s8c D3–D6)', () => {
    it('says an empty file has no data rows, as any file without rows', async () => {
      const before = await stored()
      const res = await upload('')
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('The CSV file has no data rows.')
      expect(await stored()).toEqual(before)
    })

    it('says when the columns seem to be separated by semicolons or tabs', async () => {
      for (const [separator, name] of [
        [';', 'semicolons'],
        ['\t', 'tabs'],
      ])
        await refusedWith(
          `serial${separator}testDate${separator}result\nNWT:630${separator}2026-01-01${separator}pass\n`,
          `The CSV header has no column "serial", "testDate". Its columns seem to be separated by ${name}; ` +
            'save the file with commas ("CSV UTF-8") and upload it again.',
        )
    })

    it('reads a file whose lines end in both CRLF and LF row by row, with no CR left in a value', async () => {
      const crlfFirst = await upload(`${HEADER}\r\nNWT:631,2026-01-01,pass,Ann\nNWT:632,2026-01-01,pass,Bo\n`)
      expect(crlfFirst.statusCode, crlfFirst.body).toBe(200)
      expect(await testersOf(crlfFirst.json().jobId)).toEqual([
        ['NWT:631', 'Ann'],
        ['NWT:632', 'Bo'],
      ])
      const lfFirst = await upload(
        `${HEADER}\nNWT:633,2026-01-01,pass,Cy\r\nNWT:634,2026-01-01,pass,"D\nE"\r\n`,
      )
      expect(lfFirst.statusCode, lfFirst.body).toBe(200)
      expect(await testersOf(lfFirst.json().jobId)).toEqual([
        ['NWT:633', 'Cy'],
        ['NWT:634', 'D\nE'],
      ])
    })

    it('takes at most 1,000 columns for a record type without a form', async () => {
      const names = Array.from({ length: 998 }, (_, i) => `c${i}`)
      await refusedWith(
        `serial,testDate,result,${names.join(',')}\nNWT:635,2026-01-01,pass\n`,
        'The CSV header has 1,001 columns; a record type without a data entry form takes at most 1,000.',
      )
      const fits = await upload(
        `serial,testDate,result,${names.slice(1).join(',')}\nNWT:635,2026-01-01,pass${',x'.repeat(997)}\n`,
      )
      expect(fits.statusCode, fits.body).toBe(200)
    })
  })

  describe('size', () => {
    it('refuses a file one byte over 20 MB with 413 and the limit, storing nothing', async () => {
      const limit = 20 * 1024 * 1024
      const file = (size: number) =>
        Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.alloc(size - HEADER.length - 1, 0x20)])
      expect(file(limit + 1)).toHaveLength(limit + 1)
      const before = await stored()
      const over = await upload(file(limit + 1))
      expect(over.statusCode).toBe(413)
      expect(over.json().message).toBe('The file is larger than the 20 MB limit.')
      expect(await stored()).toEqual(before)
      // At the limit the file is read: blank lines only, so no data rows.
      const at = await upload(file(limit))
      expect(at.statusCode).toBe(400)
      expect(at.json().message).toBe('The CSV file has no data rows.')
    })
  })

  describe('columns without a name (audit s8 #8a)', () => {
    it('refuses them for a record type without a layout, where one value would overwrite another', async () => {
      await refusedWith(
        'serial,testDate,result,,\nNWT:627,2026-01-01,pass,valueA,valueB\n',
        'Unknown columns in the CSV header: column 4 (no name), column 5 (no name)',
      )
    })

    it('refuses a trailing column without a name even when its cells are empty', async () => {
      await refusedWith(
        'serial,testDate,result, \nNWT:628,2026-01-01,pass,\n',
        'Unknown columns in the CSV header: column 4 (no name)',
      )
    })
  })
})
