import { useState } from 'react'
import { ApiError, describeError } from '../../api/client'
import { RECORD_MESSAGES } from '../../../schemas/records/messages'
import { CSV_FILE_LIMIT_MB, type CsvResult, type CsvRowError } from '../../../schemas/records/submission'
import { postWithProgress } from '../../api/upload-request'
import { fileToBase64, isCsvName } from './csv-file'

/** SPEC §4 "File upload": pending, done or error, with a progress percentage (idle before any file). */
export type CsvUploadStatus = 'idle' | 'pending' | 'done' | 'error'

export interface CsvUploadState {
  status: CsvUploadStatus
  progress: number
  fileName: string | null
  /** The success text, or the error banner text. */
  message: string | null
  /** Every rejected row, with its line number and reason, as the server answered them. */
  rowErrors: CsvRowError[]
}

const IDLE: CsvUploadState = { status: 'idle', progress: 0, fileName: null, message: null, rowErrors: [] }

/** Not a SPEC text: a file that is not .csv is refused before any call (SPEC §5 "Uploads"). */
export const notCsvMessage = (name: string) => `${name} is not a .csv file.`

/**
 * Not a SPEC text: what an accepted file stored, after SPEC §8's upload text, so a user without a Records
 * page (a supplier) can tell what went in once the file picker has cleared (audit walk-csv).
 */
export const storedMessage = (records: number, name: string) =>
  `${records} ${records === 1 ? 'record' : 'records'} stored from ${name}.`

/** SPEC §8's upload text word for word, then what was stored. */
export const uploadedMessage = (records: number, name: string) =>
  `${RECORD_MESSAGES.uploadAccepted} ${storedMessage(records, name)}`

const isRowError = (v: unknown): v is CsvRowError =>
  typeof v === 'object' && v !== null && typeof (v as CsvRowError).line === 'number' && 'reason' in v

/** Reads the row errors out of a 400 answer's details (a list, or {rows: [...]}). */
export function rowErrorsOf(error: unknown): CsvRowError[] {
  if (!(error instanceof ApiError)) return []
  const details = error.details as unknown
  const list = Array.isArray(details)
    ? details
    : Array.isArray((details as { rows?: unknown })?.rows)
      ? (details as { rows: unknown[] }).rows
      : []
  return list
    .filter(isRowError)
    .map((row) => ({ line: row.line, reason: String(row.reason).replace(/^Line \d+:\s*/, '') }))
    .sort((a, b) => a.line - b.line)
}

/**
 * The CSV upload of /AddRecord (SPEC §2, §3 "CSV upload"): one .csv file, sent base64 with the supplier,
 * product type and record type. The server checks the whole file; a rejection lists every bad row.
 */
export function useCsvUpload(ids: {
  supplierId: number | null
  productTypeId: number | null
  recordTypeId: number | null
}) {
  const [state, setState] = useState<CsvUploadState>(IDLE)

  const upload = async (file: File) => {
    if (!isCsvName(file.name)) {
      setState({ ...IDLE, status: 'error', fileName: file.name, message: notCsvMessage(file.name) })
      return
    }
    if (file.size > CSV_FILE_LIMIT_MB * 1024 * 1024) {
      const message = RECORD_MESSAGES.uploadTooLarge(CSV_FILE_LIMIT_MB)
      setState({ ...IDLE, status: 'error', fileName: file.name, message })
      return
    }
    const { supplierId, productTypeId, recordTypeId } = ids
    if (supplierId == null || productTypeId == null || recordTypeId == null) return
    setState({ ...IDLE, status: 'pending', fileName: file.name })
    try {
      const body = JSON.stringify({
        supplierId,
        productTypeId,
        recordTypeId,
        fileName: file.name,
        data: await fileToBase64(file),
      })
      const result = await postWithProgress<CsvResult>(
        'submission',
        '/api/InstrumentTest/upload-csv/',
        body,
        (progress) => setState((s) => (s.status === 'pending' ? { ...s, progress } : s)),
      )
      setState({
        status: 'done',
        progress: 100,
        fileName: file.name,
        // SPEC §8's success text, whatever wording the server used, then how many records it stored.
        message: uploadedMessage(result.records, file.name),
        rowErrors: [],
      })
    } catch (error) {
      setState({
        status: 'error',
        progress: 0,
        fileName: file.name,
        message: describeError(error),
        rowErrors: rowErrorsOf(error),
      })
    }
  }

  return { ...state, upload, reset: () => setState(IDLE) }
}
