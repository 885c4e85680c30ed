import type { DocumentRef } from '../../schemas/form-layout'
import { DOCUMENT_FILE_LIMIT_MB, RECORD_MESSAGES, type DocumentInfo } from '../../schemas/records'
import { UPLOAD_EXTENSIONS } from '../compiler'
import { WIDGET_MESSAGES } from './messages'

/** The extension of a file name, lower case with its dot ('.pdf'); '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/**
 * SPEC §5 "Uploads": .docx .png .svg .xls .zip .pdf by default, PDF only for document controls; any
 * other file is flagged invalid before anything is sent. Returns the message, or null when accepted.
 */
export function uploadProblem(
  name: string,
  accept: readonly string[] = UPLOAD_EXTENSIONS.default,
): string | null {
  return accept.includes(extensionOf(name)) ? null : WIDGET_MESSAGES.upload.invalidExtension(name, accept)
}

/**
 * A file too large to send: the server's own text for it (413), or null when it may be sent. Checked
 * before sending, since the server can refuse it only after the whole file has arrived. `limitMb` is the
 * limit in force (RuntimeServices.uploadLimitMb, from /config.json), DOCUMENT_FILE_LIMIT_MB by default.
 */
export function uploadSizeProblem(bytes: number, limitMb: number = DOCUMENT_FILE_LIMIT_MB): string | null {
  return bytes > limitMb * 1024 * 1024 ? RECORD_MESSAGES.uploadTooLarge(limitMb) : null
}

/** SPEC §5: images are previewed. */
export const isImage = (contentTypeOrName: string): boolean =>
  /^image\//.test(contentTypeOrName) || ['.png', '.svg'].includes(extensionOf(contentTypeOrName))

/** The stored document as the record keeps it (the data schema allows no nulls or extra keys). */
export function toDocumentRef(info: DocumentInfo): DocumentRef {
  return {
    savedFilename: info.savedFilename,
    contentType: info.contentType,
    originalFilename: info.originalFilename,
    ...(info.documentType ? { documentType: info.documentType } : {}),
  }
}
