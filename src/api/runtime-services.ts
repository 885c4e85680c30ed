import { api, ApiError } from './client'
import { appConfig } from './app-config'
import type { RuntimeContextIds, RuntimeServices } from '../../runtime/form/services'
import type { DocumentInfo, Product, RecordListItem, TestEquipment } from '../../schemas/records'
import { postWithProgress } from './upload-request'

/** First page index of the paged list calls (SPEC §7 leaves it open; our server counts from 0). */
export const FIRST_PAGE = 0

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404

/** `fallback` for a 404 answer (SPEC §8 shows "not found" apart from "could not ask"), else the error. */
async function orWhenMissing<T>(call: Promise<T>, fallback: T): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (notFound(error)) return fallback
    throw error
  }
}

const filterPath = (filter: unknown) => encodeURIComponent(JSON.stringify(filter))

/** Whether a product is the one the serial names: full prefix:serial, or the bare serial. */
const sameSerial = (product: Product, serial: string) =>
  [product.productSerialNumber, product.serialNumber].some((s) => s.toLowerCase() === serial.toLowerCase())

/**
 * The form runtime's services (runtime/form/services.ts) over the SPA's API client: every widget call
 * goes through here, with the session rules and 'API Error' texts of src/api/client.ts. `recordsPage`
 * false (a view that may not open /Records, the supplier's) leaves out the serial lookup's records link,
 * which would only lead to "You are not authorised to see this page."
 */
export function createRuntimeServices(
  context: RuntimeContextIds,
  { recordsPage = true }: { recordsPage?: boolean } = {},
): RuntimeServices {
  const recordsHref = (serial: string) =>
    `/Records?filter=productSerialNumber&value=${encodeURIComponent(serial)}`
  return {
    ...(recordsPage ? { recordsHref } : {}),
    context,
    uploadLimitMb: appConfig().uploadLimitMb,

    fetchJson: (host, path, init) => api.get<unknown>(host, path, { signal: init?.signal }),

    uploadDocument(file, options) {
      const form = new FormData()
      if (options.documentType) form.append('documentType', options.documentType)
      form.append('file', file, file.name)
      const query = new URLSearchParams()
      if (options.pdfOnly) query.set('accept', 'pdf')
      if (options.documentType) query.set('documentType', options.documentType)
      const qs = query.toString()
      return postWithProgress<DocumentInfo>(
        'itr',
        `/api/formDocuments${qs ? `?${qs}` : ''}`,
        form,
        options.onProgress,
        options.signal,
      )
    },

    async downloadDocument(savedFilename) {
      const res = await api.get<Response>('itr', '/api/formDocuments', {
        query: { filename: savedFilename },
        raw: true,
      })
      return res.blob()
    },

    async lookupSerial(serial) {
      const text = serial.trim()
      if (!text) return null
      const page = await orWhenMissing(
        api.get<{ result: Product[] }>(
          'meta',
          `/api/assets/page/${FIRST_PAGE}/size/10/filter/${filterPath({ serialNumbers: [text] })}`,
        ),
        { result: [] },
      )
      return page.result.find((p) => sameSerial(p, text)) ?? null
    },

    async recentRecords(product, recordTypeId, count) {
      const filters: { field: string; value: number }[] = [{ field: 'productId', value: product.id }]
      if (recordTypeId !== undefined) filters.push({ field: 'recordTypeId', value: recordTypeId })
      const filter = { filters, sortField: 'recordDate', sortDirection: 'desc' }
      const page = await api.get<{ result: RecordListItem[] }>(
        'data',
        `/api/InstrumentTestRecord/Records/page/${FIRST_PAGE}/size/${count}/filter/${filterPath(filter)}`,
      )
      return page.result
    },

    testEquipmentBySerial: (serial) =>
      orWhenMissing(
        api.get<TestEquipment[]>('itr', '/api/testEquipment', { query: { serialNumber: serial } }),
        [],
      ),

    testEquipmentById: (id) =>
      orWhenMissing<TestEquipment | null>(api.get<TestEquipment>('itr', `/api/testEquipment/${id}`), null),
  }
}
