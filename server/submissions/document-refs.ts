import { DOCUMENT_ONLY_EXTENSIONS, RECORD_MESSAGES } from '../../schemas/records/index'
import type { StoredDocument } from '../documents/documents'
import { badRequest } from '../http-error'

/** A document a record's data names: its saved file name, and what the data says about it. */
export interface DocumentRef {
  savedFilename: string
  claims: Partial<Record<'originalFilename' | 'contentType' | 'documentType', unknown>>
}

const PDF = 'application/pdf'
const CLAIMED = ['originalFilename', 'contentType', 'documentType'] as const

/** The documents an upload value names: a Document object, a saved file name (CSV cells), or a list. */
export function documentRefs(v: unknown): DocumentRef[] {
  const items = Array.isArray(v) ? v : v == null ? [] : [v]
  const refs: DocumentRef[] = []
  for (const item of items) {
    const claims = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {}
    const name = typeof item === 'object' && item !== null ? claims.savedFilename : item
    // Exactly as given: the record keeps this text, so a name with spaces around it names no document.
    const savedFilename = typeof name === 'string' || typeof name === 'number' ? String(name) : ''
    if (savedFilename.trim()) refs.push({ savedFilename, claims })
    // A Document without a name would let the record describe a file it does not hold.
    else if (typeof item === 'object' && item !== null) throw badRequest(RECORD_MESSAGES.documentUnnamed)
  }
  return refs
}

/**
 * SPEC §5 "Uploads" at submission, not only at upload: a document control (or a calibration
 * certificate) holds a PDF, and what the record's data says of a document is what was stored. The upload
 * call answers the stored Document, which the form passes on as is, so only a caller that edits it is
 * refused; a record never describes a file as something it is not.
 */
export function assertDocumentUsable(stored: StoredDocument, ref: DocumentRef, pdfOnly: boolean): void {
  if (pdfOnly && stored.contentType !== PDF)
    throw badRequest(RECORD_MESSAGES.uploadExtension(stored.originalFilename, DOCUMENT_ONLY_EXTENSIONS))
  for (const field of CLAIMED) {
    const claim = ref.claims[field]
    // documentType null or absent is how an untyped upload travels; other claims must be the stored ones.
    if (claim === undefined || (field === 'documentType' && claim === null)) continue
    const value = stored[field]
    if (claim !== value) throw badRequest(RECORD_MESSAGES.documentClaim(ref.savedFilename, field, value))
  }
}
