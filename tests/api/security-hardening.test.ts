import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { startTestServer, type TestServer } from '../support/api'
import { multipart } from './records-fixtures'

const page = (kind: 'assets' | 'records', filter: object) =>
  kind === 'assets'
    ? `/api/assets/page/1/size/10/filter/${encodeURIComponent(JSON.stringify(filter))}`
    : `/api/InstrumentTestRecord/Records/page/1/size/10/filter/${encodeURIComponent(JSON.stringify(filter))}`

/** Hardening checks of issue 8 (OWASP ASVS V14.4 headers, V12 files, V5 input). */
describe('hardening', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const directives = (csp: string) =>
    Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/)
        return [name, values]
      }),
    ) as Record<string, string[]>

  it('sends a CSP without inline scripts, and strict security headers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/config.json' })
    const csp = directives(String(res.headers['content-security-policy']))
    expect(csp['script-src']).toContain("'self'")
    expect(csp['script-src']).not.toContain("'unsafe-inline'")
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['script-src-attr']).toEqual(["'none'"])
    expect(csp['default-src']).toEqual(["'self'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['base-uri']).toEqual(["'self'"])
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['permissions-policy']).toContain('camera=(self)')
    expect(res.headers['permissions-policy']).toContain('microphone=()')
    expect(res.headers['permissions-policy']).toContain('geolocation=()')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['x-powered-by']).toBeUndefined()
  })

  it('allows no eval and no inline script on any response: the SPA, the API and errors', async () => {
    const answers = [
      await server.app.inject({ method: 'GET', url: '/config.json' }),
      await server.call('meta', 'GET', '/api/Customers', { as: 'internal' }),
      await server.call('meta', 'GET', '/api/Customers'),
    ]
    for (const res of answers) {
      const header = String(res.headers['content-security-policy'])
      expect(header).not.toContain('unsafe-eval')
      const csp = directives(header)
      expect(csp['script-src']).toEqual(["'self'"])
      // No directive a script could fall back to allows eval or inline code either.
      for (const name of ['default-src', 'script-src-elem', 'worker-src'])
        expect(csp[name] ?? [], name).not.toContain("'unsafe-inline'")
    }
  })

  it('sends HSTS only when the request came over TLS (a forwarded proto only from a trusted proxy)', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/config.json' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    const forwarded = {
      method: 'GET' as const,
      url: '/config.json',
      headers: { 'x-forwarded-proto': 'https' },
    }
    // Without TRUST_PROXY any client could claim TLS: the header is not believed.
    expect((await server.app.inject(forwarded)).headers['strict-transport-security']).toBeUndefined()
    const behindProxy = await buildApp({
      config: { ...server.config, trustProxy: true },
      database: { ...server.database, close: async () => {} },
    })
    try {
      const tls = await behindProxy.inject(forwarded)
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    } finally {
      await behindProxy.close()
    }
  })

  it('keeps API answers out of caches, and sends the same headers on errors', async () => {
    const ok = await server.call('meta', 'GET', '/api/Customers', { as: 'internal' })
    expect(ok.headers['cache-control']).toBe('no-store')
    const refused = await server.call('meta', 'GET', '/api/Customers')
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['cache-control']).toBe('no-store')
    expect(refused.headers['content-security-policy']).toBeTruthy()
  })

  it('refuses a body one byte over the 30 MB limit, saying what the limit is', async () => {
    const limit = 30 * 1024 * 1024
    const body = (size: number) => `{"data":"${'a'.repeat(size - 11)}"}`
    expect(body(limit + 1)).toHaveLength(limit + 1)
    const over = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: body(limit + 1),
      headers: { 'content-type': 'application/json' },
    })
    expect(over.statusCode).toBe(413)
    expect(over.json().message).toBe('The request is larger than the 30 MB limit; nothing was stored.')
    // At the limit the body is read and checked as usual.
    const at = await server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
      as: 'internal',
      body: body(limit),
      headers: { 'content-type': 'application/json' },
    })
    expect(at.statusCode).toBe(400)
  })

  it('sends one and the same security header set on answers, refusals and errors', async () => {
    const names = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'permissions-policy',
    ]
    const set = (res: { headers: Record<string, unknown> }) =>
      Object.fromEntries(names.map((name) => [name, res.headers[name]]))
    const ok = await server.call('meta', 'GET', '/api/Customers', { as: 'internal' })
    expect(ok.statusCode).toBe(200)
    for (const name of names) expect(ok.headers[name], name).toBeTruthy()
    const answers = [
      await server.call('meta', 'GET', '/api/Customers'),
      await server.call('data', 'GET', '/api/InstrumentTestRecord/Record/999999', { as: 'internal' }),
      await server.call(
        'data',
        'GET',
        `/api/InstrumentTestRecord/Records/page/1/size/10/filter/${encodeURIComponent('{')}`,
        {
          as: 'internal',
        },
      ),
      await server.app.inject({ method: 'GET', url: '/svc/no-such-route' }),
    ]
    expect(answers.map((res) => res.statusCode)).toEqual([401, 404, 400, 404])
    for (const res of answers) expect(set(res)).toEqual(set(ok))
  })

  it('serves uploads as attachments with their sniffed type, never inline', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    )
    const up = await server.call('itr', 'POST', '/api/formDocuments', {
      as: 'internal',
      ...multipart('x.svg', svg),
    })
    expect(up.statusCode).toBe(200)
    const saved = up.json().savedFilename as string
    // The stored name is random: the caller's name never becomes a path.
    expect(saved).toMatch(/^[0-9a-f-]{36}\.svg$/)
    const res = await server.call('itr', 'GET', `/api/formDocuments?filename=${saved}`, { as: 'internal' })
    expect(res.headers['content-disposition']).toMatch(/^attachment;/)
    expect(res.headers['content-type']).toBe('image/svg+xml')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")

    const html = await server.call('itr', 'POST', '/api/formDocuments', {
      as: 'internal',
      ...multipart('page.pdf', Buffer.from('<html><script>alert(1)</script></html>')),
    })
    expect(html.statusCode).toBe(400)
    expect(html.json().message).toBe('The content of page.pdf does not match its file extension.')
    const traversal = await server.call('itr', 'POST', '/api/formDocuments', {
      as: 'internal',
      ...multipart('../../etc/passwd', Buffer.from('root:x:0:0')),
    })
    expect(traversal.statusCode).toBe(400)
  })

  it.each([
    ['assets', 'id; DROP TABLE products', 'Products cannot be sorted by id; DROP TABLE products.'],
    ['assets', 'constructor', 'Products cannot be sorted by constructor.'],
    ['assets', 'toString', 'Products cannot be sorted by toString.'],
    ['records', 'recordDate DESC, (SELECT 1)', 'Records cannot be sorted by recordDate DESC, (SELECT 1).'],
    ['records', 'constructor', 'Records cannot be sorted by constructor.'],
  ] as const)('whitelists sort fields: %s sortField %j is refused', async (kind, sortField, message) => {
    const res = await server.call(kind === 'assets' ? 'meta' : 'data', 'GET', page(kind, { sortField }), {
      as: 'configurator',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('whitelists record filter fields', async () => {
    const res = await server.call(
      'data',
      'GET',
      page('records', {
        filters: [
          { field: '1=1; --', value: 'x' },
          { field: '__proto__', value: 1 },
        ],
      }),
      { as: 'configurator' },
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Unknown records filter field: 1=1; --')
  })
})
