import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { pdfText } from '../support/pdf-text'
import type { RecordDetail } from '../../schemas/records/index'
import { dataPointTypes, recordTestEquipment } from '../../server/db/schema/index'

/**
 * The audit walk of the certificates (F1–F3, F7, F8): what the demo records' certificates print, read
 * back from the PDF as a reader's text extractor sees it.
 */
describe('certificates of the audit walk', () => {
  let server: TestServer
  /** The demo records by serial (the seeded calibrations of EPN-TE:1..3 and the NWT transformer tests). */
  const demo = new Map<string, RecordDetail>()

  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://itr.example.com' })
    for (let id = 1; id <= 12; id++) {
      const res = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}`, {
        as: 'viewAll',
      })
      if (res.statusCode === 200) {
        const record = res.json() as RecordDetail
        demo.set(record.productSerialNumber, record)
      }
    }
  })
  afterAll(() => server.close())

  const record = (serial: string) => {
    const found = demo.get(serial)
    if (!found) throw new Error(`no demo record of ${serial}`)
    return found
  }
  const certificate = async (id: number) => {
    const res = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}/certificate.pdf`, {
      as: 'viewAll',
    })
    expect(res.statusCode, res.body).toBe(200)
    const { text, pages } = await pdfText(res.rawPayload)
    // Cells are joined by runs of spaces: one space reads as the line does.
    return { pages, text: text.replace(/ +/g, ' ') }
  }
  const dmy = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/')

  it('F1: a calibration does not list its own device as equipment used, whatever calibration came later', async () => {
    const earlier = record('EPN-TE:2')
    expect(earlier.category).toBe('calibration')
    const [type] = await server.database.db
      .select({ id: dataPointTypes.id })
      .from(dataPointTypes)
      .where(eq(dataPointTypes.name, 'Test Equipment Calibration'))
    const later = new Date(Date.now() - 10 * 86_400_000)
    const res = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: earlier.deviceOwnerId,
        recordTypeId: type.id,
        data: {
          serialNumber: 'EPN-TE:2',
          calibrationDate: later.toISOString(),
          description: 'Transformer turns ratio meter',
          frequency: 'P6M',
          calibrationHouse: 'Precision Calibration Ltd',
          asFoundError: { value: 0.3 },
          asLeftError: { value: 0.01 },
        },
      },
    })
    expect(res.statusCode, res.body).toBe(200)

    const { text } = await certificate(earlier.recordId)
    // The device is the certificate's subject: its own calibration is in the record section, once.
    expect(text).toContain('Calibration certificate')
    expect(text).toContain(`Calibration date ${dmy(new Date(earlier.recordDate))}`)
    expect(text).not.toContain('Test equipment used')
    // Nothing of the later calibration (its date, its expiry six months on) reaches the earlier certificate.
    expect(text).not.toContain(dmy(later))
    expect(text).not.toContain('In calibration')
  })

  it("F1: equipment linked without a snapshot is named, its state said to be unrecorded, never today's", async () => {
    const test = record('NWT:1001')
    await server.database.db
      .update(recordTestEquipment)
      .set({ snapshot: null })
      .where(eq(recordTestEquipment.recordId, test.recordId))
    const { text } = await certificate(test.recordId)
    expect(text).toContain('Test equipment used')
    expect(text.match(/Not recorded with this record/g)).toHaveLength(2)
    expect(text).not.toContain('In calibration')
    // F8: the record's own line names the devices by serial, from the devices read for the table.
    expect(text).toContain('Test equipment used EPN-TE:1, EPN-TE:2')
  })

  it('F2: a calibration is framed by its stored outcome as found and as left, never "not judged"', async () => {
    const calibrated = await certificate(record('EPN-TE:1').recordId)
    expect(calibrated.text).toContain('As found: PASS · As left: PASS')
    expect(calibrated.text).not.toContain('Overall verdict')

    // Skipped, nothing measured: not required, and no group reads FAIL for the checks left empty.
    const skipped = await certificate(record('EPN-TE:3').recordId)
    expect(skipped.text).toContain('Calibration not required')
    expect(skipped.text).not.toContain('Overall verdict')
    expect(skipped.text).not.toContain('FAIL')
  })

  it('F3: a 200-character organisation name is shortened; record id, serial and page always print whole', async () => {
    const name = `${'Eastern Power Networks Distribution Services '.repeat(5)}`.slice(0, 200)
    const saved = await server.call('config', 'PUT', '/api/Settings/certificate', {
      as: 'viewAll',
      body: { organisationName: name, addressLine: '', logo: null },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    try {
      const test = record('NWT:1002')
      const { text, pages } = await certificate(test.recordId)
      const perPage = text.split('\f')
      expect(pages).toBeGreaterThan(1)
      perPage.forEach((page, i) => {
        expect(page).toMatch(new RegExp(`Eastern Power .*… · Record ${test.recordId} · NWT:1002`))
        expect(page).toContain(`Page ${i + 1} of ${pages}`)
      })
    } finally {
      await server.call('config', 'PUT', '/api/Settings/certificate', {
        as: 'viewAll',
        body: { organisationName: '', addressLine: '', logo: null },
      })
    }
  })

  it('F7, F8: the form’s tester and the capturing account are told apart; devices by serial with their calibrator', async () => {
    const test = record('NWT:1003')
    const { text } = await certificate(test.recordId)
    // The form's own field, as typed, and the account the record was captured under (seeded: unknown).
    expect(text).toContain('Tested by J. Smith')
    expect(text).toMatch(/Captured by unknown on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/)
    expect(text).toContain('Captured by (account)')
    expect(text.match(/Tested by/g)).toHaveLength(1)
    expect(text).toMatch(/Date \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/)
    expect(text).toContain('Test equipment used EPN-TE:1, EPN-TE:2')
    expect(text).not.toMatch(/Test equipment used 1, 2/)
    expect(text).toContain('Calibrator')
    expect(text).toContain('Precision Calibration Ltd')
  })
})
