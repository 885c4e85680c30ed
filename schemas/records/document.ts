import type { FromSchema } from 'json-schema-to-ts'

/** SPEC §5 "Uploads": extensions accepted by default, and PDF only for document controls. */
export const UPLOAD_EXTENSIONS = ['.docx', '.png', '.svg', '.xls', '.zip', '.pdf'] as const
export const DOCUMENT_ONLY_EXTENSIONS = ['.pdf'] as const
/** The longest original file name an upload may have (most file systems' limit). */
export const UPLOAD_FILENAME_MAX = 255

/** Content type stored and served for each accepted extension. */
export const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.xls': 'application/vnd.ms-excel',
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** SPEC §3 "Document": what an upload answers and a record's upload control stores. */
export const documentSchema = {
  type: 'object',
  required: ['originalFilename', 'savedFilename', 'contentType'],
  properties: {
    documentType: { type: ['string', 'null'] },
    originalFilename: { type: 'string' },
    savedFilename: { type: 'string' },
    contentType: { type: 'string' },
  },
} as const

export type DocumentInfo = FromSchema<typeof documentSchema>
