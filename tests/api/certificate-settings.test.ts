import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { LOGO_MAX_BYTES, SETTINGS_MESSAGES } from '../../schemas/settings'
import { SITE_PHOTO_JPEG, imageCount, testPng } from '../support/images'
import { pdfText } from '../support/pdf-text'

/** Issue #16.4: the organisation name, address line and logo every certificate carries, set by an admin. */
const PATH = '/api/Settings/certificate'
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`

describe('certificate template settings', () => {
  let server: TestServer
  let recordId: number
  beforeAll(async () => {
    server = await startTestServer()
    const page = await server.call(
      'data',
      'GET',
      `/api/InstrumentTestRecord/Records/page/1/size/1/filter/${encodeURIComponent('{}')}`,
      { as: 'viewAll' },
    )
    recordId = page.json().result[0].recordId
  })
  afterAll(() => server.close())

  const put = (as: 'viewAll' | 'configurator' | 'internal' | 'supplier', body: unknown) =>
    server.call('config', 'PUT', PATH, { as, body: body as Record<string, unknown> })
  const certificate = () =>
    server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${recordId}/certificate.pdf`, {
      as: 'viewAll',
    })

  it('reads empty settings before any save, for every signed-in view', async () => {
    for (const as of ['supplier', 'internal', 'configurator', 'viewAll'] as const) {
      const res = await server.call('config', 'GET', PATH, { as })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ organisationName: '', addressLine: '', logo: null })
    }
    expect((await server.call('config', 'GET', PATH)).statusCode).toBe(401)
  })

  it('is changed by an administrator only, and the change is audited without the logo bytes', async () => {
    const body = {
      organisationName: 'Eastern Power Networks',
      addressLine: '1 Grid Way, Ipswich IP1 1AA · +44 1473 000000',
      logo: dataUrl('image/png', testPng(240, 80)),
    }
    for (const as of ['supplier', 'internal', 'configurator'] as const)
      expect((await put(as, body)).statusCode, as).toBe(403)
    const saved = await put('viewAll', body)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual(body)
    expect((await server.call('config', 'GET', PATH, { as: 'supplier' })).json()).toEqual(body)

    const history = await server.call('config', 'GET', '/api/Audit/certificateSettings/1', { as: 'viewAll' })
    expect(history.statusCode).toBe(200)
    const [entry] = history.json()
    expect(entry).toMatchObject({ action: 'create', userName: 'admin', entity: 'certificateSettings' })
    expect(entry.after.organisationName).toBe('Eastern Power Networks')
    expect(entry.after.logo).toMatchObject({
      type: 'image/png',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(JSON.stringify(entry)).not.toContain('base64')
  })

  it('puts the name, address and logo on every certificate', async () => {
    const withLogo = await certificate()
    const { text } = await pdfText(withLogo.rawPayload)
    expect(text).toContain('Eastern Power Networks')
    expect(text).toContain('1 Grid Way, Ipswich IP1 1AA')
    expect(text).toContain('Eastern Power Networks · Record')
    // A JPEG logo is taken too; no logo leaves one image fewer (the QR code stays).
    expect(
      (await put('viewAll', { ...(await settings()), logo: dataUrl('image/jpeg', SITE_PHOTO_JPEG) }))
        .statusCode,
    ).toBe(200)
    expect(imageCount((await certificate()).rawPayload)).toBe(imageCount(withLogo.rawPayload))
    expect((await put('viewAll', { ...(await settings()), logo: null })).statusCode).toBe(200)
    expect(imageCount((await certificate()).rawPayload)).toBe(imageCount(withLogo.rawPayload) - 1)
  })

  const settings = async () => (await server.call('config', 'GET', PATH, { as: 'viewAll' })).json()

  it('refuses an oversized logo, another type, or bytes that are not the image they claim, with a clear message', async () => {
    const base = { organisationName: 'X', addressLine: '' }
    const png = testPng(10, 10)
    // Just over the limit (same data-URL length as the limit itself) and far over it.
    for (const size of [LOGO_MAX_BYTES + 1, 2 * 1024 * 1024]) {
      const big = Buffer.concat([png, Buffer.alloc(size - png.length, 7)])
      const res = await put('viewAll', { ...base, logo: dataUrl('image/png', big) })
      expect(res.statusCode, String(size)).toBe(400)
      expect(res.json().message).toBe(SETTINGS_MESSAGES.logoTooLarge)
    }
    expect(SETTINGS_MESSAGES.logoTooLarge).toBe(
      'The logo is larger than the 512 KB limit; choose a smaller PNG or JPEG image.',
    )
    const gif = await put('viewAll', { ...base, logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' })
    expect(gif.statusCode).toBe(400)
    expect(gif.json().message).toBe(SETTINGS_MESSAGES.logoType)
    for (const logo of [dataUrl('image/png', SITE_PHOTO_JPEG), dataUrl('image/png', png.subarray(0, 30))]) {
      const res = await put('viewAll', { ...base, logo })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(SETTINGS_MESSAGES.logoUnreadable)
    }
    const long = await put('viewAll', { ...base, organisationName: 'x'.repeat(201), logo: null })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe(SETTINGS_MESSAGES.organisationName)
    expect((await put('viewAll', { ...base })).statusCode).toBe(400)
    // Nothing refused was saved.
    expect((await settings()).organisationName).toBe('Eastern Power Networks')
  })
})
