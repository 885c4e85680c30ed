import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { RecordDetail, TestEquipment } from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import type { Db } from '../db/client'
import {
  auditLog,
  calibrationHistory,
  documents,
  recordDocuments,
  recordTransitions,
  users,
} from '../db/schema/index'
import { anyOf, groupBy, recordDetails } from '../records/record-details'
import { TestEquipmentRepository } from '../test-equipment/test-equipment'

/** The audit summary a certificate's footer and header give. */
export interface AuditSummary {
  edits: number
  lastBy: string | null
  lastAt: Date | null
  createdBy: string | null
}

/** One review step as record_transitions holds it: who (null: a deleted user), when, on which content revision. */
export interface ReviewStep {
  by: string | null
  at: Date
  revision: number
}

/**
 * A record's approval (issue #19): its last transition to 'approved' and, when that approval was the
 * second of two steps (made from 'reviewed'), the review it followed.
 */
export interface Approval {
  approved: ReviewStep
  reviewed: ReviewStep | null
}

/** A rejected record's last rejection: who, when and the reason they gave (record_transitions). */
export interface Rejection {
  by: string | null
  at: Date
  comment: string | null
}

import type { CalibrationOutcome } from '../../schemas/records/calibration-outcome'
export type { CalibrationOutcome }

/** A file linked to a record, as the certificate lists it (bytes are read later, for images only). */
export interface LinkedFile {
  id: number
  name: string
  contentType: string
}

/** What the certificates of some records need from the database (see {@link readCertificateData}). */
export interface CertificateData {
  /** The records the viewer may read, by id: the same detail as `RecordsRepository.get`. */
  records: Map<number, RecordDetail>
  /**
   * Devices a record links without a snapshot (records stored before issue #15.2), by id: only their
   * identity is printed — their current calibration is not what was true when the record was made.
   */
  devices: Map<number, TestEquipment>
  files: Map<number, LinkedFile[]>
  audit: Map<number, AuditSummary>
  /** Approvals of the records that have one, by id (see {@link Approval}). */
  approvals: Map<number, Approval>
  /** The last rejection of each rejected record (see {@link Rejection}). */
  rejections: Map<number, Rejection>
  /** The outcome of each calibration record, by id (see {@link CalibrationOutcome}). */
  calibrations: Map<number, CalibrationOutcome>
}

const NO_AUDIT: AuditSummary = { edits: 0, lastBy: null, lastAt: null, createdBy: null }

/**
 * An audited update that changed the record itself: a review transition (issue #19) or a re-test link is
 * audited as an update too, but it is not an edit of what the certificate states.
 */
const edited = sql`${auditLog.action} = 'update' AND (${auditLog.before} - 'reviewState' - 'supersededById') IS DISTINCT FROM (${auditLog.after} - 'reviewState' - 'supersededById')`

/** Per record: edits, the last editor and when, who created it — one grouped statement, the JSON compared in SQL. */
async function auditOf(db: Db, ids: readonly number[]): Promise<Map<number, AuditSummary>> {
  const rows = await db
    .select({
      id: auditLog.entityId,
      edits: sql<number>`count(*) FILTER (WHERE ${edited})`.mapWith(Number),
      lastBy: sql<
        string | null
      >`(array_agg(${auditLog.userName} ORDER BY ${auditLog.at} DESC, ${auditLog.id} DESC) FILTER (WHERE ${edited}))[1]`,
      lastAt: sql<string | null>`max(${auditLog.at}) FILTER (WHERE ${edited})`,
      createdBy: sql<
        string | null
      >`(array_agg(${auditLog.userName} ORDER BY ${auditLog.at}, ${auditLog.id}) FILTER (WHERE ${auditLog.action} = 'create'))[1]`,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'record'), anyOf(auditLog.entityId, ids.map(String))))
    .groupBy(auditLog.entityId)
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        edits: r.edits,
        lastBy: r.lastBy,
        lastAt: r.lastAt ? new Date(r.lastAt) : null,
        createdBy: r.createdBy,
      },
    ]),
  )
}

/**
 * The last approval of each approved record and the review it followed, and the last rejection of each
 * rejected one, from the records' transitions in the order they were made (one statement for all).
 */
async function reviewsOf(
  db: Db,
  ids: readonly number[],
): Promise<{ approvals: Map<number, Approval>; rejections: Map<number, Rejection> }> {
  const approvals = new Map<number, Approval>()
  const rejections = new Map<number, Rejection>()
  if (!ids.length) return { approvals, rejections }
  const rows = await db
    .select({
      recordId: recordTransitions.recordId,
      from: recordTransitions.fromState,
      to: recordTransitions.toState,
      by: users.username,
      at: recordTransitions.at,
      revision: recordTransitions.revision,
      comment: recordTransitions.comment,
    })
    .from(recordTransitions)
    .leftJoin(users, eq(users.id, recordTransitions.byUserId))
    .where(
      and(
        anyOf(recordTransitions.recordId, ids),
        inArray(recordTransitions.toState, ['reviewed', 'approved', 'rejected']),
      ),
    )
    .orderBy(asc(recordTransitions.recordId), asc(recordTransitions.id))
  const reviews = new Map<number, ReviewStep>()
  for (const row of rows) {
    const step = { by: row.by, at: row.at, revision: row.revision }
    if (row.to === 'reviewed') reviews.set(row.recordId, step)
    else if (row.to === 'rejected')
      rejections.set(row.recordId, { by: row.by, at: row.at, comment: row.comment })
    else
      approvals.set(row.recordId, {
        approved: step,
        // A one-step policy approves from 'submitted': its reviewer is its approver, named once.
        reviewed: row.from === 'reviewed' ? (reviews.get(row.recordId) ?? null) : null,
      })
  }
  return { approvals, rejections }
}

/** The calibration_history rows of calibration records: their outcome as stored (one statement). */
async function calibrationsOf(db: Db, ids: readonly number[]): Promise<Map<number, CalibrationOutcome>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({
      recordId: calibrationHistory.recordId,
      skipped: calibrationHistory.skipped,
      asFound: calibrationHistory.asFound,
      asLeft: calibrationHistory.asLeft,
    })
    .from(calibrationHistory)
    .where(anyOf(calibrationHistory.recordId, ids))
  return new Map(rows.map(({ recordId, ...outcome }) => [recordId, outcome]))
}

/**
 * The devices a record links without a frozen snapshot, besides the device a calibration record is
 * about (its subject, not equipment used): named on the certificate, their state at the time unknown.
 */
export function unrecordedDevices(record: RecordDetail): number[] {
  const frozen = new Set((record.testEquipmentUsed ?? []).map((s) => s.testEquipmentId))
  return (record.testEquipment ?? []).filter(
    (id) => !frozen.has(id) && !(record.category === 'calibration' && id === record.testEquipmentId),
  )
}

/**
 * Everything the certificates of `ids` read, in a handful of statements whatever their number: the
 * records (only those the viewer may read), the devices they link without snapshots (named only), the
 * names of their files, their audit summaries, the approvals of approved ones and the last rejection
 * of rejected ones, and the stored outcome of calibrations. A batch reads its records a page at a time with it,
 * instead of five statements a certificate.
 */
export async function readCertificateData(
  db: Db,
  ids: readonly number[],
  viewer: Viewer,
): Promise<CertificateData> {
  const found = await recordDetails(db, ids, viewer)
  const readable = [...found.keys()]
  if (!readable.length)
    return {
      records: found,
      devices: new Map(),
      files: new Map(),
      audit: new Map(),
      approvals: new Map(),
      rejections: new Map(),
      calibrations: new Map(),
    }
  const deviceIds = new Set<number>()
  for (const record of found.values()) for (const id of unrecordedDevices(record)) deviceIds.add(id)
  const devices = deviceIds.size ? await new TestEquipmentRepository(db).byIds([...deviceIds]) : []
  const files = await db
    .select({
      recordId: recordDocuments.recordId,
      id: documents.id,
      name: documents.originalFilename,
      contentType: documents.contentType,
    })
    .from(recordDocuments)
    .innerJoin(documents, eq(documents.id, recordDocuments.documentId))
    .where(anyOf(recordDocuments.recordId, readable))
    .orderBy(recordDocuments.recordId, documents.id)
  return {
    records: found,
    devices: new Map(devices.map((d) => [d.id, d])),
    files: groupBy(files, (f) => f.recordId),
    audit: await auditOf(db, readable),
    ...(await reviewsOf(
      db,
      readable.filter((id) => ['approved', 'rejected'].includes(found.get(id)?.reviewState ?? '')),
    )),
    calibrations: await calibrationsOf(
      db,
      readable.filter((id) => found.get(id)?.category === 'calibration'),
    ),
  }
}

/** A record's audit summary from {@link CertificateData} (none: never audited, e.g. seeded). */
export const auditSummaryOf = (data: CertificateData, id: number): AuditSummary =>
  data.audit.get(id) ?? NO_AUDIT
