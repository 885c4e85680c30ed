import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import type { FormLayout } from '../../schemas/form-layout/index'
import { RECORD_TYPE_ATTRIBUTES } from '../../schemas/entities/record-type'
import { auditLog, records } from '../../server/db/schema/index'
import { recordFixtures, recordType, type RecordFixtures } from './records-fixtures'

const TRANSFORMER = 100200
/** A sub-type of the transformer in the demo data (Northwind makes it, serials NWB:1..10000). */
const BUSHING = 100201

/** One record type for every product type: the limit, the formula and the condition read `param`. */
const layout: FormLayout = {
  version: 2,
  title: 'Ratio by product type',
  controls: [
    { type: 'serial', id: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', id: 'date', variable: 'testDate', label: 'Test date' },
    {
      type: 'group',
      id: 'tests',
      variable: 'tests',
      label: 'Tests',
      children: [
        { type: 'testField', id: 'm', variable: 'measured', label: 'Measured ratio', testType: 'numeric' },
        {
          type: 'calculated',
          id: 'd',
          variable: 'deviation',
          label: 'Deviation',
          unit: '%',
          formula: 'abs(measured - param.nameplateRatio) / param.nameplateRatio * 100',
        },
        {
          type: 'testField',
          id: 'dt',
          variable: 'deviationTest',
          label: 'Deviation within limit',
          testType: 'numeric',
          valueFrom: 'deviation',
          maxParam: 'maxDeviation',
        },
        {
          type: 'testField',
          id: 'e',
          variable: 'earth',
          label: 'Earth continuity',
          testType: 'numeric',
          max: 0.1,
          visibleIf: { '==': [{ var: 'param.equipmentClass' }, 'I'] },
        },
      ],
    },
  ],
}

describe('test parameters from the product type (issue #14.4)', () => {
  let server: TestServer
  let fx: RecordFixtures
  let typeId: number
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    typeId = await recordType(
      server,
      'Ratio By Type',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'tests' },
      null,
      [TRANSFORMER, BUSHING],
    )
    const saved = await server.call('meta', 'POST', `/api/DataPointTypes/attributes/${typeId}`, {
      as: 'configurator',
      body: { key: RECORD_TYPE_ATTRIBUTES.layout, name: 'Data Entry Form', value: JSON.stringify(layout) },
    })
    expect(saved.statusCode).toBe(201)
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const recordCount = async () => (await db().select({ n: count() }).from(records))[0].n
  const path = (id: number) => `/api/assetmodels/${id}/TestParameters`
  const setParameters = (id: number, body: unknown, as = 'configurator') =>
    server.call('meta', 'PUT', path(id), { as: as as 'configurator', body })
  const submit = (productTypeId: number, serial: string, data: Record<string, unknown>) =>
    server.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'internal',
      body: {
        supplierId: fx.northwind,
        productTypeId,
        recordTypeId: typeId,
        data: { serial, testDate: '2026-07-01', ...data },
      },
    })

  it('a configurator sets a grid; a sub-type inherits it and overrides one key', async () => {
    const parent = [
      { key: 'nameplateRatio', value: '10', unit: null },
      { key: 'maxDeviation', value: '0.5', unit: '%' },
      { key: 'equipmentClass', value: 'I' },
    ]
    expect((await setParameters(TRANSFORMER, parent)).statusCode).toBe(204)
    expect((await setParameters(BUSHING, [{ key: 'maxDeviation', value: '1', unit: '%' }])).statusCode).toBe(
      204,
    )
    const res = await server.call('meta', 'GET', path(BUSHING), { as: 'internal' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      own: [{ key: 'maxDeviation', value: '1', unit: '%' }],
      resolved: [
        {
          key: 'equipmentClass',
          value: 'I',
          unit: null,
          fromId: TRANSFORMER,
          fromName: 'Distribution Transformer 11kV',
        },
        { key: 'maxDeviation', value: '1', unit: '%', fromId: BUSHING, fromName: 'Transformer Bushing' },
        {
          key: 'nameplateRatio',
          value: '10',
          unit: null,
          fromId: TRANSFORMER,
          fromName: 'Distribution Transformer 11kV',
        },
      ],
    })
    // The change is in the product type's audit trail.
    const audits = await db().select().from(auditLog).where(eq(auditLog.entity, 'productType'))
    expect(audits.some((a) => JSON.stringify(a.after).includes('maxDeviation'))).toBe(true)
  })

  it.each([
    [
      'a key that is not an identifier',
      [{ key: 'max deviation', value: '1' }],
      'A test parameter key starts',
    ],
    [
      'a key listed twice',
      [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ],
      'Test parameter a is listed twice.',
    ],
    ['a blank value', [{ key: 'a', value: ' ' }], 'value'],
  ])('refuses %s with 400, keeping the stored grid', async (_, body, message) => {
    const res = await setParameters(BUSHING, body)
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain(message)
    const own = (await server.call('meta', 'GET', path(BUSHING), { as: 'configurator' })).json().own
    expect(own).toEqual([{ key: 'maxDeviation', value: '1', unit: '%' }])
  })

  it('only configurators set parameters; a supplier reads only its own product types', async () => {
    expect((await setParameters(BUSHING, [], 'internal')).statusCode).toBe(403)
    expect((await setParameters(BUSHING, [], 'supplier')).statusCode).toBe(403)
    const foreign = await server.call('meta', 'GET', path(100203), { as: 'supplier' })
    expect(foreign.statusCode).toBe(404)
  })

  it('judges each product type with its own limits and condition, and stores the values used', async () => {
    // Deviation 0.8 %: Fail against the transformer's 0.5 %, Pass against the bushing's 1 %.
    const onTransformer = await submit(TRANSFORMER, 'NWT:701', { measured: 10.08, earth: 0.05 })
    expect(onTransformer.statusCode).toBe(200)
    const onBushing = await submit(BUSHING, 'NWB:701', { measured: 10.08, earth: 0.05 })
    expect(onBushing.statusCode).toBe(200)
    const [t] = await db().select().from(records).where(eq(records.id, onTransformer.json().recordId))
    const [b] = await db().select().from(records).where(eq(records.id, onBushing.json().recordId))
    expect(t.data).toMatchObject({ deviation: 0.8, deviationTest: { value: 0.8, passOrFail: 'Fail' } })
    expect(t.testResult).toBe('fail')
    expect(b.data).toMatchObject({ deviationTest: { value: 0.8, passOrFail: 'Pass' } })
    expect(b.testResult).toBe('pass')
    expect(b.parameters).toEqual([
      { key: 'equipmentClass', value: 'I', unit: null },
      { key: 'maxDeviation', value: '1', unit: '%' },
      { key: 'nameplateRatio', value: '10', unit: null },
    ])
    const detail = await server.call('data', 'GET', `/api/InstrumentTestRecord/Record/${b.id}`, {
      as: 'internal',
    })
    expect(detail.json().parameters).toEqual(b.parameters)
  })

  it('a parameter change after capture leaves the stored verdict and limits as they were', async () => {
    const res = await submit(BUSHING, 'NWB:702', { measured: 10.08, earth: 0.05 })
    const id = res.json().recordId
    expect(
      (await setParameters(BUSHING, [{ key: 'maxDeviation', value: '0.1', unit: '%' }])).statusCode,
    ).toBe(204)
    const rejudge = await import('../../server/submissions/rejudge')
    const report = await rejudge.rejudgeRecords(db(), {
      apply: false,
      actor: { username: 'test' },
    })
    expect(report.findings.map((f) => f.recordId)).not.toContain(id)
    const [row] = await db().select().from(records).where(eq(records.id, id))
    expect(row.testResult).toBe('pass')
    expect(row.parameters).toContainEqual({ key: 'maxDeviation', value: '1', unit: '%' })
    // A new record of the same type is judged with the new limit.
    const fresh = await submit(BUSHING, 'NWB:703', { measured: 10.08, earth: 0.05 })
    const [newRow] = await db().select().from(records).where(eq(records.id, fresh.json().recordId))
    expect(newRow.testResult).toBe('fail')
  })

  it('a value for a test whose limit the product type does not set is refused, naming the parameter', async () => {
    expect((await setParameters(TRANSFORMER, [{ key: 'nameplateRatio', value: '10' }])).statusCode).toBe(204)
    expect((await setParameters(BUSHING, [])).statusCode).toBe(204)
    const before = await recordCount()
    const res = await submit(TRANSFORMER, 'NWT:704', { measured: 10.08 })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(
      'deviationTest: Test parameter maxDeviation is not set for this product type.',
    )
    expect(await recordCount()).toBe(before)
    // Without equipmentClass 'I' the earth test is hidden: a value for it is refused as hidden.
    const hidden = await submit(TRANSFORMER, 'NWT:705', { earth: 0.05 })
    expect(hidden.statusCode).toBe(400)
    expect(hidden.json().message).toContain('earth: it is hidden by its condition')
  })
})
