import { fromPickerText } from '../../../../runtime/widgets/date-format'
import type { RecordsFilter } from '../../../../schemas/records'
import type { CategoryChoice, RecordFilterEntry } from '../records-model'

/** SPEC §9 test results as the export dialog offers them. */
export const EXPORT_RESULTS = ['pass', 'fail', 'n/a'] as const
export type ExportResult = (typeof EXPORT_RESULTS)[number]

/** What the Excel export dialog holds (SPEC §2 "Excel export dialog"). */
export interface ExportForm {
  serialNumber: string
  recordTypeIds: number[]
  productTypeId: number | null
  /** Start and end toggles; the dates are typed dd-MM-yyyy (SPEC §9). */
  useStart: boolean
  start: string
  useEnd: boolean
  end: string
  category: CategoryChoice
  // Test Record
  results: ExportResult[]
  supplierNames: string[]
  // Despatch Record
  customers: string[]
  jobNumber: string
  batchNumber: string
  // Problem Report Record
  faultItems: string[]
  repairItems: string[]
  faultDescriptives: string[]
  repairDescriptives: string[]
  /** Filters of the page's URL the dialog has no field for (e.g. testEquipment); sent as they are. */
  fixed: RecordFilterEntry[]
}

/** Texts of the dialog's own checks (ours). */
export const EXPORT_TEXTS = {
  dateFormat: 'Enter the date as dd-MM-yyyy.',
  endBeforeStart: 'The end date must not be before the start date.',
  /** SPEC §8 export success text. */
  logged: 'Request logged, you will receive an email with the results.',
} as const

/** The dialog's starting point: the records grid's category, and its serial/product type filters. */
export function initialExportForm(category: CategoryChoice, base: readonly RecordFilterEntry[]): ExportForm {
  const fromUrl = (...names: string[]) =>
    base.find((f) => names.includes(f.field.toLowerCase()))?.value as string | number | undefined
  const serial = fromUrl('productserialnumber', 'serialnumber')
  const shownInFields = ['productserialnumber', 'serialnumber', 'producttypeid']
  const productType = Number(fromUrl('producttypeid'))
  return {
    serialNumber: serial == null ? '' : String(serial),
    recordTypeIds: [],
    productTypeId: Number.isInteger(productType) && productType > 0 ? productType : null,
    useStart: false,
    start: '',
    useEnd: false,
    end: '',
    category,
    results: [],
    supplierNames: [],
    customers: [],
    jobNumber: '',
    batchNumber: '',
    faultItems: [],
    repairItems: [],
    faultDescriptives: [],
    repairDescriptives: [],
    fixed: base.filter((f) => !shownInFields.includes(f.field.toLowerCase())),
  }
}

export type ExportErrors = Partial<Record<'start' | 'end', string>>

/**
 * The export's `filters[{field,value}]` with start and end dates (SPEC §7), or the form's errors. Only
 * the section of the chosen category counts; a switched-off date toggle drops its date.
 */
export function exportFilter(form: ExportForm): { filter: RecordsFilter } | { errors: ExportErrors } {
  const errors: ExportErrors = {}
  const start = form.useStart ? fromPickerText(form.start) : null
  const end = form.useEnd ? fromPickerText(form.end) : null
  if (form.useStart && !start) errors.start = EXPORT_TEXTS.dateFormat
  if (form.useEnd && !end) errors.end = EXPORT_TEXTS.dateFormat
  if (start && end && end < start) errors.end = EXPORT_TEXTS.endBeforeStart
  if (errors.start || errors.end) return { errors }

  const filters: RecordFilterEntry[] = [...form.fixed, { field: 'category', value: form.category }]
  const add = (field: string, value: string | number | (string | number)[] | null) => {
    if (value == null) return
    if (Array.isArray(value) ? value.length > 0 : String(value).trim() !== '')
      filters.push({ field, value: typeof value === 'string' ? value.trim() : value })
  }
  add('productSerialNumber', form.serialNumber)
  add('recordTypeId', form.recordTypeIds)
  add('productTypeId', form.productTypeId)
  if (form.category === 'test') {
    add('result', form.results)
    add('supplier', form.supplierNames)
  } else if (form.category === 'despatch') {
    add('customer', form.customers)
    add('jobNumber', form.jobNumber)
    add('batchNumber', form.batchNumber)
  } else if (form.category === 'problemReport') {
    add('faultItem', form.faultItems)
    add('repairItem', form.repairItems)
    add('faultDescriptive', form.faultDescriptives)
    add('repairDescriptive', form.repairDescriptives)
  }
  const filter: RecordsFilter = { filters }
  if (start) filter.startDate = start
  if (end) filter.endDate = end
  return { filter }
}
