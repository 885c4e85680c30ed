import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { documents } from '../../server/db/schema/index'
import { PDF } from './records-fixtures'

const MiB = 1024 * 1024

/**
 * Issue #11.3: over real HTTP with Node's fetch (the chunking that let 21–31 MiB files through as
 * 20,971,520 stored bytes), every oversize upload is 413 with nothing stored, whatever its size.
 */
describe('{itr}/api/formDocuments over the 20 MiB limit', () => {
  let server: TestServer
  let base = ''
  let token = ''
  beforeAll(async () => {
    server = await startTestServer()
    base = await server.app.listen({ port: 0, host: '127.0.0.1' })
    token = await server.tokenFor('internal')
  })
  afterAll(() => server.close())

  const stored = async () => (await server.database.db.select({ n: count() }).from(documents))[0].n
  const pdfOf = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)])
  const send = async (parts: [string, Buffer][]) => {
    const form = new FormData()
    for (const [name, content] of parts) form.append('file', new Blob([content]), name)
    const res = await fetch(`${base}/svc/itr/api/formDocuments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    return { status: res.status, body: (await res.json()) as { message?: string; fileSize?: number } }
  }

  it('stores a file of exactly the limit', async () => {
    const res = await send([['limit.pdf', pdfOf(20 * MiB)]])
    expect(res.status).toBe(200)
  })

  it.each([20 * MiB + 1, 21 * MiB, 25 * MiB, 29 * MiB, 31 * MiB])(
    'refuses %i bytes with 413 and stores nothing',
    async (size) => {
      const before = await stored()
      const res = await send([['big.pdf', pdfOf(size)]])
      expect(res.status).toBe(413)
      expect(res.body.message).toBe('The file is larger than the 20 MB limit.')
      expect(await stored()).toBe(before)
    },
  )

  it('refuses two file parts in one upload, storing neither', async () => {
    const before = await stored()
    const res = await send([
      ['a.pdf', pdfOf(1000)],
      ['b.pdf', pdfOf(1000)],
    ])
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Send one file per upload; this request holds more than one.')
    expect(await stored()).toBe(before)
  })
})
