import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api'

type Role = 'viewAll' | 'configurator' | 'internal' | 'supplier'

describe('device owners ({itr}/api/deviceOwners)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const itr = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    as: Role = 'configurator',
  ) => server.call('itr', method, path, { as, body })
  const ownerNamed = async (name: string) =>
    (await itr('GET', '/api/deviceOwners')).json().find((o: { name: string }) => o.name === name) as {
      id: number
      name: string
    }

  it('lists owners and reads one with parent, ranges, contacts and locations', async () => {
    const list = await itr('GET', '/api/deviceOwners', undefined, 'internal')
    expect(list.statusCode).toBe(200)
    const north = await ownerNamed('Western Grid Services North')
    const parent = await ownerNamed('Western Grid Services')
    const res = await itr('GET', `/api/deviceOwners/${north.id}`, undefined, 'internal')
    expect(res.json()).toMatchObject({
      id: north.id,
      name: 'Western Grid Services North',
      createdInItr: true,
      parent: { id: parent.id, name: 'Western Grid Services' },
      testEquipmentSerialRanges: [{ id: 1, prefix: 'WGN:', min: 1, max: 250 }],
      calibrationReminderContacts: [],
      locations: [{ id: expect.any(Number), name: 'Gloucester Depot' }],
    })
  })

  it('answers a missing owner with 404 and a bad id with the SPEC text', async () => {
    const missing = await itr('GET', '/api/deviceOwners/9999')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Device owner 9999 does not exist')
    const bad = await itr('GET', '/api/deviceOwners/abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Invalid owner ID: abc')
  })

  it('keeps supplier-view users out of owners', async () => {
    expect((await itr('GET', '/api/deviceOwners', undefined, 'supplier')).statusCode).toBe(403)
  })

  it('creates an owner (createdInItr) and renames it with PATCH, parent included', async () => {
    const created = await itr('POST', '/api/deviceOwners', { name: 'Southern Utilities' })
    expect(created.statusCode).toBe(200)
    const id = created.json()
    expect((await itr('GET', `/api/deviceOwners/${id}`)).json()).toMatchObject({
      name: 'Southern Utilities',
      createdInItr: true,
      parent: null,
    })
    const parent = await ownerNamed('Eastern Power Networks')
    expect(
      (await itr('PATCH', `/api/deviceOwners/${id}`, { name: 'Southern Utilities plc', parentId: parent.id }))
        .statusCode,
    ).toBe(204)
    expect((await itr('GET', `/api/deviceOwners/${id}`)).json()).toMatchObject({
      name: 'Southern Utilities plc',
      parent: { id: parent.id },
    })
    expect(
      (await itr('PATCH', `/api/deviceOwners/${id}`, { name: 'Southern Utilities plc', parentId: id })).json()
        .message,
    ).toBe('An owner cannot be its own parent.')
  })

  it('refuses a name that exists ignoring case with the SPEC text', async () => {
    for (const name of ['eastern power NETWORKS', ' Western Grid Services ']) {
      const res = await itr('POST', '/api/deviceOwners', { name })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(
        'An owner with this name already exists, please edit this owner instead',
      )
    }
    const other = (await itr('POST', '/api/deviceOwners', { name: 'Rename Me' })).json()
    const clash = await itr('PATCH', `/api/deviceOwners/${other}`, { name: 'WESTERN GRID SERVICES' })
    expect(clash.json().message).toBe(
      'An owner with this name already exists, please edit this owner instead',
    )
  })

  it('requires a name with the SPEC text, and keeps names of owners not created in ITR', async () => {
    const res = await itr('POST', '/api/deviceOwners', { name: '' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('You must give the owner a name.')
    // An overlong name says the limit (audit #6).
    const long = await itr('POST', '/api/deviceOwners', { name: 'x'.repeat(201) })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('The owner name may be at most 200 characters.')
    const imported = await ownerNamed('Eastern Power Networks')
    const rename = await itr('PATCH', `/api/deviceOwners/${imported.id}`, { name: 'EPN' })
    expect(rename.statusCode).toBe(400)
    expect(rename.json().message).toBe(
      'The name of this owner cannot be changed because it was not created in ITR.',
    )
  })

  it('rejects owner writes from a non-configurator with 403', async () => {
    expect((await itr('POST', '/api/deviceOwners', { name: 'Nope' }, 'internal')).statusCode).toBe(403)
    expect(
      (await itr('PUT', '/api/deviceOwners/1/calibrationReminderContacts', [], 'internal')).statusCode,
    ).toBe(403)
  })

  describe('test-equipment serial ranges', () => {
    const put = async (ranges: unknown) => {
      const owner = await ownerNamed('Western Grid Services')
      return itr('PUT', `/api/deviceOwners/${owner.id}/serialRanges/testEquipment`, ranges)
    }

    it('stores ranges (dropping empty ones) and reads them back', async () => {
      const res = await put([
        { id: -1, prefix: 'WGS:', min: 1, max: 600 },
        { id: 0, prefix: '', min: null, max: null },
        { id: -2, prefix: 'WGS-LV:', min: 10, max: 10 },
      ])
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([
        { id: 1, prefix: 'WGS:', min: 1, max: 600 },
        { id: 2, prefix: 'WGS-LV:', min: 10, max: 10 },
      ])
      const owner = await ownerNamed('Western Grid Services')
      expect(
        (await itr('GET', `/api/deviceOwners/${owner.id}`)).json().testEquipmentSerialRanges,
      ).toHaveLength(2)
    })

    it.each([
      ['a missing prefix', [{ id: 1, prefix: '', min: 1, max: 2 }], 'Serial ranges must be given a prefix'],
      [
        'a prefix without the separator',
        [{ id: 1, prefix: 'WGS', min: 1, max: 2 }],
        "Serial range prefixes must end with ':'",
      ],
      [
        'max below min',
        [{ id: 1, prefix: 'WGS:', min: 5, max: 4 }],
        'Serial range maximum must be greater than or equal to minimum',
      ],
      [
        'a missing max',
        [{ id: 1, prefix: 'WGS:', min: 5, max: null }],
        'You must provide a maximum and minimum value for each serial range',
      ],
      [
        'a max past the bound (audit)',
        [{ id: 1, prefix: 'WGS:', min: 5, max: 1e300 }],
        'Serial range min and max must be whole numbers from 0 to 2147483647.',
      ],
      [
        'a max one past the bound',
        [{ id: 1, prefix: 'WGS:', min: 5, max: 2147483648 }],
        'Serial range min and max must be whole numbers from 0 to 2147483647.',
      ],
      [
        'a negative min',
        [{ id: 1, prefix: 'WGS:', min: -1, max: 5 }],
        'Serial range min and max must be whole numbers from 0 to 2147483647.',
      ],
      [
        'a fraction',
        [{ id: 1, prefix: 'WGS:', min: 1.5, max: 5 }],
        'Serial range min and max must be whole numbers from 0 to 2147483647.',
      ],
      [
        'a number sent as text',
        [{ id: 1, prefix: 'WGS:', min: '1', max: 5 }],
        'Serial range min and max must be whole numbers from 0 to 2147483647.',
      ],
    ])('rejects %s', async (_label, ranges, message) => {
      const res = await put(ranges)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(message)
    })

    it("rejects a body that is not a list with 'Unexpected serial range type'", async () => {
      const res = await put({ Id: 1 })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Unexpected serial range type')
    })
  })

  describe('calibration reminder contacts', () => {
    const put = async (contacts: unknown) => {
      const owner = await ownerNamed('Eastern Power Networks')
      return itr('PUT', `/api/deviceOwners/${owner.id}/calibrationReminderContacts`, contacts)
    }

    it('stores contacts, dropping blanks', async () => {
      const res = await put(['a@epn.example', ' ', 'b@epn.example'])
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(['a@epn.example', 'b@epn.example'])
    })

    it('lists contacts that are not e-mail addresses', async () => {
      const res = await put(['ok@epn.example', 'not-an-email', 'x@y'])
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'The following contacts do not have a valid email address: not-an-email, x@y',
      )
    })

    it('rejects duplicate contacts', async () => {
      const res = await put(['a@epn.example', 'A@EPN.example'])
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Please remove the following duplicate contacts: a@epn.example')
    })
  })

  describe('locations', () => {
    it('adds, renames and deletes locations', async () => {
      const owner = await ownerNamed('Western Grid Services')
      const base = `/api/DeviceOwners/${owner.id}/Locations`
      const added = await itr('POST', base, { name: 'Bath Workshop' })
      expect(added.statusCode).toBe(200)
      const id = added.json()
      expect((await itr('PUT', `${base}/${id}`, { name: 'Bath Workshop 2' })).statusCode).toBe(204)
      const names = (await itr('GET', base, undefined, 'internal'))
        .json()
        .map((l: { name: string }) => l.name)
      expect(names).toContain('Bath Workshop 2')
      expect((await itr('DELETE', `${base}/${id}`)).statusCode).toBe(204)
      expect((await itr('GET', base)).json().map((l: { id: number }) => l.id)).not.toContain(id)
      expect((await itr('DELETE', `${base}/${id}`)).statusCode).toBe(404)
    })

    it('rejects a duplicate location name (ignoring case) with the SPEC text', async () => {
      const owner = await ownerNamed('Western Grid Services')
      const res = await itr('POST', `/api/DeviceOwners/${owner.id}/Locations`, { name: 'bristol test lab' })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('Please remove the following duplicate locations: bristol test lab')
    })

    it('requires a location name', async () => {
      const owner = await ownerNamed('Western Grid Services')
      const res = await itr('POST', `/api/DeviceOwners/${owner.id}/Locations`, { name: ' ' })
      expect(res.json().message).toBe('You must give the location a name.')
      const missing = await itr('POST', `/api/DeviceOwners/${owner.id}/Locations`, {})
      expect(missing.statusCode).toBe(400)
      expect(missing.json().message).toBe('You must give the location a name.')
    })

    it('answers an overlong location name with the limit, storing nothing (audit #6)', async () => {
      const owner = await ownerNamed('Western Grid Services')
      const base = `/api/DeviceOwners/${owner.id}/Locations`
      const before = (await itr('GET', base)).json().length
      const res = await itr('POST', base, { name: 'x'.repeat(201) })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('The location name may be at most 200 characters.')
      const number = await itr('POST', base, { name: 5 })
      expect(number.json().message).toBe('The location name must be text.')
      expect((await itr('GET', base)).json().length).toBe(before)
    })
  })
})
