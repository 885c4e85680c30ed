import { and, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm'
import { containsAny } from '../db/contains'
import {
  CATEGORY_FILTERS,
  RECORD_MESSAGES,
  recordsFilterSchema,
  SUSPECT_STATES,
  type RecordsFilter,
} from '../../schemas/records/index'
import { badRequest } from '../http-error'
import type { Viewer } from '../access/viewer'
import {
  assetManufacturers,
  customers,
  impactCaseRecords,
  recordTestEquipment,
  records,
} from '../db/schema/index'
import { parseFilter } from './filter-params'
import { readDate } from '../submissions/values'
import { RECORD_DATE_RANGE } from '../../schemas/records/values'
import { FIELD_BY_LOWER, recordOrder, suspectStateOf } from './records-query'
import { checkQueue, queueConditions, statusCondition, supersededCondition } from '../reviews/queue'

const DAY_MS = 24 * 3600 * 1000
/**
 * The records filter (SPEC §3 "Records filter"): its `filters[]` entries, dates and sort checked and turned
 * into SQL conditions, for the records page, the Excel export and 'Download now' alike.
 */

const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .map((v) => (v == null ? '' : String(v).trim()))
    .filter((v) => v !== '')

const idsOf = (field: string, value: unknown): number[] =>
  listOf(value).map((v) => {
    if (!/^\d{1,9}$/.test(v)) throw badRequest(RECORD_MESSAGES.badFilterShape(`${field} must be an id`))
    return Number(v)
  })

/** The condition of one `filters[]` entry; unknown fields are refused. */
function filterCondition(rawField: string, value: unknown): SQL | undefined {
  const field = FIELD_BY_LOWER.get(rawField.toLowerCase())
  if (!field) throw badRequest(RECORD_MESSAGES.unknownFilterField(rawField))
  const values = listOf(value)
  if (values.length === 0) return undefined
  switch (field) {
    case 'productSerialNumber':
    case 'serialNumber': {
      const all = [...new Set([...values, ...values.map((v) => v.toUpperCase())])]
      return inArray(records.productSerialNumber, all)
    }
    case 'productTypeId':
      return inArray(records.productTypeId, idsOf(field, value))
    case 'recordTypeId':
      return inArray(records.recordTypeId, idsOf(field, value))
    case 'supplierId':
      return inArray(records.supplierId, idsOf(field, value))
    case 'customerId':
      return inArray(records.customerId, idsOf(field, value))
    case 'productId':
      return inArray(records.productId, idsOf(field, value))
    case 'deviceOwnerId':
      return inArray(records.deviceOwnerId, idsOf(field, value))
    case 'testEquipment':
      return inArray(
        records.id,
        sql`(SELECT ${recordTestEquipment.recordId} FROM ${recordTestEquipment} WHERE ${inArray(recordTestEquipment.testEquipmentId, idsOf(field, value))})`,
      )
    case 'category': {
      if (values.some((v) => v.toLowerCase() === 'all')) return undefined
      const known = values.map((v) => CATEGORY_FILTERS.find((c) => c.toLowerCase() === v.toLowerCase()))
      if (known.some((c) => !c))
        throw badRequest(RECORD_MESSAGES.badFilterShape(`unknown category ${values.join(', ')}`))
      return inArray(records.category, known as string[])
    }
    case 'result':
      return inArray(
        records.testResult,
        values.map((v) => (['n/a', 'na', '-'].includes(v.toLowerCase()) ? '-' : v.toLowerCase())),
      )
    case 'supplier':
      return inArray(
        sql`lower(${assetManufacturers.name})`,
        values.map((v) => v.toLowerCase()),
      )
    case 'customer':
      return inArray(
        sql`lower(${customers.name})`,
        values.map((v) => v.toLowerCase()),
      )
    // The grid's fuzzy column filters (SPEC §9): any part, any case.
    case 'serialContains':
      return containsAny(records.productSerialNumber, values)
    case 'supplierContains':
      return containsAny(assetManufacturers.name, values)
    case 'customerContains':
      return containsAny(customers.name, values)
    case 'jobNumber':
      return containsAny(records.jobNumber, values)
    case 'batchNumber':
      return containsAny(records.batchNumber, values)
    case 'faultItem':
      return containsAny(records.faultItems, values)
    case 'repairItem':
      return containsAny(records.repairItems, values)
    case 'faultDescriptive':
      return containsAny(records.faultDescriptives, values)
    case 'repairDescriptive':
      return containsAny(records.repairDescriptives, values)
    case 'suspect':
      return suspectCondition(values)
    case 'status':
      return statusCondition(values)
    case 'superseded':
      return supersededCondition(values)
    case 'queue':
      // Built with the caller's Viewer in recordConditions.
      checkQueue(values)
      return undefined
  }
}

/**
 * Records in impact cases (issue #15.3): 'true' (or 'any') for all of them, else those whose state is one
 * of undecided, accept, retest, recall.
 */
function suspectCondition(values: string[]): SQL {
  // A state named twice (or in another case) is the same state.
  const words = [...new Set(values.map((v) => v.toLowerCase()))]
  if (words.some((w) => w === 'true' || w === 'any' || w === 'yes'))
    return inArray(records.id, sql`(SELECT record_id FROM ${impactCaseRecords})`)
  const states = SUSPECT_STATES.filter((s) => words.includes(s))
  if (states.length !== words.length)
    throw badRequest(RECORD_MESSAGES.badFilterShape(`suspect must be true or ${SUSPECT_STATES.join(', ')}`))
  return inArray(
    records.id,
    sql`(SELECT icr.record_id FROM ${impactCaseRecords} icr GROUP BY icr.record_id
      HAVING ${suspectStateOf(sql.raw('icr'))} IN (${sql.join(
        states.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
  )
}

/** A date bound; a date without a time as an end bound includes that whole day. */
function bound(text: string | null | undefined, name: string, end: boolean): SQL | undefined {
  if (!text || !text.trim()) return undefined
  const { date, timed } = readDate(text, name)
  // The day after 31/12/9999 is no date the database holds: up to then, every record is before it.
  if (end && !timed)
    return date.getTime() >= RECORD_DATE_RANGE.latest - DAY_MS
      ? undefined
      : lt(records.recordDate, new Date(date.getTime() + DAY_MS))
  return end ? lte(records.recordDate, date) : gte(records.recordDate, date)
}

/** Every condition of a records filter (unknown fields and bad values refused with a 400). */
function filterConditions(filter: RecordsFilter): (SQL | undefined)[] {
  return [
    ...(filter.filters ?? []).map((f) => filterCondition(f.field, f.value)),
    bound(filter.startDate, 'startDate', false),
    bound(filter.endDate, 'endDate', true),
  ]
}

/** Every condition of a records filter plus the viewer's scope. */
export function recordConditions(filter: RecordsFilter, viewer: Viewer): SQL | undefined {
  return and(viewer.recordScope(), ...filterConditions(filter), ...queueConditions(filter, viewer))
}

/**
 * The records filter of a URL segment, checked whole before anything runs: its JSON shape (the same
 * schema for the records page and the Excel export) and what the shape cannot say — filter fields,
 * category values, ids, dates and the sort field. An export is refused with the records page's 400
 * before a job is logged (issue #11.7).
 */
export function parseRecordsFilter(raw: string | undefined): RecordsFilter {
  const filter = parseFilter<RecordsFilter>(raw, recordsFilterSchema)
  filterConditions(filter)
  recordOrder(filter)
  return filter
}
