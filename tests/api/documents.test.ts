import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { documents } from '../../server/db/schema/index'
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

  it('checks documentType the same way as a query parameter or a form field (audit #7)', async () => {
    const stored = async () => (await server.database.db.select({ n: count() }).from(documents))[0].n
    // A multipart body with a documentType field before the file.
    const withField = (documentType: string) => {
      const boundary = '----itrfield' + Math.random().toString(16).slice(2)
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\n${documentType}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\n` +
            `Content-Type: application/octet-stream\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` }
      return server.call('itr', 'POST', '/api/formDocuments', { as: 'supplier', body, headers })
    }
    const before = await stored()
    const tooLong = 'd'.repeat(101)
    for (const res of [await upload('b.pdf', PDF, `?documentType=${tooLong}`), await withField(tooLong)]) {
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('The document type may be at most 100 characters.')
    }
    expect((await withField('e'.repeat(5000))).statusCode).toBe(400)
    expect(await stored()).toBe(before)

    const longest = 'd'.repeat(100)
    for (const res of [await upload('b.pdf', PDF, `?documentType=${longest}`), await withField(longest)]) {
      expect(res.statusCode).toBe(200)
      expect(res.json().documentType).toBe(longest)
    }
    expect(await stored()).toBe(before + 2)
  })

  it('needs a signed-in user', async () => {
    const res = await server.call('itr', 'GET', '/api/formDocuments?filename=x')
    expect(res.statusCode).toBe(401)
  })
})
