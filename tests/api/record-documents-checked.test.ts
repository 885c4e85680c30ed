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

  it('bounds an upload file name at 255 characters, with a short refusal', async () => {
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
    expect(await stored()).toBe(before + 1)
  })
})
