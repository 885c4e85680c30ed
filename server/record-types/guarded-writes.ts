import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { RecordTypeAttributeWrite, RecordTypeWrite } from '../../schemas/entities/record-type'
import { MESSAGES } from '../../schemas/messages'
import type { Db } from '../db/client'
import { dataPointTypes } from '../db/schema/index'
import { conflict } from '../http-error'
import { expectedRevisionOf, ifMatchHeader } from '../if-match'
import { rowsOf } from '../submissions/write/sql-batch'
import { checkRecordTypeAttribute } from './checks'
import { RecordTypesRepository } from './record-types'

/** The header of the guarded writes, for the OpenAPI description (optional: SPEC §7 callers send none). */
export const ifMatchHeaders = ifMatchHeader('The layoutRevision ("0" when it was null)')

/**
 * The layout revision a record type editor loaded, from `If-Match: "<revision>"` (0: it had no layout
 * revision yet); undefined when the caller asked for no check (server/if-match.ts).
 */
export const layoutRevisionExpected = (request: Pick<FastifyRequest, 'headers'>) =>
  expectedRevisionOf(request, MESSAGES.recordType.badIfMatch)

/**
 * The record type writes of the editor's save (PUT, attribute POST and DELETE), each in one transaction
 * that first holds the record type's row FOR UPDATE (audit s8 #5). Under that lock:
 * - a write that names the layout revision it loaded (`expected`) is refused with a 409 when another save
 *   stored a newer one since: two configurators saving one after the other no longer lose the first's
 *   edits without a word;
 * - layout revisions are appended one at a time, so two concurrent layout saves on PostgreSQL cannot both
 *   take max(revision)+1;
 * - an attribute is checked against the attributes as they are when it is stored, not as they were
 *   before another save committed.
 * A submission holds the same row FOR KEY SHARE while it reads and stores (record-definitions.ts), so a
 * save waits for the submissions in flight, and those that start later read what it saved.
 */
export class RecordTypeWrites {
  constructor(private readonly db: Db) {}

  /** Updates the row (RecordTypesRepository.update); false when the record type does not exist. */
  update(id: number, input: RecordTypeWrite, expected?: number): Promise<boolean> {
    return this.guarded(id, expected, (repo) => repo.update(id, input))
  }

  /**
   * Checks and stores an attribute (a layout save also appends a revision); answers the current layout
   * revision, or false when the record type does not exist.
   */
  putAttribute(
    id: number,
    body: RecordTypeAttributeWrite,
    createdBy: string,
    expected?: number,
  ): Promise<number | null | false> {
    return this.guarded(id, expected, async (repo) => {
      // Read under the lock: checked against the category, capture type and attributes it is stored with.
      const recordType = (await repo.get(id))!
      const checked = await checkRecordTypeAttribute(repo, recordType, body)
      await repo.putAttribute(id, body, checked.layout, createdBy)
      return repo.currentRevision(id)
    })
  }

  /** Deletes an attribute; false when the record type does not exist (a missing attribute is no error). */
  deleteAttribute(id: number, key: string, expected?: number): Promise<boolean> {
    return this.guarded(id, expected, async (repo) => {
      await repo.deleteAttribute(id, key)
      return true
    })
  }

  /** Runs `work` with the row locked and the revision compared; false when the row does not exist. */
  private guarded<T>(
    id: number,
    expected: number | undefined,
    work: (repo: RecordTypesRepository) => Promise<T>,
  ): Promise<T | false> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db
      const locked = await db.execute(
        sql`SELECT 1 FROM ${dataPointTypes} WHERE ${dataPointTypes.id} = ${id} FOR UPDATE`,
      )
      if (rowsOf(locked).length === 0) return false
      const repo = new RecordTypesRepository(db)
      if (expected !== undefined && ((await repo.currentRevision(id)) ?? 0) !== expected)
        throw conflict(MESSAGES.recordType.changedSinceOpened)
      return work(repo)
    })
  }
}
