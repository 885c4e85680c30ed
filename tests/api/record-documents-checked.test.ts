import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { calibrationHistory, documents, records } from '../../server/db/schema/index'
import type { FormLayout } from '../../schemas/form-layout/index'
import {
  fixtureEquipment,
  multipart,
  PDF,
  recordFixtures,
  recordType,
  TEST_LAYOUT,
  type RecordFixtures,
} from './records-fixtures'

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>')
const ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])

/** The fixture test layout with a document control (SPEC §5: PDF only) beside its free attachment. */
const REPORT_LAYOUT: FormLayout = {
  ...TEST_LAYOUT,
  controls: [
    ...TEST_LAYOUT.controls,
    { type: 'upload', variable: 'report', label: 'Signed test report (PDF)', documentType: 'testReport' },
  ],
}

/**
 * 28 Nov audit D3 and D6: what a record says of its documents is checked when the record is submitted, not
 * only when the file is uploaded — a document control holds a PDF, a calibration certificate too, and the
 * data describes each document as it was stored; an upload's file name is bounded.
 */
describe('documents a record names', () => {
  let server: TestServer
  let fx: RecordFixtures
  let reportType: number
  let equipment: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    reportType = await recordType(
      server,
      'Fixture Report',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'result' },
      REPORT_LAYOUT,
      [fx.transformer],
    )
    equipment = await fixtureEquipment(server, fx)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const recordCount = async () => (await db().select({ n: count() }).from(records))[0].n
  const upload = async (name: string, content: Buffer, query = '') => {
    const res = await server.call('itr', 'POST', `/api/formDocuments${query}`, {
      as: 'internal',
      ...multipart(name, content),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { savedFilename: string; originalFilename: string; contentType: string }
  }
  const submit = (data: Record<string, unknown>, query = '') =>
    server.call('submission', 'POST', `/api/InstrumentTest/upload-single/${query}`, {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId: fx.transformer,
        recordTypeId: reportType,
        data: { serial: 'NWT:801', testDate: '2026-03-01', equipment: [equipment], ratio: 0.5, ...data },
      },
    })

  it('refuses a file that is not a PDF in a document control, as the upload would, and stores nothing', async () => {
    const svg = await upload('drawing.svg', SVG)
    const before = await recordCount()
    const res = await submit({ report: svg })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('drawing.svg is not an accepted file type (.pdf).')
    // The caller's word that it is a PDF changes nothing.
    const claimed = await submit({
      report: { ...svg, originalFilename: 'report.pdf', contentType: 'application/pdf' },
    })
    expect(claimed.statusCode).toBe(400)
    expect(await recordCount()).toBe(before)
    // The free attachment control takes any accepted type; a document control takes the PDF.
    const pdf = await upload('report.pdf', PDF, '?accept=pdf&documentType=testReport')
    const ok = await submit({ attachment: svg, report: pdf })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await recordCount()).toBe(before + 1)
  })

  it('refuses data that describes a document otherwise than it was stored', async () => {
    const pdf = await upload('report.pdf', PDF, '?accept=pdf&documentType=testReport')
    const before = await recordCount()
    for (const [field, value, stored] of [
      ['contentType', 'image/png', 'application/pdf'],
      ['originalFilename', 'other.pdf', 'report.pdf'],
      ['documentType', 'calibrationCertificate', 'testReport'],
    ] as const) {
      const res = await submit({ report: { ...pdf, [field]: value } })
      expect(res.statusCode, field).toBe(400)
      expect(res.json().message).toBe(
        `Document ${pdf.savedFilename} was stored with ${field} '${stored}'; the record data says otherwise.`,
      )
    }
    expect(await recordCount()).toBe(before)
  })

  it('keeps a document a revised record already holds, though its control now takes PDF only', async () => {
    // Stored while the control took any file: the layout gained documentType later.
    const open = await recordType(
      server,
      'Fixture Report Open',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'result' },
      { ...REPORT_LAYOUT, controls: REPORT_LAYOUT.controls.map((c) => ({ ...c, documentType: undefined })) },
      [fx.transformer],
    )
    const svg = await upload('old.svg', SVG)
    const body = (query = '') =>
      server.call('submission', 'POST', `/api/InstrumentTest/upload-single/${query}`, {
        as: 'internal',
        body: {
          supplierId: fx.northwind,
          productTypeId: fx.transformer,
          recordTypeId: open,
          data: {
            serial: 'NWT:802',
            testDate: '2026-03-01',
            equipment: [equipment],
            ratio: 0.5,
            report: svg,
          },
        },
      })
    const first = await body()
    expect(first.statusCode, first.body).toBe(200)
    const layoutNow = await server.call('meta', 'POST', `/api/DataPointTypes/attributes/${open}`, {
      as: 'configurator',
      body: { key: 'DataEntryForm', name: 'DataEntryForm', value: JSON.stringify(REPORT_LAYOUT) },
    })
    expect(layoutNow.statusCode, layoutNow.body).toBe(201)
    const fresh = await body()
    expect(fresh.statusCode).toBe(400)
    expect(fresh.json().message).toBe('old.svg is not an accepted file type (.pdf).')
    const revision = await body(`?revisionOf=${first.json().recordId}`)
    expect(revision.statusCode, revision.body).toBe(200)
  })

  it('keeps a held document in its own control only, and never relabelled (edit and revision)', async () => {
    const problemType = await recordType(
      server,
      'Fixture Problem With Files',
      'Problem Report',
      'form',
      { serialField: 'serial', dateOfRecordField: 'date' },
      {
        version: 2,
        title: 'Problem with files',
        controls: [
          { type: 'serial', variable: 'serial', label: 'Serial', required: true },
          { type: 'datepicker', variable: 'date', label: 'Date' },
          { type: 'upload', variable: 'photo', label: 'Photo' },
          { type: 'upload', variable: 'report', label: 'Report (PDF)', documentType: 'testReport' },
        ],
      },
      [fx.transformer],
    )
    const zip = await upload('x.zip', ZIP)
    const pdf = await upload('small.pdf', PDF, '?accept=pdf&documentType=testReport')
    const body = (data: Record<string, unknown>) => ({
      supplierId: fx.northwind,
      productTypeId: fx.transformer,
      recordTypeId: problemType,
      data: { serial: 'NWT:811', date: '2026-03-01', ...data },
    })
    const first = await server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: body({ photo: zip, report: pdf }),
    })
    expect(first.statusCode, first.body).toBe(200)
    const id = first.json().recordId as number
    const before = await recordCount()
    const swapped = { photo: pdf, report: zip }
    const relabelled = {
      photo: { ...zip, originalFilename: 'photo.png', contentType: 'image/png' },
      report: pdf,
    }
    for (const call of [
      (data: Record<string, unknown>) =>
        server.call('submission', 'PUT', `/api/InstrumentTest/Record/${id}`, {
          as: 'internal',
          body: body(data),
        }),
      (data: Record<string, unknown>) =>
        server.call('submission', 'POST', `/api/InstrumentTest/upload-single/?revisionOf=${id}`, {
          as: 'internal',
          body: body(data),
        }),
    ]) {
      const moved = await call(swapped)
      expect(moved.statusCode).toBe(400)
      expect(moved.json().message).toBe('x.zip is not an accepted file type (.pdf).')
      const renamed = await call(relabelled)
      expect(renamed.statusCode).toBe(400)
      expect(renamed.json().message).toBe(
        `Document ${zip.savedFilename} was stored with originalFilename 'x.zip'; the record data says otherwise.`,
      )
      // Left where it was, as it was: accepted.
      const kept = await call({ photo: zip, report: pdf })
      expect(kept.statusCode, kept.body).toBe(200)
    }
    expect(await recordCount()).toBe(before + 1) // the revision; the edit changed record ${id} in place
    const stored = (
      await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}`, { as: 'internal' })
    ).json()
    expect(stored.data.photo.originalFilename).toBe('x.zip')
  })

  it('names a document exactly: a saved name with spaces around it names none, a blank one is refused', async () => {
    const pdf = await upload('report.pdf', PDF, '?accept=pdf&documentType=testReport')
    const res = await submit({ report: { ...pdf, savedFilename: ` ${pdf.savedFilename}\n` } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(`Document  ${pdf.savedFilename}\n does not exist.`)
    for (const blank of [' ', '\t']) {
      const unnamed = await submit({ report: { ...pdf, savedFilename: blank } })
      expect(unnamed.statusCode, JSON.stringify(blank)).toBe(400)
      expect(unnamed.json().message).toBe('A document in the record data has no saved file name.')
    }
    const untyped = await upload('plain.pdf', PDF)
    const claimed = await submit({ report: { ...untyped, documentType: 'testReport' } })
    expect(claimed.statusCode).toBe(400)
    expect(claimed.json().message).toBe(
      `Document ${untyped.savedFilename} was stored without a documentType; the record data says otherwise.`,
    )
  })

  it('refuses a calibration certificate that is not a PDF; the device keeps no calibration', async () => {
    const zip = await upload('certificate.zip', ZIP)
    const history = async () => (await db().select({ n: count() }).from(calibrationHistory))[0].n
    const before = await history()
    const calibrate = (certificate: unknown) =>
      server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
        as: 'configurator',
        body: {
          deviceOwnerId: fx.owner,
          recordTypeId: fx.types.calibration,
          data: {
            serial: 'EPN-TE:871',
            date: '2026-03-01',
            house: fx.calibrator,
            frequency: 'P12M',
            description: 'Meter',
            certificate,
          },
        },
      })
    const res = await calibrate(zip)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('certificate.zip is not an accepted file type (.pdf).')
    const lying = await calibrate({
      ...zip,
      originalFilename: 'certificate.pdf',
      contentType: 'application/pdf',
    })
    expect(lying.statusCode).toBe(400)
    expect(lying.json().message).toBe(
      `Document ${zip.savedFilename} was stored with originalFilename 'certificate.zip'; the record data says otherwise.`,
    )
    expect(await history()).toBe(before)
  })

  it('bounds an upload file name at 255 characters as a person counts them, with a short refusal', async () => {
    const stored = async () => (await db().select({ n: count() }).from(documents))[0].n
    const before = await stored()
    const ok = await upload(`${'a'.repeat(251)}.pdf`, PDF)
    expect(ok.originalFilename).toHaveLength(255)
    for (const length of [252, 100_000]) {
      const res = await server.call('itr', 'POST', '/api/formDocuments', {
        as: 'internal',
        ...multipart(`${'a'.repeat(length)}.pdf`, PDF),
      })
      expect(res.statusCode, String(length)).toBe(400)
      expect(res.json().message).toBe('The file name may be at most 255 characters.')
      expect(res.body.length).toBeLessThan(200)
    }
    // Characters, not UTF-16 units: 251 emoji and '.pdf' are 255 characters.
    const emoji = await upload(`${'😀'.repeat(251)}.pdf`, PDF)
    expect([...emoji.originalFilename]).toHaveLength(255)
    const nameless = await server.call('itr', 'POST', '/api/formDocuments', {
      as: 'internal',
      ...multipart('', PDF),
    })
    expect(nameless.statusCode).toBe(400)
    expect(nameless.json().message).toBe('The file has no name: send it with its file name.')
    expect(await stored()).toBe(before + 2)
  })
})
