import type { FastifyRequest } from 'fastify'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest, HttpError } from '../http-error'

/** A multipart body that ends before its closing boundary. */
export const UPLOAD_UNREADABLE = 'The upload could not be read: the multipart body is incomplete.'

/** One upload, read whole. */
export interface UploadedFile {
  filename: string
  content: Buffer
  /** Text fields sent with the file (e.g. documentType). */
  fields: Record<string, string>
}

const tooLarge = (limitMb: number) => new HttpError(413, RECORD_MESSAGES.uploadTooLarge(limitMb))

/**
 * Reads the one `file` part of a multipart upload (issue #11.3). Busboy may stop a stream at its limit
 * without the stream's consumer ever seeing the 'limit' event (it depends on how the body is chunked), so
 * the bytes are counted here: the parser's limit is one byte over ours, and any file that reaches it, or
 * comes back truncated, is refused with 413 — never stored cut short. A second file part is refused too,
 * so nothing is half-stored.
 */
export async function readOneUpload(request: FastifyRequest, limitMb: number): Promise<UploadedFile> {
  const limit = limitMb * 1024 * 1024
  const fields: Record<string, string> = {}
  let file: { filename: string; content: Buffer } | undefined
  let refusal: HttpError | undefined
  try {
    // Every part is read to its end even once the upload is refused: breaking off mid-body leaves a
    // client that is still sending unable to read the answer (busboy drops the bytes past its limit).
    // (The plugin is registered with throwFileSizeLimit: false: the size is judged here.)
    const parts = request.parts({ limits: { fileSize: limit + 1, files: 2, fields: 10 } })
    for await (const part of parts) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value)
        continue
      }
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size <= limit && !refusal) chunks.push(chunk)
      }
      if (refusal) continue
      if (file) refusal = badRequest(RECORD_MESSAGES.uploadOneFile)
      else if (part.fieldname !== 'file') refusal = badRequest(RECORD_MESSAGES.uploadMissing)
      else if (size > limit || part.file.truncated) refusal = tooLarge(limitMb)
      else file = { filename: part.filename, content: Buffer.concat(chunks, size) }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limitMb)
    if (code === 'FST_FILES_LIMIT') throw badRequest(RECORD_MESSAGES.uploadOneFile)
    // A body cut short or without its closing boundary is the caller's, not a server failure.
    if (error instanceof HttpError || ((error as { statusCode?: number }).statusCode ?? 500) < 500)
      throw error
    throw badRequest(UPLOAD_UNREADABLE)
  }
  if (refusal) throw refusal
  if (!file) throw badRequest(RECORD_MESSAGES.uploadMissing)
  return { ...file, fields }
}
