import type { DocumentInfo, Product, RecordListItem, TestEquipment } from '../../schemas/records'

/**
 * What a page supplies to the form runtime. Widgets never call `fetch` or import src/: every server
 * call goes through this interface, so a widget is a pure function of its value, its control and
 * these services, and a unit test replaces them with plain async functions.
 *
 * Errors: a method rejects with an `Error` whose `message` is the server's text (the SPA's ApiError
 * does that). "Not found" answers are NOT errors where the method says so (`null` / `[]`), because
 * SPEC §8 shows a different text for "not found" than for "could not ask".
 *
 * This shape is stable: the capture pages code against it. Add optional members, never change one.
 */
export interface RuntimeServices {
  /**
   * GET a JSON resource on a service host, e.g. `fetchJson('meta', '/api/Customers')`. `path` starts
   * with `/` and is already URL-encoded. Used for named list sources and layout endpoints.
   */
  fetchJson(host: RuntimeHost, path: string, init?: { signal?: AbortSignal }): Promise<unknown>

  /**
   * Posts one file as multipart field `file` to the configured upload URL (SPEC §7 Documents),
   * reporting progress 0..100 while sending. `pdfOnly` is true for document controls (SPEC §5:
   * PDF only); the server checks it again. Resolves with the stored Document.
   */
  uploadDocument(file: File, options: UploadOptions): Promise<DocumentInfo>

  /** The largest document `uploadDocument` may send, in MB (the server's UPLOAD_MAX_MB); 20 when absent. */
  readonly uploadLimitMb?: number

  /** `GET {itr}/api/formDocuments?filename=` as a Blob, for the document viewer's preview and Download. */
  downloadDocument(savedFilename: string): Promise<Blob>

  /**
   * The product with this serial number (full `prefix:serial` or the bare serial), or `null` when
   * none exists — e.g. `GET {meta}/api/assets/page/1/size/1/filter/{"serialNumbers":[serial]}`.
   */
  lookupSerial(serial: string): Promise<Product | null>

  /**
   * The newest `count` records of `product` captured with the record type in `context.recordTypeId`
   * (newest first), for the serial widget's history panel.
   */
  recentRecords(product: Product, recordTypeId: number | undefined, count: number): Promise<RecordListItem[]>

  /** Test equipment whose serial number matches (full or bare); `[]` when none (the server's 404). */
  testEquipmentBySerial(serial: string): Promise<TestEquipment[]>

  /** One test equipment item (`GET {itr}/api/testEquipment/{id}`), or `null` when it does not exist. */
  testEquipmentById(id: number): Promise<TestEquipment | null>

  /**
   * Link target of the serial widget's records button, e.g.
   * `/Records?filter=productSerialNumber&value={serial}`. Opened in a new tab so the entry is not lost.
   * Without it the button is not shown.
   */
  recordsHref?(serial: string): string

  /** Ids the named sources and endpoint parameters of type `other` are resolved from. */
  context: RuntimeContextIds
}

/** Hosts a form may read from. */
export type RuntimeHost = 'meta' | 'itr' | 'data'

/** Options of `RuntimeServices.uploadDocument`. */
export interface UploadOptions {
  /** The control's documentType (e.g. calibrationCertificate), stored with the file. */
  documentType?: string
  /** SPEC §5: document controls accept PDF only. */
  pdfOnly: boolean
  /** Called with 0..100 while the file is sent. */
  onProgress(percent: number): void
  signal?: AbortSignal
}

/**
 * The record being captured. `ownerId` resolves the `locations` source, `productTypeId` the
 * fault/repair item sources, `recordTypeId` the serial widget's history; all are also available to
 * endpoint parameters of type `other` by these names.
 */
export interface RuntimeContextIds {
  supplierId?: number
  ownerId?: number
  productTypeId?: number
  recordTypeId?: number
}
