import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

type Role = 'viewAll' | 'configurator' | 'internal' | 'supplier'

describe('calibrators ({itr}/api/calibrators)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const itr = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    as: Role = 'configurator',
  ) => server.call('itr', method, path, { as, body })

  it('lists calibrators with id and name', async () => {
    const res = await itr('GET', '/api/calibrators', undefined, 'internal')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toContainEqual({ id: expect.any(Number), name: 'Precision Calibration Ltd' })
  })

  it('creates (returning the id), renames and deletes a calibrator', async () => {
    const created = await itr('POST', '/api/calibrators', { name: 'Volt Labs' })
    expect(created.statusCode).toBe(200)
    const id = created.json()
    expect((await itr('PUT', `/api/calibrators/${id}`, { name: 'Volt Labs Ltd' })).statusCode).toBe(204)
    expect((await itr('GET', '/api/calibrators')).json()).toContainEqual({ id, name: 'Volt Labs Ltd' })
    expect((await itr('DELETE', `/api/calibrators/${id}`)).statusCode).toBe(204)
    const again = await itr('DELETE', `/api/calibrators/${id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(`Calibrator ${id} does not exist`)
  })

  it('requires a name and accepts only the name', async () => {
    expect((await itr('POST', '/api/calibrators', { name: '' })).json().message).toBe(
      'You must give the calibrator a name.',
    )
    expect((await itr('POST', '/api/calibrators', { name: 'A', id: 3 })).statusCode).toBe(400)
    expect((await itr('POST', '/api/calibrators', {})).json().message).toBe(
      'You must give the calibrator a name.',
    )
  })

  it('answers an overlong or non-text name with its own message, storing nothing (audit #6)', async () => {
    const before = (await itr('GET', '/api/calibrators')).json().length
    const long = await itr('POST', '/api/calibrators', { name: 'x'.repeat(201) })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('The calibrator name may be at most 200 characters.')
    const number = await itr('POST', '/api/calibrators', { name: 5 })
    expect(number.statusCode).toBe(400)
    expect(number.json().message).toBe('The calibrator name must be text.')
    expect((await itr('GET', '/api/calibrators')).json().length).toBe(before)
  })

  it("answers 'Item has not been saved' for a row that was never saved", async () => {
    const res = await itr('DELETE', '/api/calibrators/0')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Item has not been saved')
  })

  it('rejects writes from a non-configurator with 403 and reads from a supplier user', async () => {
    expect((await itr('POST', '/api/calibrators', { name: 'X' }, 'internal')).statusCode).toBe(403)
    expect((await itr('DELETE', '/api/calibrators/1', undefined, 'internal')).statusCode).toBe(403)
    expect((await itr('GET', '/api/calibrators', undefined, 'supplier')).statusCode).toBe(403)
  })
})
