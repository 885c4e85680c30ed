import path from 'node:path'
import {
  CONTENT_TYPE_BY_EXTENSION,
  DOCUMENT_ONLY_EXTENSIONS,
  RECORD_MESSAGES,
  UPLOAD_EXTENSIONS,
  UPLOAD_FILENAME_MAX,
} from '../../schemas/records/index'
import { badRequest } from '../http-error'

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b)
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06]
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Whether the bytes look like the extension says: magic numbers, not the client's content type. */
export function contentMatches(ext: string, content: Buffer): boolean {
  switch (ext) {
    case '.png':
      return startsWith(content, PNG)
    case '.pdf':
      return content.subarray(0, 1024).toString('latin1').includes('%PDF-')
    case '.zip':
      return startsWith(content, ZIP) || startsWith(content, EMPTY_ZIP)
    case '.docx':
      // A Word document is a zip whose parts live under word/.
      return startsWith(content, ZIP) && content.includes('word/')
    case '.xls':
      return startsWith(content, OLE2)
    case '.svg': {
      const head = content
        .subarray(0, 4096)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
      return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(head)
    }
    default:
      return false
  }
}

/**
 * SPEC §5 "Uploads": the extension must be on the allow-list (PDF only for document controls) and the
 * content must really be that kind of file. Returns the content type to store. A name longer than
 * UPLOAD_FILENAME_MAX is refused first: it would be stored, sent back in every download's header, and
 * echoed whole by the extension's refusal (a 100,000-character name answered 80 KB).
 */
export function checkUpload(filename: string, content: Buffer, pdfOnly: boolean): string {
  if (filename.trim() === '') throw badRequest(RECORD_MESSAGES.uploadNoName)
  // Characters as a person counts them (code points): an emoji is one, not two UTF-16 units.
  const { length } = filename
  if (
    length > UPLOAD_FILENAME_MAX &&
    (length > 2 * UPLOAD_FILENAME_MAX || [...filename].length > UPLOAD_FILENAME_MAX)
  )
    throw badRequest(RECORD_MESSAGES.uploadNameTooLong(UPLOAD_FILENAME_MAX))
  const allowed: readonly string[] = pdfOnly ? DOCUMENT_ONLY_EXTENSIONS : UPLOAD_EXTENSIONS
  const ext = path.extname(filename).toLowerCase()
  if (!allowed.includes(ext)) throw badRequest(RECORD_MESSAGES.uploadExtension(filename, allowed))
  if (!contentMatches(ext, content)) throw badRequest(RECORD_MESSAGES.uploadContentMismatch(filename))
  return CONTENT_TYPE_BY_EXTENSION[ext]
}
