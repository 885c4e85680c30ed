import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'

/** Demo data every fresh database has (server/seed): what the two kinds of client submit. */
export interface Targets {
  /** Fabrikam Meters, Smart Meter Accuracy Batch, single-phase meters FSM: 1..100000 (internal user). */
  meters: { supplierId: number; recordTypeId: number; productTypeId: number }
  /**
   * Northwind Transformers (the supplier user's own), Transformer Routine Test on transformers NWT: 1..5000
   * (a supplier user submits only the categories it reads: Test), with one demo test-equipment item.
   */
  transformers: { recordTypeId: number; productTypeId: number; equipmentId: number }
}

/** A transformer routine test sent as values only (the server judges it). */
const transformerValues = (serialNumber: string, testDate: string, equipmentId: number, tag: string) => ({
  serialNumber,
  testDate,
  testedBy: tag,
  testEquipment: [equipmentId],
  ratioError: 0.1,
  insulationResistance: 5000,
  noLoadLoss: 1,
  vectorGroup: 'Dyn11',
  appliedVoltage: 'Pass',
  oilLevelOk: 'Yes',
})

/** A meter accuracy test sent as values only: the server judges it (issue #12), failing or not. */
const meterValues = (serial: string, testDate: string, passing: boolean) => ({
  serial,
  testDate,
  errorAt5A: passing ? 0.2 : 1.4,
  errorAt60A: -0.1,
  creepTest: 'Pass',
})

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows

/** Finds the demo ids both kinds of client submit with; refuses a database without the demo data. */
export async function resolveTargets(db: Db): Promise<Targets> {
  const [ids] = rowsOf<{ fabrikam: number; meter: number; routine: number; equipment: number }>(
    await db.execute(sql`SELECT
      (SELECT id FROM asset_manufacturers WHERE name = 'Fabrikam Meters') AS fabrikam,
      (SELECT id FROM data_point_types WHERE name = 'Smart Meter Accuracy Batch') AS meter,
      (SELECT id FROM data_point_types WHERE name = 'Transformer Routine Test') AS routine,
      (SELECT min(id) FROM test_equipment) AS equipment`),
  )
  if (!ids?.fabrikam || !ids.meter || !ids.routine || !ids.equipment)
    throw new Error('load: the demo record types or test equipment are missing')
  return {
    meters: { supplierId: Number(ids.fabrikam), recordTypeId: Number(ids.meter), productTypeId: 100205 },
    transformers: {
      recordTypeId: Number(ids.routine),
      productTypeId: 100200,
      equipmentId: Number(ids.equipment),
    },
  }
}

/** The newest record id before the run: the check afterwards looks only at records after it. */
export async function lastRecordId(db: Db): Promise<number> {
  const [{ before }] = rowsOf<{ before: number }>(
    await db.execute(sql`SELECT coalesce(max(id), 0)::int AS before FROM records`),
  )
  return before
}

/**
 * The next submission of a client, as JSON: a supplier client's transformer test or an internal client's
 * meter test, on a random serial and date drawn from `next` (one run's seed gives the same bodies).
 */
export function submissionBody(
  targets: Targets,
  supplier: boolean,
  next: () => number,
  runId: string,
): string {
  const serial = supplier ? `NWT:${1 + Math.floor(next() * 5000)}` : `FSM:${1 + Math.floor(next() * 100_000)}`
  const date = new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 300) * 86_400_000).toISOString()
  const body = supplier
    ? {
        supplierId: null,
        recordTypeId: targets.transformers.recordTypeId,
        productTypeId: targets.transformers.productTypeId,
        data: transformerValues(serial, date, targets.transformers.equipmentId, `load ${runId}`),
      }
    : { ...targets.meters, data: meterValues(serial, date, next() < 0.9) }
  return JSON.stringify(body)
}
