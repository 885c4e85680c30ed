import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { DocumentInfo } from '../../schemas/records/document'
import type { Db } from '../db/client'
import { documents } from '../db/schema/index'

export type DocumentRow = typeof documents.$inferSelect

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

  /** The id of a stored document, without loading its bytes. */
  async idOf(savedFilename: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.savedFilename, savedFilename))
    return row?.id
  }

  async byId(id: number): Promise<DocumentRow | undefined> {
    const [row] = await this.db.select().from(documents).where(eq(documents.id, id))
    return row
  }
}
