import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import {
  IMPACT_MESSAGES,
  type ImpactCase,
  type ImpactCaseFilter,
  type ImpactCasePage,
  type ImpactCounts,
  type SuspectRecord,
  type SuspectRecordFilter,
  type SuspectRecordPage,
} from '../../schemas/records/index'
import type { Db } from '../db/client'
import {
  assetManufacturers,
  assetModels,
  dataPointTypes,
  impactCaseRecords,
  impactCases,
  records,
  testEquipment,
} from '../db/schema/index'
import { notFound } from '../http-error'

const calibration = sql`(SELECT record_date FROM records c WHERE c.id = ${impactCases.calibrationRecordId})`

const CASE_FIELDS = {
  c: impactCases,
  serial: testEquipment.fullSerialNumber,
  description: testEquipment.description,
  calibrationDate: sql<string | Date | null>`${calibration}`,
}

type CaseRow = { c: typeof impactCases.$inferSelect; serial: string; description: string | null } & {
  calibrationDate: string | Date | null
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)
const NO_COUNTS: ImpactCounts = { total: 0, undecided: 0, accept: 0, retest: 0, recall: 0 }

const toCase = ({ c, serial, description, calibrationDate }: CaseRow, counts?: ImpactCounts): ImpactCase => ({
  id: c.id,
  kind: c.kind as ImpactCase['kind'],
  status: c.status as ImpactCase['status'],
  testEquipmentId: c.testEquipmentId,
  testEquipmentSerial: serial,
  testEquipmentDescription: description,
  calibrationRecordId: c.calibrationRecordId,
  calibrationDate: iso(calibrationDate),
  lastPassingRecordId: c.lastPassingRecordId,
  windowStart: iso(c.windowStart),
  windowEnd: iso(c.windowEnd),
  openedAt: c.openedAt.toISOString(),
  openedByName: c.openedByName,
  closedAt: iso(c.closedAt),
  closedByName: c.closedByName,
  counts: counts ?? NO_COUNTS,
})

/** The columns of a case's suspect records: the record, its names and its disposition. */
const RECORD_FIELDS = {
  recordId: records.id,
  recordTypeId: records.recordTypeId,
  productId: records.productId,
  productSerialNumber: records.productSerialNumber,
  productTypeName: assetModels.name,
  recordTypeName: dataPointTypes.name,
  supplierName: assetManufacturers.name,
  category: records.category,
  recordDate: records.recordDate,
  testResult: records.testResult,
  disposition: impactCaseRecords.disposition,
  reason: impactCaseRecords.reason,
  decidedAt: impactCaseRecords.decidedAt,
  decidedByName: impactCaseRecords.decidedByName,
  retestClearedBy: impactCaseRecords.retestClearedBy,
  retestClearedAt: impactCaseRecords.retestClearedAt,
}

/** Impact cases as the {itr} calls read them (issue #15.3): pages of cases, one case, its records. */
export class ImpactCasesRepository {
  constructor(private readonly db: Db) {}

  private selectCases() {
    return this.db
      .select(CASE_FIELDS)
      .from(impactCases)
      .innerJoin(testEquipment, eq(testEquipment.id, impactCases.testEquipmentId))
  }

  /** How many records of each case are undecided, accepted, to retest and recalled. */
  async counts(caseIds: readonly number[]): Promise<Map<number, ImpactCounts>> {
    const out = new Map<number, ImpactCounts>()
    if (caseIds.length === 0) return out
    const d = impactCaseRecords.disposition
    const rows = await this.db
      .select({
        id: impactCaseRecords.caseId,
        total: sql<number>`count(*)::int`,
        undecided: sql<number>`(count(*) FILTER (WHERE ${d} IS NULL))::int`,
        accept: sql<number>`(count(*) FILTER (WHERE ${d} = 'accept'))::int`,
        retest: sql<number>`(count(*) FILTER (WHERE ${d} = 'retest'))::int`,
        recall: sql<number>`(count(*) FILTER (WHERE ${d} = 'recall'))::int`,
      })
      .from(impactCaseRecords)
      .where(inArray(impactCaseRecords.caseId, [...caseIds]))
      .groupBy(impactCaseRecords.caseId)
    for (const { id, ...c } of rows)
      out.set(id, {
        total: Number(c.total),
        undecided: Number(c.undecided),
        accept: Number(c.accept),
        retest: Number(c.retest),
        recall: Number(c.recall),
      })
    return out
  }

  /** One page (from 1) of cases, newest first unless asked otherwise, with each one's counts. */
  async page(filter: ImpactCaseFilter, page: number, size: number): Promise<ImpactCasePage> {
    const where = and(
      filter.status ? eq(impactCases.status, filter.status) : undefined,
      filter.testEquipmentId ? eq(impactCases.testEquipmentId, filter.testEquipmentId) : undefined,
    )
    const dir = filter.sortDirection === 'asc' ? asc : desc
    const rows = await this.selectCases()
      .where(where)
      .orderBy(dir(impactCases.id))
      .limit(size)
      .offset((page - 1) * size)
    const [{ n }] = await this.db.select({ n: count() }).from(impactCases).where(where)
    const counts = await this.counts(rows.map((r) => r.c.id))
    return {
      totalCount: Number(n),
      totalPages: Math.ceil(Number(n) / size),
      result: rows.map((r) => toCase(r, counts.get(r.c.id))),
    }
  }

  /** One case with its counts, or 404. */
  async get(id: number): Promise<ImpactCase> {
    const [row] = await this.selectCases().where(eq(impactCases.id, id))
    if (!row) throw notFound(IMPACT_MESSAGES.notFound(id))
    return toCase(row, (await this.counts([id])).get(id))
  }

  /** The case's suspect records of one state (or all), oldest first unless asked otherwise. */
  async records(
    id: number,
    filter: SuspectRecordFilter,
    page: number,
    size: number,
  ): Promise<SuspectRecordPage> {
    await this.get(id)
    const where = and(eq(impactCaseRecords.caseId, id), stateCondition(filter.state))
    const dir = filter.sortDirection === 'desc' ? desc : asc
    const rows = await this.recordRows(
      where,
      [dir(records.recordDate), dir(records.id)],
      size,
      (page - 1) * size,
    )
    const [{ n }] = await this.db.select({ n: count() }).from(impactCaseRecords).where(where)
    return { totalCount: Number(n), totalPages: Math.ceil(Number(n) / size), result: rows }
  }

  /** Rows of suspect records in the given order (the export reads every one in batches). */
  async recordRows(
    where: SQL | undefined,
    order: SQL[],
    limit: number,
    offset: number,
  ): Promise<SuspectRecord[]> {
    const rows = await this.db
      .select(RECORD_FIELDS)
      .from(impactCaseRecords)
      .innerJoin(records, eq(records.id, impactCaseRecords.recordId))
      .innerJoin(dataPointTypes, eq(dataPointTypes.id, records.recordTypeId))
      .leftJoin(assetModels, eq(assetModels.id, records.productTypeId))
      .leftJoin(assetManufacturers, eq(assetManufacturers.id, records.supplierId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
    return rows.map(({ disposition, ...r }) => ({
      ...r,
      recordDate: r.recordDate.toISOString(),
      testResult: r.testResult as SuspectRecord['testResult'],
      state: (disposition ?? 'undecided') as SuspectRecord['state'],
      decidedAt: iso(r.decidedAt),
      retestClearedAt: iso(r.retestClearedAt),
    }))
  }
}

/** The condition of one suspect-record state. */
export function stateCondition(state: SuspectRecordFilter['state']): SQL | undefined {
  if (!state) return undefined
  return state === 'undecided'
    ? isNull(impactCaseRecords.disposition)
    : eq(impactCaseRecords.disposition, state)
}
