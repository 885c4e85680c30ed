import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isNotNull } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { records } from '../../server/db/schema/index'
import { checkRecordType, loadLayout, type RecordCategory } from '../../schemas/form-layout/index'

const layout = {
  version: 1,
  title: 'Transformer routine test',
  controls: [
    { type: 'singletext', variable: 'serial', label: 'Serial' },
    { type: 'datepicker', variable: 'testDate', label: 'Test date' },
    {
      type: 'group',
      variable: 'result',
      label: 'Results',
      children: [
        { type: 'testField', testType: 'numeric', variable: 'ratio', label: 'Ratio', min: 0.99, max: 1.01 },
      ],
    },
  ],
}
const mappings = { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'result' }
const attribute = (key: string, value: unknown) => ({
  key,
  value: JSON.stringify(value),
  name: key,
  description: key,
})

describe('record types ({meta}/api/DataPointTypes)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  const create = (body: object) =>
    server.call('meta', 'POST', '/api/DataPointTypes/', { as: 'configurator', body })
  const newFormType = async (name: string, units = 'Test') => {
    const res = await create({
      name,
      sensorTypeId: 2,
      valueType: 'string',
      units,
      description: 'description',
    })
    expect(res.statusCode).toBe(200)
    return res.json() as number
  }

  it('creates, reads, lists, updates and deletes a record type', async () => {
    const id = await newFormType('Routine test A')
    const got = await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'internal' })
    expect(got.statusCode).toBe(200)
    expect(got.json()).toMatchObject({
      id,
      name: 'Routine test A',
      units: 'Test',
      captureType: 'form',
      description: 'description',
    })

    const list = await server.call('meta', 'GET', '/api/DataPointTypes/', { as: 'supplier' })
    expect(list.json().map((r: { id: number }) => r.id)).toContain(id)

    const put = await server.call('meta', 'PUT', `/api/DataPointTypes/${id}`, {
      as: 'configurator',
      body: { name: 'Routine test B', sensorTypeId: 1, units: 'Despatch' },
    })
    expect(put.statusCode).toBe(204)
    const after = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'configurator' })
    ).json()
    expect(after).toMatchObject({ name: 'Routine test B', captureType: 'file', units: 'Despatch' })

    expect(
      (await server.call('meta', 'DELETE', `/api/datapointtypes/${id}`, { as: 'configurator' })).statusCode,
    ).toBe(204)
    const gone = await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'configurator' })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe(`Record type ${id} does not exist`)
  })

  it("rejects a missing or blank name with 'You must give the record type a name.'", async () => {
    for (const body of [
      { sensorTypeId: 2, units: 'Test' },
      { name: '   ', sensorTypeId: 2, units: 'Test' },
    ]) {
      const res = await create(body)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('You must give the record type a name.')
    }
  })

  it("rejects a name over 50 characters with 'Record name must not exceed 50 characters'", async () => {
    const res = await create({ name: 'x'.repeat(51), sensorTypeId: 2, units: 'Test' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Record name must not exceed 50 characters')
  })

  it('rejects a Calibration record type captured by file', async () => {
    const res = await create({ name: 'Cal', sensorTypeId: 1, units: 'Calibration' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Calibration record types are captured by form.')
  })

  it('keeps the category of a record type that has records (409), while its other fields still change', async () => {
    const [used] = await server.database.db
      .select({ id: records.recordTypeId })
      .from(records)
      .where(isNotNull(records.recordTypeId))
      .limit(1)
    const id = used.id!
    const get = async () =>
      (await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'configurator' })).json()
    const before = await get()
    expect(before.hasRecords).toBe(true)
    const asSupplier = await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'supplier' })
    expect(asSupplier.json()).not.toHaveProperty('hasRecords')
    const unused = await newFormType('Unused')
    const fresh = await server.call('meta', 'GET', `/api/DataPointTypes/${unused}`, { as: 'configurator' })
    expect(fresh.json()).toMatchObject({ id: unused, hasRecords: false })
    await server.call('meta', 'DELETE', `/api/datapointtypes/${unused}`, { as: 'configurator' })
    const put = (body: object) =>
      server.call('meta', 'PUT', `/api/DataPointTypes/${id}`, { as: 'configurator', body })
    const other = before.units === 'Despatch' ? 'Test' : 'Despatch'
    const moved = await put({ name: before.name, sensorTypeId: before.sensorTypeId, units: other })
    expect(moved.statusCode).toBe(409)
    expect(moved.json().message).toBe(
      `Record type ${before.name} has records, so its category cannot change.`,
    )
    expect(await get()).toEqual(before)
    const renamed = await put({
      name: `${before.name} (renamed)`,
      sensorTypeId: before.sensorTypeId,
      units: before.units,
    })
    expect(renamed.statusCode).toBe(204)
    expect((await get()).name).toBe(`${before.name} (renamed)`)
    await put({ name: before.name, sensorTypeId: before.sensorTypeId, units: before.units })
  })

  it('seeds a valid demo record type for every category, linked to product types', async () => {
    const list = (await server.call('meta', 'GET', '/api/DataPointTypes/', { as: 'configurator' })).json()
    const categories = new Set(list.map((r: { units: string }) => r.units))
    expect([...categories].sort()).toEqual(['Calibration', 'Despatch', 'Problem Report', 'Test'])
    for (const type of list) {
      const attr = (key: string) => type.attributes.find((a: { key: string }) => a.key === key)?.value
      const loaded = loadLayout(JSON.parse(attr('DataEntryForm')))
      expect(loaded.ok, type.name).toBe(true)
      const issues = checkRecordType({
        name: type.name,
        captureType: type.captureType,
        category: type.units as RecordCategory,
        mappings: JSON.parse(attr('FieldMappings')),
        layout: loaded.ok ? loaded.layout : null,
      })
      expect(issues, type.name).toEqual([])
      expect(type.layoutRevision).toBe(1)
    }
    const transformer = (await server.call('itr', 'GET', '/api/productTypes', { as: 'configurator' }))
      .json()
      .find((t: { id: number }) => t.id === 100200)
    const linked = JSON.parse(
      transformer.attributes.find((a: { key: string }) => a.key === 'RecordTypeAttribute').value,
    )
    expect(linked.map((r: { name: string }) => r.name)).toEqual([
      'Transformer Routine Test',
      'Despatch Note',
      'Problem Report',
      'Transformer Ratio and Loss Check',
    ])
  })

  it('rejects every write from a non-configurator and leaves the record type as it was', async () => {
    const id = await newFormType('Guarded')
    expect(
      (
        await server.call('meta', 'POST', `/api/DataPointTypes/attributes/${id}`, {
          as: 'configurator',
          body: attribute('DataEntryForm', layout),
        })
      ).statusCode,
    ).toBe(201)
    for (const as of ['internal', 'supplier'] as const) {
      const writes = [
        server.call('meta', 'POST', '/api/DataPointTypes/', {
          as,
          body: { name: 'Nope', sensorTypeId: 2, units: 'Test' },
        }),
        server.call('meta', 'PUT', `/api/DataPointTypes/${id}`, {
          as,
          body: { name: 'Renamed', sensorTypeId: 1, units: 'Despatch' },
        }),
        server.call('meta', 'POST', `/api/DataPointTypes/attributes/${id}`, {
          as,
          body: attribute('FieldMappings', mappings),
        }),
        server.call('meta', 'DELETE', `/api/DataPointTypes/attributes/${id}/DataEntryForm`, { as }),
        server.call('meta', 'DELETE', `/api/datapointtypes/${id}`, { as }),
      ]
      for (const res of await Promise.all(writes)) {
        expect(res.statusCode).toBe(403)
        expect(typeof res.json().message).toBe('string')
      }
    }
    const after = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'configurator' })
    ).json()
    expect(after).toMatchObject({ name: 'Guarded', units: 'Test', layoutRevision: 1 })
    expect(after.attributes.map((a: { key: string }) => a.key)).toEqual(['DataEntryForm'])
  })

  it('stores the layout and mappings as attributes and keeps every layout revision', async () => {
    const id = await newFormType('Routine test C')
    const post = (key: string, value: unknown) =>
      server.call('meta', 'POST', `/api/DataPointTypes/attributes/${id}`, {
        as: 'configurator',
        body: attribute(key, value),
      })

    expect((await post('DataEntryForm', layout)).statusCode).toBe(201)
    expect((await post('FieldMappings', mappings)).statusCode).toBe(201)
    const first = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'configurator' })
    ).json()
    expect(first.layoutRevision).toBe(1)
    expect(
      JSON.parse(first.attributes.find((a: { key: string }) => a.key === 'FieldMappings').value),
    ).toEqual(mappings)

    // Editing deletes then re-posts both attributes (SPEC §7).
    for (const key of ['FieldMappings', 'DataEntryForm']) {
      const del = await server.call('meta', 'DELETE', `/api/DataPointTypes/attributes/${id}/${key}`, {
        as: 'configurator',
      })
      expect(del.statusCode).toBe(204)
    }
    const edited = { ...layout, title: 'Edited title' }
    expect((await post('DataEntryForm', edited)).statusCode).toBe(201)
    expect((await post('FieldMappings', mappings)).statusCode).toBe(201)

    const second = (
      await server.call('meta', 'GET', `/api/DataPointTypes/${id}`, { as: 'configurator' })
    ).json()
    expect(second.layoutRevision).toBe(2)
    const old = await server.call('meta', 'GET', `/api/DataPointTypes/${id}/layouts/1`, { as: 'internal' })
    expect(old.statusCode).toBe(200)
    expect(old.json().layout.title).toBe('Transformer routine test')
    const current = await server.call('meta', 'GET', `/api/DataPointTypes/${id}/layouts/2`, {
      as: 'internal',
    })
    expect(current.json().layout.title).toBe('Edited title')
  })

  describe('SPEC §5 checks on save', () => {
    let id: number
    const post = (key: string, value: unknown) =>
      server.call('meta', 'POST', `/api/DataPointTypes/attributes/${id}`, {
        as: 'configurator',
        body: attribute(key, value),
      })
    beforeAll(async () => {
      id = await newFormType('Checks')
    })

    it("answers 'No data entry form created' for form mappings without a layout", async () => {
      const res = await post('FieldMappings', mappings)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('No data entry form created')
    })

    it("answers 'Variable {x} is already defined.' for a layout with a repeated variable", async () => {
      const twice = {
        ...layout,
        controls: [...layout.controls, { type: 'singletext', variable: 'serial', label: 'Again' }],
      }
      const res = await post('DataEntryForm', twice)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Variable serial is already defined.')
    })

    it('rejects a layout that breaks the layout schema, saying where', async () => {
      const res = await post('DataEntryForm', {
        version: 1,
        title: 'X',
        controls: [{ type: 'nonsense', variable: 'a', label: 'A' }],
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/^The data entry form is not valid: \/controls\/0/)
    })

    it('rejects a selection test whose choices repeat, naming the control (designer audit, 29 Nov)', async () => {
      const finish = {
        type: 'testField',
        variable: 'finish',
        label: 'Finish',
        testType: 'selection',
        choices: ['Good', 'Worn', 'good'],
        passChoice: 'Good',
      }
      const res = await post('DataEntryForm', { ...layout, controls: [...layout.controls, finish] })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        'The data entry form is not valid: "Finish" (finish): Choices must all be different: "good" is listed twice',
      )
    })

    it('rejects a layout that is not JSON', async () => {
      const res = await server.call('meta', 'POST', `/api/DataPointTypes/attributes/${id}`, {
        as: 'configurator',
        body: { key: 'DataEntryForm', value: '{not json' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('The data entry form is not valid JSON.')
    })

    it("answers '{label} is required.' for a missing required mapping", async () => {
      expect((await post('DataEntryForm', layout)).statusCode).toBe(201)
      const res = await post('FieldMappings', { serialField: 'serial', dateOfRecordField: 'testDate' })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Test Result Field is required.')
    })

    it('answers \'Variable "{x}" not found in data entry form\' for a mapping to an unknown variable', async () => {
      const res = await post('FieldMappings', { ...mappings, resultField: 'verdict' })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Variable "verdict" not found in data entry form')
    })

    it('answers the component messages', async () => {
      const noType = await post('FieldMappings', {
        ...mappings,
        components: [{ id: 1, serialField: 'serial', productType: null }],
      })
      expect(noType.json().message).toBe('You cannot select an empty product type for a component.')
      const noSerial = await post('FieldMappings', {
        ...mappings,
        components: [{ id: 1, serialField: '', productType: { id: 100210, name: 'X' } }],
      })
      expect(noSerial.json().message).toBe('You must specify a serial field for a component.')
    })
  })
})
