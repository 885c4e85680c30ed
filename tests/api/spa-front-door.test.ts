import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

/** Issue #11.1: the address the README prints, `/`, is the app (SPEC §6: an empty first segment is allowed). */
describe('the front door', () => {
  let server: TestServer
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-dist-'))
  const INDEX =
    '<!doctype html><html><head><title>ITR Studio</title></head><body><div id="root"></div></body></html>'
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX)
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)')
    server = await startTestServer({ distDir: dist })
  })
  afterAll(async () => {
    await server.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  it.each(['/', '/Home', '/Suppliers/12', '/?next=%2FRecords'])(
    'GET %s answers the app, not JSON',
    async (url) => {
      const res = await server.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toBe(INDEX)
    },
  )

  it('serves hashed assets as immutable, and a missing file or API route as a JSON 404', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-1234.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    const missing = await server.app.inject({ method: 'GET', url: '/assets/gone.js' })
    expect(missing.statusCode).toBe(404)
    const api = await server.app.inject({ method: 'GET', url: '/svc/meta/api/nothing' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ message: 'Route GET /svc/meta/api/nothing not found' })
  })
})
