import type { AuditEntity, AuditEntry } from '../../../schemas/audit'
import { descriptiveTypeOf } from '../../../schemas/entities/configuration'
import { CAPTURE_TYPE_LABELS } from '../../../schemas/form-layout'
import {
  CATEGORY_NAMES,
  IMPACT_CASE_KIND_LABELS,
  IMPACT_CASE_STATUS_LABELS,
  REVIEW_POLICY_LABELS,
  SUSPECT_BADGES,
  resultLabel,
} from '../../../schemas/records'
import { formatUtc, formatUtcDay } from '../../components/date-format'
import type { ValueFormat } from '../../components/history-panel'

/** How the Audit page's diff reads one entity's rows: field names and values in its screens' words. */
export interface AuditReading {
  labels?: Readonly<Record<string, string>>
  format?: ValueFormat
}

/** A stored word by its label; a word the table does not know (an older row's, say) as it was stored. */
const wordOf = (words: Readonly<Record<string, string>>) => (value: unknown) =>
  typeof value === 'string' && Object.hasOwn(words, value) ? words[value] : undefined

/** A stored time as SPEC §9 shows it (DD/MM/YYYY HH:mm, UTC), or a calendar day (DD/MM/YYYY). */
const time = (value: unknown) => (typeof value === 'string' && formatUtc(value)) || undefined
const day = (value: unknown) => (typeof value === 'string' && formatUtcDay(value)) || undefined

/** Readers of each field by entity; a field not named is left to the diff's plain reading. */
const FIELDS: Partial<Record<AuditEntity, Record<string, (value: unknown) => string | undefined>>> = {
  // As /ImpactCases/{id} says it: what opened the case, Open/Closed, the suspect window in days.
  impactCase: {
    kind: wordOf(IMPACT_CASE_KIND_LABELS),
    status: wordOf(IMPACT_CASE_STATUS_LABELS),
    windowStart: day,
    windowEnd: day,
  },
  // A record's own columns as /Records shows them (its captured values need its layout: its History panel).
  record: {
    recordDate: time,
    createdAt: time,
    testResult: (value) => (typeof value === 'string' ? resultLabel(value) : undefined),
    category: wordOf(CATEGORY_NAMES),
    suspect: wordOf(SUSPECT_BADGES),
    captureType: wordOf(CAPTURE_TYPE_LABELS),
  },
  recordType: { captureType: wordOf(CAPTURE_TYPE_LABELS), reviewPolicy: wordOf(REVIEW_POLICY_LABELS) },
  configuration: {
    domain: (value) => (typeof value === 'string' ? (descriptiveTypeOf(value) ?? undefined) : undefined),
  },
}

/** Field names where an entity's screen names them otherwise than the column's words. */
const LABELS: Partial<Record<AuditEntity, Readonly<Record<string, string>>>> = {
  impactCase: {
    kind: 'Opened because',
    windowStart: 'Suspect window from',
    windowEnd: 'Suspect window to',
    calibrationRecordId: 'Failing calibration record ID',
    lastPassingRecordId: 'Last passing calibration record ID',
  },
  configuration: { domain: 'Survey/Repair category' },
}

/**
 * How the Audit page reads a row of `entity` (issue 8; products walk, s12): the stored words
 * ('failedCalibration', 'open', '2026-11-29T00:00:00.000Z') as the entity's own screens say them ('Found
 * out of tolerance', 'Open', '29/11/2026'). An entity this SPA does not know reads as stored.
 */
export function auditReading(entity: string): AuditReading {
  if (!Object.hasOwn(FIELDS, entity)) return {}
  const fields = FIELDS[entity as AuditEntity]!
  return {
    labels: LABELS[entity as AuditEntity],
    format: (field, value) => (Object.hasOwn(fields, field) ? fields[field](value) : undefined),
  }
}

/** A case's own fields in the order of its view (server/impact-cases/case-writes.ts). */
const IMPACT_CASE_ORDER = [
  'kind',
  'status',
  'testEquipmentId',
  'calibrationRecordId',
  'lastPassingRecordId',
  'windowStart',
  'windowEnd',
  'closedBy',
]

/**
 * Where a case's field comes in its diff: its own fields in order, then its records by id. The log's JSON
 * keeps no order of its own (PostgreSQL's jsonb puts short keys first), which read 'Suspect window to'
 * above 'from', and the device and calibrations below the records.
 */
function impactCaseRank(field: string): number {
  const own = IMPACT_CASE_ORDER.indexOf(field)
  if (own >= 0) return own
  const record = /^record (\d+)$/.exec(field)
  return record ? IMPACT_CASE_ORDER.length + Number(record[1]) : Number.MAX_SAFE_INTEGER
}

const RANKS: Partial<Record<AuditEntity, (field: string) => number>> = { impactCase: impactCaseRank }

/** An audit row with its fields in its entity's screen order (other entities' rows as they are). */
export function inEntityOrder<T extends Pick<AuditEntry, 'entity' | 'before' | 'after'>>(entry: T): T {
  const rank = Object.hasOwn(RANKS, entry.entity) ? RANKS[entry.entity as AuditEntity] : undefined
  if (!rank) return entry
  const sorted = (side: AuditEntry['before']) =>
    side && Object.fromEntries(Object.entries(side).sort(([a], [b]) => rank(a) - rank(b)))
  return { ...entry, before: sorted(entry.before), after: sorted(entry.after) }
}
