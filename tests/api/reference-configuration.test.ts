import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

type Role = 'viewAll' | 'configurator' | 'internal' | 'supplier'

describe('configuration and customers ({meta}/api/Configuration, /api/Customers)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const meta = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    as: Role = 'configurator',
  ) => server.call('meta', method, path, { as, body })

  it('lists the record categories 1..4 under ITRCATEGORY', async () => {
    const res = await meta('GET', '/api/Configuration/ITRCATEGORY/', undefined, 'supplier')
    expect(res.statusCode).toBe(200)
    expect(res.json().map((c: { id: number; value: string }) => [c.id, c.value])).toEqual([
      [1, 'Test'],
      [2, 'Despatch'],
      [3, 'Problem Report'],
      [4, 'Calibration'],
    ])
  })

  it('lists fault and repair descriptives', async () => {
    const fault = (await meta('GET', '/api/Configuration/ITRFAULTDESCRIPTIVE', undefined, 'internal')).json()
    expect(fault.map((d: { value: string }) => d.value)).toContain('Water ingress')
    expect(fault[0]).toMatchObject({
      domain: 'ITRFAULTDESCRIPTIVE',
      id: expect.any(Number),
      key: expect.any(String),
    })
    const repair = (await meta('GET', '/api/Configuration/ITRREPAIRDESCRIPTIVE')).json()
    expect(repair.map((d: { value: string }) => d.value)).toContain('Cleaned contacts')
  })

  it('adds, updates and deletes a descriptive', async () => {
    const body = {
      domain: 'ITRFAULTDESCRIPTIVE',
      id: 0,
      key: '',
      value: 'Cable damage',
      description: 'Cable damage',
      shortDescription: '',
    }
    const created = await meta('POST', '/api/Configuration/', body)
    expect(created.statusCode).toBe(200)
    const id = created.json()
    // Moving it to the repair category is an update of the same row.
    expect(
      (
        await meta('PUT', '/api/Configuration/', {
          ...body,
          id,
          domain: 'ITRREPAIRDESCRIPTIVE',
          value: 'Cable replaced',
        })
      ).statusCode,
    ).toBe(204)
    const repair = (await meta('GET', '/api/Configuration/ITRREPAIRDESCRIPTIVE')).json()
    expect(repair).toContainEqual(expect.objectContaining({ id, value: 'Cable replaced' }))
    expect(
      (await meta('DELETE', '/api/Configuration/', { ...body, id, domain: 'ITRREPAIRDESCRIPTIVE' }))
        .statusCode,
    ).toBe(204)
    expect(
      (await meta('GET', '/api/Configuration/ITRREPAIRDESCRIPTIVE')).json().map((d: { id: number }) => d.id),
    ).not.toContain(id)
  })

  it('applies the survey/repair rules to descriptive writes', async () => {
    const noName = await meta('POST', '/api/Configuration/', { domain: 'ITRFAULTDESCRIPTIVE', value: ' ' })
    expect(noName.statusCode).toBe(400)
    expect(noName.json().message).toBe('You must provide a name for the Survey/Repair type.')
    const long = await meta('POST', '/api/Configuration/', {
      domain: 'ITRFAULTDESCRIPTIVE',
      value: 'x'.repeat(501),
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('The Survey/Repair type name may be at most 500 characters.')
    const noDomain = await meta('POST', '/api/Configuration/', { value: 'x' })
    expect(noDomain.json().message).toBe('Invalid survey/repair category')
    // Categories are fixed: ITRCATEGORY is not a descriptive domain.
    const category = await meta('PUT', '/api/Configuration/', {
      domain: 'ITRCATEGORY',
      id: 1,
      value: 'Tests',
    })
    expect(category.statusCode).toBe(400)
    expect(category.json().message).toBe('Invalid survey/repair category')
  })

  it('rejects descriptive writes from a non-configurator with 403', async () => {
    expect(
      (await meta('POST', '/api/Configuration/', { domain: 'ITRFAULTDESCRIPTIVE', value: 'x' }, 'internal'))
        .statusCode,
    ).toBe(403)
  })

  it('lists customers', async () => {
    const res = await meta('GET', '/api/Customers', undefined, 'internal')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toContainEqual({ id: expect.any(Number), name: 'Harbour City Council' })
  })
})
