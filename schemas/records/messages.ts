/** How many names a refusal lists before it counts the rest: the answer stays short whatever was sent. */
export const LISTED_NAMES_MAX = 20

/** Names for a message: each as given ('(no name)' for an empty one), the first 20, then how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, LISTED_NAMES_MAX).map((n) => (n === '' ? '(no name)' : n))
  const more = names.length - shown.length
  return shown.join(', ') + (more > 0 ? ` and ${more} more` : '')
}

/**
 * Texts of the records domain. SPEC §5 and §8 texts are word for word (typos included); the others are
 * ours and say so.
 */
export const RECORD_MESSAGES = {
  /** SPEC §8 success texts. */
  uploadAccepted: 'File uploaded successfully. You will be notified once the file is proccessed.',
  exportLogged: 'Request logged, you will receive an email with the results.',
  // Ours: Excel's sheet has at most 16,384 columns (XFD).
  exportTooWide: (columns: number, max: number) =>
    `This export would have ${columns.toLocaleString('en')} columns, more than the ${max.toLocaleString('en')} Excel allows. Narrow the filter, for example to one record type.`,
  // Ours: a user's exports being built at once are bounded (each holds its workbook in memory).
  tooManyRunning: (n: number, what: string) =>
    `You have ${n} ${what} still being built. Wait for one to finish, then ask again.`,
  /** SPEC §5 "Data entry save". */
  testEquipmentMin: (n: number, label: string) => `At least ${n} test equipment required for ${label}`,
  /** SPEC §8 test equipment texts. */
  testEquipmentNotFoundSerial:
    'Could not find any test equipment with this serial number. Please ensure this device has been created.',
  testEquipmentNotFoundId: (id: number | string) => `Could not find test equipment with ID ${id}`,
  /** SPEC §8 documents text. */
  documentNotFound: 'Could not load document at this time',

  // Ours: submission mistakes, each naming what is wrong.
  recordTypeNotFound: (id: number | string) => `Record type ${id} does not exist`,
  noMappings: (name: string) => `Record type ${name} has no field mappings.`,
  supplierRequired: 'A supplier is required for this record.',
  productTypeRequired: 'A product type is required for this record.',
  ownerRequired: 'A device owner is required for a calibration record.',
  /** A body field a calibration does not take (audit s9 F6): its device belongs to the device owner. */
  calibrationNotTaken: (field: string) =>
    `A calibration record takes no ${field}: its test equipment belongs to the device owner.`,
  /** A device owner sent with a product record (not a calibration), which it would not store. */
  ownerNotTaken:
    'Only a calibration record takes a deviceOwnerId: a test, despatch or problem report record belongs to its supplier.',
  notOwnSupplier: 'You may only submit records for your own supplier.',
  notSubmitter: 'You are not allowed to submit records.',
  categoryNotAllowed: (category: string) => `You are not allowed to submit ${category} records.`,
  wrongCategory: (name: string, category: string) => `Record type ${name} is not a ${category} record type.`,
  fieldRequired: (variable: string) => `A value for "${variable}" is required.`,
  // Ours (audit s10 h1-2): what a calibration writes onto its test equipment item is bounded.
  deviceTextTooLong: (variable: string, max: number) =>
    `"${variable}" may be at most ${max.toLocaleString('en')} characters: it is stored on the test equipment item.`,
  badDate: (variable: string, value: string) => `"${value}" in "${variable}" is not a valid date.`,
  badNumber: (variable: string, value: string) => `"${value}" in "${variable}" is not a number.`,
  /** The expiry (calibration date + frequency) must be a date the database holds: up to 31/12/9999. */
  frequencyOutOfRange: (variable: string, value: string) =>
    `Calibration frequency ${value} in "${variable}" gives an expiry date after 31/12/9999.`,
  /** The expiry is counted in whole months and days (schemas/records/calibration-frequency.ts). */
  frequencyNotWhole: (variable: string, value: string) =>
    `Calibration frequency ${value} in "${variable}" does not come to whole months and days; ` +
    'enter whole months or days (e.g. P18M, P45D).',
  /** A record's date lies in 01/01/1900–31/12/9999 (schemas/records/values.ts RECORD_DATE_RANGE). */
  dateOutOfRange: (variable: string, value: string) =>
    `"${value}" in "${variable}" is not a date from 01/01/1900 to 31/12/9999.`,
  /** A record's date lies no more than a day after the server's clock (values.ts RECORD_DATE_GRACE_MS). */
  dateInFuture: (variable: string, value: string, today: string) =>
    `"${value}" in "${variable}" is after today (${today}): a record cannot be dated in the future.`,
  badResult: (variable: string, value: string) =>
    `"${value}" in "${variable}" is not a test result (pass, fail or n/a).`,
  serialOutOfRange: (serial: string, productType: string, supplier: string) =>
    `Serial number ${serial} is not within any serial range of ${supplier} for product type ${productType}.`,
  testEquipmentSerialOutOfRange: (serial: string, owner: string) =>
    `Serial number ${serial} is not within any test equipment serial range of ${owner}.`,
  testEquipmentOtherOwner: (serial: string) => `Test equipment ${serial} belongs to another device owner.`,
  calibratorNotFound: (name: string) => `Calibrator ${name} does not exist.`,
  locationNotFound: (name: string) => `Location ${name} does not exist for this device owner.`,
  recordNotFound: (id: number | string) => `Record ${id} does not exist`,
  notProblemReport: 'Only Problem Report records can be edited.',
  /** An edit or review made on a revision of the record that is no longer its content (If-Match). */
  changedSince: (revision: number) =>
    `This record was changed after you opened it; it is now revision ${revision}. Reload it and check the changes first.`,
  badIfMatch: 'The If-Match header must be the record revision you loaded, in quotes, for example "2".',
  /** Ours: an edit in place keeps what the record is (its serial may be corrected; the product follows). */
  editKeeps: (id: number, what: 'record type' | 'product type' | 'supplier') =>
    `Record ${id} keeps its ${what} when edited; store a new record for another ${what}.`,
  documentMissing: (name: string) => `Document ${name} does not exist.`,

  // Ours: the calibration gate at capture (issue #15.1).
  calibrationBlocked: (serial: string, why: string) =>
    `Test equipment ${serial} cannot be used: ${why}. This record type blocks out-of-calibration test ` +
    'equipment; a configurator or admin must give an override reason.',
  /** The `why` of calibrationBlocked, by status (the expiry as DD/MM/YYYY, UTC). */
  calibrationWhy: {
    expired: (expires: string) => `its calibration expired on ${expires}`,
    never: 'it has never been calibrated',
    suspect: 'it is suspect (found out of tolerance)',
  },
  overrideForbidden: 'Only a configurator or admin can override a calibration block.',
  overrideReasonRequired: (serial: string) => `An override of test equipment ${serial} needs a reason.`,
  overrideNotUsed: (id: number) =>
    `Test equipment ${id} is not used in this record, so it cannot be overridden.`,

  /** A JSON submission's data key that is neither a layout variable nor a mapped field (docs/decisions.md). */
  unknownFields: (names: readonly string[]) => `Unknown fields in the record data: ${listed(names)}`,
  /**
   * A top-level body key the submission does not take (audit s9 F7). An ajv-errors template: `${0}` is
   * replaced with the key, quoted, by the body schema (schemas/records/submission.ts).
   */
  unknownSubmissionField: (accepted: readonly string[]) =>
    'Unknown field in the submission: ${0}. ' +
    `A submission holds ${accepted.join(', ')}; the form's values go in data.`,
  /** The same for a CSV upload's body. */
  unknownUploadField: (accepted: readonly string[]) =>
    'Unknown field in the CSV upload: ${0}. ' + `An upload holds ${accepted.join(', ')}.`,
  revisionOfOnce: 'A record revises one record: give ?revisionOf= once.',
  revisionOfOtherType: (id: number) =>
    `Record ${id} is of another record type: a revision is stored with the record type of the record it revises.`,
  mappedNotCell: (name: string) => `The field ${name} must be text, a number or empty.`,

  // Ours: CSV ingest.
  csvNotBase64: 'The CSV file is not valid base64 content.',
  csvEmpty: 'The CSV file has no data rows.',
  csvNotUtf8: (byte: number, line: number) =>
    `The file is not UTF-8 text (byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} on line ${line}). ` +
    'Save it as "CSV UTF-8" and upload it again.',
  csvBadQuotes: (cells: number) =>
    `The file was not uploaded: ${cells === 1 ? '1 quoted cell is' : `${cells} quoted cells are`} not ` +
    'closed correctly, so its rows cannot be told apart. Nothing was saved.',
  csvQuoteNotClosed:
    'A quoted cell is not closed; the rest of the file would be read as one cell. End the cell with a quote.',
  csvQuoteTextAfter:
    'A quoted cell has text after its closing quote, so it runs on to a later quote. Quote the whole cell ' +
    'and write each quote inside it as two quotes ("").',
  csvQuoteTextAfterNotClosed:
    'A quoted cell has text after its closing quote and is never closed; the rest of the file would be read ' +
    'as one cell. Quote the whole cell and write each quote inside it as two quotes ("").',
  csvMissingColumns: (columns: readonly string[], separator?: string) =>
    `The CSV header has no column ${columns.map((c) => `"${c}"`).join(', ')}.` +
    (separator
      ? ` Its columns seem to be separated by ${separator}; save the file with commas ("CSV UTF-8") and upload it again.`
      : ''),
  csvTooManyColumns: (columns: number, max: number) =>
    `The CSV header has ${columns.toLocaleString('en')} columns; a record type without a data entry form takes at most ${max.toLocaleString('en')}.`,
  csvUnknownColumns: (columns: readonly string[]) => `Unknown columns in the CSV header: ${listed(columns)}`,
  csvDuplicateColumns: (columns: string[]) =>
    `Columns named more than once in the CSV header: ${columns.join(', ')}`,
  csvReservedColumns: (columns: string[]) =>
    `Column names that cannot be record variables in the CSV header: ${columns.join(', ')}`,
  csvRejected: (bad: number, total: number) =>
    `The file was not uploaded: ${bad} of ${total} rows have errors. Nothing was saved.`,
  csvLine: (line: number, reason: string) => `Line ${line}: ${reason}`,
  csvNotFileCapture: (name: string) => `Record type ${name} does not accept CSV uploads.`,

  // Ours: uploads.
  uploadMissing: 'No file was sent; post it as multipart field "file".',
  uploadTooLarge: (mb: number) => `The file is larger than the ${mb} MB limit.`,
  uploadOneFile: 'Send one file per upload; this request holds more than one.',
  uploadExtension: (name: string, allowed: readonly string[]) =>
    `${name} is not an accepted file type (${allowed.join(' ')}).`,
  uploadContentMismatch: (name: string) => `The content of ${name} does not match its file extension.`,
  documentTypeTooLong: (max: number) => `The document type may be at most ${max} characters.`,
  uploadNameTooLong: (max: number) => `The file name may be at most ${max} characters.`,
  documentClaim: (name: string, field: string, stored: string | null) =>
    stored === null
      ? `Document ${name} was stored without a ${field}; the record data says otherwise.`
      : `Document ${name} was stored with ${field} '${stored}'; the record data says otherwise.`,
  uploadNoName: 'The file has no name: send it with its file name.',
  documentUnnamed: 'A document in the record data has no saved file name.',

  // Ours: paging and filters.
  badFilter: 'The filter is not valid JSON.',
  filterTooLong: (max: number) => `The filter is too long: at most ${max} characters.`,
  badFilterShape: (detail: string) => `The filter is not valid: ${detail}`,
  idempotencyOtherCall: 'This Idempotency-Key was already used for another call.',
  idempotencyOtherRequest: 'This Idempotency-Key was already used for a different request.',
  badSortField: (field: string) => `Records cannot be sorted by ${field}.`,
  badProductSortField: (field: string) => `Products cannot be sorted by ${field}.`,
  badPage: 'Page must be a number from 0 and size from 1 to 1000.',
  unknownFilterField: (field: string) => `Unknown records filter field: ${field}`,
  productNotFound: (id: number | string) => `Product ${id} does not exist`,
  jobNotFound: (id: number | string) => `Job ${id} does not exist`,
  exportNotReady: 'The export is not ready yet.',
  // Ours: files of exports and certificate batches are kept EXPORT_FILE_DAYS days (job-files-retention.ts).
  jobFileRemoved: (days: number) =>
    days > 0
      ? `This file is no longer kept: files of exports and certificate batches are removed ${days} days after they are made. Make it again.`
      : 'This file is no longer kept: files of exports and certificate batches are removed after a while. Make it again.',
  jobFailed: (error: string | null) => `This job failed, so it has no file${error ? `: ${error}` : '.'}`,
  /** 'Download now' (beyond SPEC): the workbook built at once, for small sets. */
  downloadNowTooMany: (limit: number) =>
    `More than ${limit.toLocaleString('en-GB')} records match: 'Download now' handles up to ${limit.toLocaleString('en-GB')}. Use Export to have the file prepared on the server.`,
  downloadNowNone: 'No records match these filters.',
} as const
