import type { DocumentRef } from '../../schemas/form-layout'
import type { DocumentInfo } from '../../schemas/records'
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
