import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'
import { multipart, PDF } from './records-fixtures'

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

describe('{itr}/api/formDocuments', () => {
  let server: TestServer
  beforeAll(async () => {
    process.env.UPLOAD_MAX_MB = '1'
    server = await startTestServer()
  })
  afterAll(async () => {
    delete process.env.UPLOAD_MAX_MB
    await server.close()
  })

  const upload = (filename: string, content: Buffer, query = '') => {
    const { body, headers } = multipart(filename, content)
    return server.call('itr', 'POST', `/api/formDocuments${query}`, { as: 'internal', body, headers })
  }

  it('stores an upload and answers the SPEC §3 Document, then serves it as an attachment', async () => {
    const res = await upload('certificate.pdf', PDF, '?documentType=calibrationCertificate')
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc).toMatchObject({
      documentType: 'calibrationCertificate',
      originalFilename: 'certificate.pdf',
      contentType: 'application/pdf',
    })
    expect(doc.savedFilename).toMatch(/^[0-9a-f-]{36}\.pdf$/)

    const got = await server.call('itr', 'GET', `/api/formDocuments?filename=${doc.savedFilename}`, {
      as: 'internal',
    })
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-type']).toBe('application/pdf')
    expect(got.headers['content-disposition']).toContain('attachment; filename="certificate.pdf"')
    expect(got.rawPayload.equals(PDF)).toBe(true)
  })

  it('answers 404 with the SPEC §8 text for an unknown file', async () => {
    const res = await server.call('itr', 'GET', '/api/formDocuments?filename=nope.pdf', { as: 'internal' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Could not load document at this time')
  })

  it('accepts a PNG by default but only PDF in pdf mode', async () => {
    expect((await upload('photo.png', PNG)).statusCode).toBe(200)
    const res = await upload('photo.png', PNG, '?accept=pdf')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('photo.png is not an accepted file type (.pdf).')
  })

  it('refuses extensions off the allow-list', async () => {
    const res = await upload('script.exe', Buffer.from('MZ'))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'script.exe is not an accepted file type (.docx .png .svg .xls .zip .pdf).',
    )
  })

  it('refuses content that does not match its extension', async () => {
    const res = await upload('fake.pdf', Buffer.from('<html>not a pdf</html>'))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('The content of fake.pdf does not match its file extension.')
  })

  it('refuses files over the size limit with 413', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 0x20)])
    const res = await upload('big.pdf', big)
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe('The file is larger than the 1 MB limit.')
  })

  it('refuses a request without a file field', async () => {
    const { body, headers } = multipart('a.pdf', PDF, 'other')
    const res = await server.call('itr', 'POST', '/api/formDocuments', { as: 'internal', body, headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('No file was sent; post it as multipart field "file".')
  })

  it('needs a signed-in user', async () => {
    const res = await server.call('itr', 'GET', '/api/formDocuments?filename=x')
    expect(res.statusCode).toBe(401)
  })
})
