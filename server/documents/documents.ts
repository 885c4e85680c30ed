import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { DocumentInfo } from '../../schemas/records/document'
import type { Db } from '../db/client'
import { documents, recordDocuments, records } from '../db/schema/index'
import type { Viewer } from '../access/viewer'

export type DocumentRow = typeof documents.$inferSelect
/** A stored document without its bytes. */
export type StoredDocument = Pick<
  DocumentRow,
  'id' | 'documentType' | 'originalFilename' | 'savedFilename' | 'contentType' | 'createdBy'
>

/** What a caller stores: the bytes and how to describe them. */
export interface NewDocument {
  documentType?: string | null
  originalFilename: string
  contentType: string
  content: Buffer
  createdBy?: number | null
}

/** The SPEC §3 Document shape of a stored row. */
export const toDocumentInfo = (
  row: Pick<DocumentRow, 'documentType' | 'originalFilename' | 'savedFilename' | 'contentType'>,
): DocumentInfo => ({
  documentType: row.documentType,
  originalFilename: row.originalFilename,
  savedFilename: row.savedFilename,
  contentType: row.contentType,
})

/**
 * Stored files (uploads, certificates, export workbooks) in the `documents` table. The saved file name is
 * a random UUID with the original extension, so names never collide and cannot be guessed.
 */
export class DocumentsRepository {
  constructor(private readonly db: Db) {}

  async store(input: NewDocument): Promise<DocumentRow> {
    const ext = path
      .extname(input.originalFilename)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '')
    const [row] = await this.db
      .insert(documents)
      .values({
        documentType: input.documentType ?? null,
        originalFilename: path.basename(input.originalFilename),
        savedFilename: `${randomUUID()}${ext}`,
        contentType: input.contentType,
        size: input.content.length,
        content: input.content,
        createdBy: input.createdBy ?? null,
      })
      .returning()
    return row
  }

  /** The document with its bytes, or undefined. */
  async bySavedFilename(savedFilename: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db.select().from(documents).where(eq(documents.savedFilename, savedFilename))
    return row
  }

  /** A stored document's description, without its bytes: what a record that names it is checked against. */
  async describe(savedFilename: string): Promise<StoredDocument | undefined> {
    const [row] = await this.db
      .select({
        id: documents.id,
        documentType: documents.documentType,
        originalFilename: documents.originalFilename,
        savedFilename: documents.savedFilename,
        contentType: documents.contentType,
        createdBy: documents.createdBy,
      })
      .from(documents)
      .where(eq(documents.savedFilename, savedFilename))
    return row
  }

  /** The id of a stored document, without loading its bytes. */
  async idOf(savedFilename: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.savedFilename, savedFilename))
    return row?.id
  }

  /**
   * Whether a caller may download a document: configurators and admins any; everyone else their own
   * uploads (a form being filled in, their exports) and files attached to a record they may see — so a
   * supplier never gets another supplier's files, nor a viewer those of categories it may not view.
   */
  async visibleTo(row: Pick<DocumentRow, 'id' | 'createdBy'>, viewer: Viewer): Promise<boolean> {
    if (viewer.seesEverything) return true
    if (row.createdBy != null && row.createdBy === viewer.id) return true
    // A file held by a record the viewer may read (record_documents, written with the record).
    const [hit] = await this.db
      .select({ id: records.id })
      .from(recordDocuments)
      .innerJoin(records, eq(records.id, recordDocuments.recordId))
      .where(and(eq(recordDocuments.documentId, row.id), viewer.recordScope()))
      .limit(1)
    return Boolean(hit)
  }

  async byId(id: number): Promise<DocumentRow | undefined> {
    const [row] = await this.db.select().from(documents).where(eq(documents.id, id))
    return row
  }
}
