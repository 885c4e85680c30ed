import { IMPACT_MESSAGES as M, RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest, conflict, notFound } from '../http-error'
import type { ImpactCasesRepository } from './cases'

/** The largest row id (an integer column): a larger id names no row, however many digits it has. */
const MAX_ROW_ID = 2_147_483_647

/**
 * A record id past the id column is no record of the case: refused as any other outsider is (400 naming it,
 * after the case's own 404 and 409), rather than by the database's range error.
 */
export async function assertRecordIdsInRange(
  cases: ImpactCasesRepository,
  caseId: number,
  recordIds: readonly number[],
): Promise<void> {
  const outside = recordIds.find((id) => id > MAX_ROW_ID)
  if (outside === undefined) return
  if ((await cases.get(caseId)).status === 'closed') throw conflict(M.closed(caseId))
  throw badRequest(M.recordNotInCase(outside, caseId))
}

/** A device id past the id column is no device: 404 as for any id no device has. */
export function deviceIdInRange(id: number): number {
  if (id > MAX_ROW_ID) throw notFound(RECORD_MESSAGES.testEquipmentNotFoundId(id))
  return id
}
