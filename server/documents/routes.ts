import type { FastifyPluginAsync } from 'fastify'
import multipart from '@fastify/multipart'
import { Ajv } from 'ajv'
import addErrors from 'ajv-errors'
import { RECORD_READ_VIEWS } from '../../schemas/roles'
import { documentSchema, RECORD_MESSAGES } from '../../schemas/records/index'
import { uploadLimitMb } from '../config'
import { badRequest, notFound } from '../http-error'
import { schemaErrorFormatter } from '../plugins/errors'
import { DocumentsRepository, toDocumentInfo } from './documents'
import { checkUpload } from './upload-check'
import { readOneUpload } from './upload-read'

const tags = ['documents']
const MB = 1024 * 1024

/** The longest documentType an upload may carry. */
export const DOCUMENT_TYPE_MAX = 100

/**
 * The upload's options. `documentType` travels as a query parameter or as a form field; the route
 * checks the query with this schema and the handler checks the form field with the same one.
 */
const uploadOptionsSchema = {
  type: 'object',
  properties: {
    accept: { type: 'string', enum: ['pdf', 'any'] },
    documentType: {
      type: 'string',
      maxLength: DOCUMENT_TYPE_MAX,
      errorMessage: { maxLength: RECORD_MESSAGES.documentTypeTooLong(DOCUMENT_TYPE_MAX) },
    },
  },
} as const

/** The form-field check: ajv as the routes have it (all errors, ajv-errors texts). */
const ajv = new Ajv({ allErrors: true, strict: false })
addErrors(ajv)
const validOptions = ajv.compile(uploadOptionsSchema)

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
  // Sizes and part counts are judged by readOneUpload (upload-read.ts), which reads every body to its end.
  await app.register(multipart, {
    limits: { fileSize: limitMb * MB + 1, files: 2, fields: 10 },
    throwFileSizeLimit: false,
  })
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
        querystring: uploadOptionsSchema,
        response: { 200: documentSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(RECORD_MESSAGES.uploadMissing)
      const file = await readOneUpload(request, limitMb)
      const documentType = request.query.documentType ?? file.fields.documentType
      // A form field gets the query's check (the query itself was checked by the route schema).
      if (documentType !== undefined && !validOptions({ documentType }))
        throw schemaErrorFormatter(validOptions.errors ?? [], 'body')
      const contentType = checkUpload(file.filename, file.content, request.query.accept === 'pdf')
      const row = await repo.store({
        documentType: documentType ?? null,
        originalFilename: file.filename,
        contentType,
        content: file.content,
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
