import type { FastifyPluginAsync } from 'fastify'
import multipart from '@fastify/multipart'
import { RECORD_READ_VIEWS } from '../../../schemas/roles'
import { documentSchema, RECORD_MESSAGES } from '../../../schemas/records/index'
import { badRequest, HttpError, notFound } from '../../http-error'
import { DocumentsRepository, toDocumentInfo } from '../../repositories/documents'
import { checkUpload } from './upload-check'

const tags = ['documents']
const MB = 1024 * 1024

/** A multipart body that ends before its closing boundary. */
export const UPLOAD_UNREADABLE = 'The upload could not be read: the multipart body is incomplete.'

/** Upload size limit in MB: UPLOAD_MAX_MB, 20 by default. */
export const uploadLimitMb = (env: NodeJS.ProcessEnv = process.env) => Number(env.UPLOAD_MAX_MB ?? 20) || 20

/** `Content-Disposition: attachment` with the original name, safe for any characters. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * Documents of SPEC §7 on {itr}: `POST /api/formDocuments` (multipart field `file`) is the configured
 * upload URL; `GET /api/formDocuments?filename={savedFilename}` answers the stored blob. Files live in the
 * database, so every instance serves every file.
 */
const documentsRoutes: FastifyPluginAsync = async (app) => {
  const limitMb = uploadLimitMb()
  await app.register(multipart, { limits: { fileSize: limitMb * MB, files: 1, fields: 10 } })
  const repo = new DocumentsRepository(app.db)

  app.post<{ Querystring: { accept?: string; documentType?: string } }>(
    '/api/formDocuments',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: 'Uploads one file (multipart field "file"); answers the stored Document.',
        description:
          `Accepted: ${'.docx .png .svg .xls .zip .pdf'}; with ?accept=pdf only .pdf (document controls). ` +
          `The content must match the extension. Limit UPLOAD_MAX_MB (default 20) MB. An optional ` +
          `documentType travels as a query parameter or a form field before the file.`,
        consumes: ['multipart/form-data'],
        querystring: {
          type: 'object',
          properties: {
            accept: { type: 'string', enum: ['pdf', 'any'] },
            documentType: { type: 'string', maxLength: 100 },
          },
        },
        response: { 200: documentSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(RECORD_MESSAGES.uploadMissing)
      let file: Awaited<ReturnType<typeof request.file>>
      let content: Buffer
      try {
        file = await request.file()
        if (!file || file.fieldname !== 'file') throw badRequest(RECORD_MESSAGES.uploadMissing)
        content = await file.toBuffer()
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, RECORD_MESSAGES.uploadTooLarge(limitMb))
        // A body cut short or without its closing boundary is the caller's, not a server failure.
        if (error instanceof HttpError || ((error as { statusCode?: number }).statusCode ?? 500) < 500)
          throw error
        throw badRequest(UPLOAD_UNREADABLE)
      }
      const contentType = checkUpload(file.filename, content, request.query.accept === 'pdf')
      const field = file.fields.documentType
      const fieldValue = field && !Array.isArray(field) && 'value' in field ? String(field.value) : undefined
      const row = await repo.store({
        documentType: request.query.documentType ?? fieldValue ?? null,
        originalFilename: file.filename,
        contentType,
        content,
        createdBy: request.user.id,
      })
      return toDocumentInfo(row)
    },
  )

  app.get<{ Querystring: { filename: string } }>(
    '/api/formDocuments',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: 'Downloads a stored document by its saved file name.',
        description:
          'Configurators and admins get any file; other users their own uploads and files attached to records ' +
          'they may see (supplier and ITRViewer scoping), otherwise 404.',
        querystring: {
          type: 'object',
          required: ['filename'],
          properties: { filename: { type: 'string', minLength: 1, maxLength: 200 } },
        },
      },
    },
    async (request, reply) => {
      const row = await repo.bySavedFilename(request.query.filename)
      // A file the caller may not see answers like a missing one, so its existence is not disclosed.
      if (!row || !(await repo.visibleTo(row, request.user))) throw notFound(RECORD_MESSAGES.documentNotFound)
      return reply
        .header('Content-Type', row.contentType)
        .header('Content-Disposition', attachmentHeader(row.originalFilename))
        .header('Cache-Control', 'private, max-age=3600')
        .send(row.content)
    },
  )
}

export default documentsRoutes
