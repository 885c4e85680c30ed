import { listVariables, tableCellHeaders, tablesOf, type FormLayout } from '../../../schemas/form-layout'

/**
 * The CSV template of a record type (docs/csv-upload.md): one header row with the layout's variable names
 * in form order, group result variables included. Variable names are plain identifiers, so no cell needs
 * quoting. CRLF line ends keep spreadsheet programs happy.
 */
export function csvTemplate(layout: Pick<FormLayout, 'controls'>): string {
  const seen = new Set<string>()
  const tables = new Map(tablesOf(layout).map((t) => [t.variable, t]))
  // A measurement table (issue #14) is one column per cell, `variable[row].column`.
  const header = listVariables(layout)
    .filter((v) => !seen.has(v) && seen.add(v))
    .flatMap((v) => (tables.has(v) ? tableCellHeaders(tables.get(v)!) : [v]))
  return `${header.join(',')}\r\n`
}

/** A file name for the template: the record type name made safe for any file system. */
export function templateFileName(recordTypeName: string): string {
  const base = recordTypeName
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${base || 'record-type'}-template.csv`
}

/** Offers text as a file download, built in the browser (no server call). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** The base64 content of a file, as SPEC §3 "CSV upload" sends it. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  // Chunked: String.fromCharCode with a whole large file would overflow the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

/** SPEC §5 "Uploads": the add-record CSV upload accepts .csv only. */
export const isCsvName = (name: string) => name.toLowerCase().endsWith('.csv')
