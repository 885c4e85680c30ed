import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { eq, sql } from 'drizzle-orm'
import { Viewer } from '../../../server/access/viewer'
import { CertificateBatch } from '../../../server/certificates/batch'
import type { Db } from '../../../server/db/client'
import {
  assetModelRecordTypes,
  dataPointTypes,
  entityAttributes,
  recordTypeLayouts,
  records,
} from '../../../server/db/schema/index'
import { RECORD_TYPE_ATTRIBUTE_KEYS } from '../../../schemas/records/index'
import { TABLE_NAMES } from '../../../schemas/entities/attribute'
import { SENSOR_TYPE_BY_CAPTURE } from '../../../schemas/entities/data-point-type'
import type { FormLayout } from '../../../schemas/form-layout/index'
import { benchLayout } from '../../runtime-demo/layouts'
import type { BenchContext } from '../../types'
import { rowsOf } from './bulk-data'

/** The certificates benchmark's data (bench/benchmarks/certificates.ts, bench/certificate-profile.ts). */

/** A value for every control of the benchmark layout: all tests pass, one in each group fails. */
export function valuesOf(layout: FormLayout): Record<string, unknown> {
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
export async function recordTypeOf(db: Db, layout: FormLayout) {
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
  // Revision 1, as saving a layout in the designer stores it: records keep the revision they were judged by.
  await db.insert(recordTypeLayouts).values({ recordTypeId: row.id, revision: 1, layout, createdBy: 'bench' })
  await db
    .insert(assetModelRecordTypes)
    .values({ assetModelId: offer.productTypeId, dataPointTypeId: row.id })
  return { recordTypeId: row.id, ...offer }
}

/** Reads `ids` as the record view does: one GET Record/{id} each, JSON parsed. */
export async function readJson(context: BenchContext, ids: number[]) {
  for (const id of ids)
    (await context.call('data', 'GET', `/api/InstrumentTestRecord/Record/${id}`, { as: 'viewAll' })).json()
}

/** A batch zip streamed into a byte counter (what the route streams to the caller). */
export async function zipOf(db: Db, ids: number[]): Promise<number> {
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
export async function copiesOf(
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

/** The 300-control record type and one record of it submitted through the API; its id and type. */
export async function certificateRecord(context: BenchContext) {
  const layout = benchLayout(300)
  const type = await recordTypeOf(context.database.db, layout)
  const submitted = await context.call('submission', 'POST', '/api/InstrumentTest/upload-single/', {
    as: 'viewAll',
    body: {
      supplierId: type.supplierId,
      productTypeId: type.productTypeId,
      recordTypeId: type.recordTypeId,
      data: { serial: type.serial, ...valuesOf(layout) },
    },
  })
  return { recordId: submitted.json().recordId as number, type }
}
