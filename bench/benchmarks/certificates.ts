import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { eq, sql } from 'drizzle-orm'
import { Viewer } from '../../server/access/viewer'
import { CertificateBatch } from '../../server/certificates/batch'
import type { Db } from '../../server/db/client'
import {
  assetModelRecordTypes,
  dataPointTypes,
  entityAttributes,
  records,
} from '../../server/db/schema/index'
import { RECORD_TYPE_ATTRIBUTE_KEYS } from '../../schemas/records/index'
import { TABLE_NAMES } from '../../schemas/entities/attribute'
import { SENSOR_TYPE_BY_CAPTURE } from '../../schemas/entities/data-point-type'
import type { FormLayout } from '../../schemas/form-layout/index'
import { benchLayout } from '../runtime-demo/layouts'
import { compareLatency, latencyFigures } from '../support/measure'
import type { BenchContext, Benchmark, Figure } from '../types'
import { peakMemory, rowsOf } from './support/bulk-data'

/** Issue #16: one certificate of a 300-control record ≤ 300 ms (p95); a batch of 1,000 ≤ 60 s, memory flat. */
const ONE_BUDGET_MS = 300
const BATCH = 1000
const BATCH_BUDGET_S = 60

/** A value for every control of the benchmark layout: all tests pass, one in each group fails. */
function valuesOf(layout: FormLayout): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  layout.controls.forEach((group, g) => {
    const v = (name: string) => `g${g}_${name}`
    Object.assign(data, {
      [v('text1')]: `REF-${g}-A`,
      [v('text2')]: `Batch ${g} / lot ${g * 7}`,
      [v('date')]: '2026-07-01',
      [v('num1')]: 240 + (g % 5),
      [v('num2')]: g % 10 === 3 ? 0.1 : 2.5,
      [v('num3')]: 1.25,
      [v('yes')]: 'Yes',
      [v('pf')]: 'Pass',
      [v('site')]: 'North',
      [v('check')]: true,
    })
    if (group.type === 'group') data[v('result')] = g % 10 === 3 ? 'Fail' : 'Pass'
  })
  return data
}

/** A form record type with the 300-control layout, offered for a product type a supplier makes. */
async function recordTypeOf(db: Db, layout: FormLayout) {
  const [offer] = rowsOf<{ supplierId: number; productTypeId: number; serial: string }>(
    await db.execute(sql`
      SELECT sp.supplier_id AS "supplierId", sp.asset_model_id AS "productTypeId", r.prefix || r.max AS serial
      FROM supplier_products sp JOIN supplier_serial_ranges r ON r.supplier_product_id = sp.id
      ORDER BY sp.id, r.id LIMIT 1`),
  )
  const [row] = await db
    .insert(dataPointTypes)
    .values({
      name: 'Certificate benchmark',
      units: 'Test',
      sensorTypeId: SENSOR_TYPE_BY_CAPTURE.form,
      description: 'A 300-control form',
    })
    .returning({ id: dataPointTypes.id })
  const attrs = [
    { key: RECORD_TYPE_ATTRIBUTE_KEYS.mappings, value: JSON.stringify({ serialField: 'serial' }) },
    { key: RECORD_TYPE_ATTRIBUTE_KEYS.layout, value: JSON.stringify(layout) },
  ]
  await db
    .insert(entityAttributes)
    .values(attrs.map((a) => ({ ...a, tableName: TABLE_NAMES.recordType, entityId: row.id, name: a.key })))
  await db
    .insert(assetModelRecordTypes)
    .values({ assetModelId: offer.productTypeId, dataPointTypeId: row.id })
  return { recordTypeId: row.id, ...offer }
}

/** Reads `ids` as the record view does: one GET Record/{id} each, JSON parsed. */
async function readJson(context: BenchContext, ids: number[]) {
  for (const id of ids)
    (await context.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}`, { as: 'viewAll' })).json()
}

/** A batch zip streamed into a byte counter (what the route streams to the caller). */
async function zipOf(db: Db, ids: number[]): Promise<number> {
  let bytes = 0
  const batch = new CertificateBatch(db, { title: 'ITR Studio', paper: 'A4' })
  await batch.checkLayouts(ids, Viewer.system)
  await pipeline(
    batch.zip(ids, Viewer.system, 'https://itr.example'),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length
        done()
      },
    }),
  )
  return bytes
}

/** `count` records, the given one and copies of it (one record type and layout, as a batch from /Records usually is). */
async function copiesOf(
  db: Db,
  recordId: number,
  type: { serial: string; recordTypeId: number },
  count: number,
): Promise<number[]> {
  // The batch: copies of the record (one record type and layout, as a batch from /Records usually is).
  const [row] = await db.select().from(records).where(eq(records.id, recordId))
  const { id: _id, ...copy } = row
  for (let i = 1; i < count; i += 200)
    await db.insert(records).values(
      Array.from({ length: Math.min(200, count - i) }, (_, j) => ({
        ...copy,
        productSerialNumber: `${type.serial}-${i + j + 1}`,
      })),
    )
  return rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT id FROM records WHERE record_type_id = ${type.recordTypeId} ORDER BY id LIMIT ${count}`,
    ),
  ).map((r) => Number(r.id))
}

/**
 * Test certificates (issue #16): a 300-control record's certificate through the route (p50/p95, beside
 * the same record read as JSON), and a batch zip of 1,000 such records (time and peak memory, beside
 * reading the same records as JSON one by one, and beside a tenth of the batch: flat memory means the
 * peaks hardly grow with ten times the certificates).
 */
const benchmark: Benchmark = {
  name: 'certificates',
  description: `a 300-control record's certificate (p50/p95) and a zip of ${BATCH.toLocaleString('en')}, beside reading them as JSON`,
  async measure(context, scale) {
    const db = context.database.db
    const layout = benchLayout(300)
    const type = await recordTypeOf(db, layout)
    const submitted = await context.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
      as: 'viewAll',
      body: {
        supplierId: type.supplierId,
        productTypeId: type.productTypeId,
        recordTypeId: type.recordTypeId,
        data: { serial: type.serial, ...valuesOf(layout) },
      },
    })
    const recordId = submitted.json().recordId as number

    const one = await compareLatency({
      iterations: Math.max(10, Math.round(100 * scale)),
      warmup: 3,
      subject: () =>
        context.call('data', 'GET', `/api/InstrumentTestRecord/Record/${recordId}/certificate.pdf`, {
          as: 'viewAll',
        }),
      reference: () =>
        context.call('data', 'GET', `/api/InstrumentTestRecord/Record/${recordId}`, { as: 'viewAll' }),
    })

    const count = Math.max(20, Math.round(BATCH * scale))
    const ids = await copiesOf(db, recordId, type, count)

    const jsonStart = process.hrtime.bigint()
    await readJson(context, ids)
    const jsonSeconds = Number(process.hrtime.bigint() - jsonStart) / 1e9
    const tenth = await peakMemory(() => zipOf(db, ids.slice(0, Math.ceil(count / 10))))
    const full = await peakMemory(async () => {
      const start = process.hrtime.bigint()
      const bytes = await zipOf(db, ids)
      return { seconds: Number(process.hrtime.bigint() - start) / 1e9, bytes }
    })

    const figures: Figure[] = [
      ...latencyFigures(one, 'record JSON', { max: ONE_BUDGET_MS }).map((f) => ({
        ...f,
        label: `one certificate ${f.label}`,
      })),
      {
        label: `zip of ${count.toLocaleString('en')}`,
        value: full.result.seconds,
        unit: 's',
        reference: { label: 'same records as JSON', value: jsonSeconds },
        budget: { max: BATCH_BUDGET_S * (count / BATCH) },
      },
      { label: 'zip size', value: full.result.bytes / 1024 / 1024, unit: 'MB' },
      {
        label: 'peak heap growth',
        value: full.peakHeapMb - full.baseHeapMb,
        unit: 'MB',
        reference: { label: 'a tenth of them', value: tenth.peakHeapMb - tenth.baseHeapMb },
      },
      {
        label: 'peak RSS growth',
        value: full.peakRssMb - full.baseRssMb,
        unit: 'MB',
        reference: { label: 'a tenth of them', value: tenth.peakRssMb - tenth.baseRssMb },
      },
    ]
    return figures
  },
}

export default benchmark
