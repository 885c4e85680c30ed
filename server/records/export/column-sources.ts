import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { loadLayout, type FormLayout } from '../../../schemas/form-layout/index'
import type { RecordsFilter, SuspectState } from '../../../schemas/records/index'
import type { Db } from '../../db/client'
import { impactCaseRecords, records, recordTypeLayouts, testEquipment } from '../../db/schema/index'
import { recordJoinsOf, suspectStateOf, withRecordJoins } from '../records-query'

/**
 * What the export's columns are made from, each read in one set-based query over the exported records
 * (never per record): which record types and layout revisions they were captured with, the stored layouts
 * of those revisions, the data keys of records without a layout, the longest table with added rows, the
 * records' impact-case states and the test equipment's serials.
 * Every query over `records` runs the filter with the joins it names (recordJoinsOf), as the rows' own
 * query and the records page do: a supplier or customer filter names the supplier and customer tables.
 */

/** The exported records' conditions: the filter (for its joins) and its SQL (recordConditions). */
export interface ExportScope {
  filter: RecordsFilter
  where: SQL | undefined
}

/** A record type and the layout revision its records were captured with (null: none recorded). */
export interface Shape {
  type: number
  version: number | null
}

/** The map key of a shape. */
export const shapeKey = (type: number, version: number | null) => `${type}:${version ?? '-'}`

/** A `… FROM records` query with the joins the scope's filter needs, under its conditions. */
function scoped<Q extends PgSelect>(scope: ExportScope, query: Q, also?: SQL) {
  return withRecordJoins(query, recordJoinsOf(scope.filter, false)).where(and(scope.where, also))
}

/** The (record type, layout revision) pairs of the exported records, newest revision first. */
export async function exportedShapes(db: Db, scope: ExportScope): Promise<Shape[]> {
  const rows = await scoped(
    scope,
    db.select({ type: records.recordTypeId, version: records.layoutVersion }).from(records).$dynamic(),
  )
    .groupBy(records.recordTypeId, records.layoutVersion)
    .orderBy(records.recordTypeId, sql`${records.layoutVersion} DESC NULLS LAST`)
  return rows.map((r) => ({ type: r.type, version: r.version ?? null }))
}

/**
 * The stored layouts of some revisions, by shapeKey: null for one that no longer reads as a layout
 * (its records are then exported by their data keys); absent when the revision is not stored.
 */
export async function storedLayouts(db: Db, shapes: Shape[]): Promise<Map<string, FormLayout | null>> {
  const wanted = shapes.filter((s) => s.version != null)
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({
      type: recordTypeLayouts.recordTypeId,
      revision: recordTypeLayouts.revision,
      layout: recordTypeLayouts.layout,
    })
    .from(recordTypeLayouts)
    .where(
      or(
        ...wanted.map((s) =>
          and(eq(recordTypeLayouts.recordTypeId, s.type), eq(recordTypeLayouts.revision, s.version!)),
        ),
      ),
    )
    .orderBy(recordTypeLayouts.recordTypeId, desc(recordTypeLayouts.revision))
  return new Map(
    rows.map((r) => {
      const loaded = loadLayout(r.layout)
      return [shapeKey(r.type, r.revision), loaded.ok ? loaded.layout : null]
    }),
  )
}

/**
 * The data keys of the exported records of some shapes (those without a layout: file captures keep their
 * CSV columns as keys), by shapeKey, each shape's keys in the order they first appear (earliest record
 * first, then by name). `SELECT DISTINCT jsonb_object_keys(data)`, grouped.
 */
export async function dataKeys(db: Db, scope: ExportScope, shapes: Shape[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (shapes.length === 0) return out
  const ofShape = or(
    ...shapes.map((s) =>
      and(
        eq(records.recordTypeId, s.type),
        s.version == null ? sql`${records.layoutVersion} IS NULL` : eq(records.layoutVersion, s.version),
      ),
    ),
  )
  // Only an object has keys (jsonb_object_keys fails on anything else; of NULL it answers no row).
  const keys = sql<string>`jsonb_object_keys(CASE WHEN jsonb_typeof(${records.data}) = 'object' THEN ${records.data} END)`
  const keyed = scoped(
    scope,
    db
      .select({
        type: records.recordTypeId,
        version: records.layoutVersion,
        id: records.id,
        key: keys.as('key'),
      })
      .from(records)
      .$dynamic(),
    ofShape,
  ).as('keyed')
  const rows = await db
    .select({ type: keyed.type, version: keyed.version, key: keyed.key })
    .from(keyed)
    .groupBy(keyed.type, keyed.version, keyed.key)
    .orderBy(sql`min(${keyed.id})`, keyed.key)
  for (const row of rows) {
    const key = shapeKey(row.type, row.version ?? null)
    out.set(key, [...(out.get(key) ?? []), row.key])
  }
  return out
}

/**
 * How many rows the longest exported record holds in each table with added rows, by
 * `${recordType}:${variable}`: one query, a max() per table variable.
 */
export async function longestTables(
  db: Db,
  scope: ExportScope,
  tables: Map<number, Set<string>>,
): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  const variables = [...new Set([...tables.values()].flatMap((s) => [...s]))]
  if (variables.length === 0) return out
  const lengths = Object.fromEntries(
    variables.map((v, i) => [
      `t${i}`,
      sql<
        number | null
      >`max(case when jsonb_typeof(${records.data}->${v}) = 'array' then jsonb_array_length(${records.data}->${v}) end)`,
    ]),
  )
  const rows = (await scoped(
    scope,
    db
      .select({ type: records.recordTypeId, ...lengths })
      .from(records)
      .$dynamic(),
    inArray(records.recordTypeId, [...tables.keys()]),
  ).groupBy(records.recordTypeId)) as ({ type: number } & Record<string, unknown>)[]
  for (const row of rows) variables.forEach((v, i) => out.set(`${row.type}:${v}`, Number(row[`t${i}`] ?? 0)))
  return out
}

/**
 * The impact-case state of each exported record that is suspect (issue #15.3), by record id: the records
 * page's `suspect` (records-query.ts `suspectStateOf`, strictest over the record's cases), read for the
 * whole export in one grouped query over impact_case_records — suspect records are few, so the map is
 * small — instead of the page's lookup per record.
 */
export async function suspectStates(db: Db, scope: ExportScope): Promise<Map<number, SuspectState>> {
  const exported = scoped(scope, db.select({ id: records.id }).from(records).$dynamic())
  const rows = await db
    .select({
      id: impactCaseRecords.recordId,
      state: sql<SuspectState>`${suspectStateOf(sql`${impactCaseRecords}`)}`,
    })
    .from(impactCaseRecords)
    .where(inArray(impactCaseRecords.recordId, exported))
    .groupBy(impactCaseRecords.recordId)
  return new Map(rows.map((r) => [r.id, r.state]))
}

/**
 * Every test equipment item's full serial ('EPN-TE:7') by id, in one query per export: what a test
 * equipment control's ids are shown as. A device's full serial never changes once it exists (calibrations
 * update everything else), so it is the serial each record's own snapshot of the device holds.
 */
export async function deviceSerials(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: testEquipment.id, serial: testEquipment.fullSerialNumber })
    .from(testEquipment)
  return new Map(rows.map((r) => [r.id, r.serial]))
}
