import { DATE_FORMAT_HINT, dateTextProblem, fromPickerText } from '../../../../runtime/widgets/date-format'
import type { RecordsFilter } from '../../../../schemas/records'
import { filterNote, type CategoryChoice, type RecordFilterEntry } from '../records-model'

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
  /**
   * The records grid's filters the dialog has no field for (URL filters such as testEquipment, 'Suspect
   * only', 'My queue', superseded hidden, column filters); sent as they are.
   */
  fixed: RecordFilterEntry[]
}

/** Texts of the dialog's own checks (ours). */
export const EXPORT_TEXTS = {
  dateFormat: DATE_FORMAT_HINT,
  endBeforeStart: 'The end date must not be before the start date.',
  /** SPEC §8 export success text. */
  logged: 'Request logged, you will receive an email with the results.',
} as const

/**
 * The dialog's starting point: the records grid's category and the filters the grid sends now (its
 * `recordsFilter(...).filters`: the URL's, 'Suspect only', 'My queue', 'Show superseded' off, the column
 * filters), so the export holds the grid's records. The first serial and product type filter (the URL's)
 * and the Test grid's Result box fill their fields, the category dropdown's entry is the dialog's category;
 * every other entry is kept in `fixed` and sent as it is, with what the user sets in the dialog (all
 * conditions hold together).
 */
export function initialExportForm(category: CategoryChoice, grid: readonly RecordFilterEntry[]): ExportForm {
  const field = (f: RecordFilterEntry) => f.field.toLowerCase()
  const serial = grid.find(
    (f) => ['productserialnumber', 'serialnumber'].includes(field(f)) && !Array.isArray(f.value),
  )
  const productTypeEntry = grid.find((f) => field(f) === 'producttypeid' && !Array.isArray(f.value))
  const productType = Number(productTypeEntry?.value)
  const productTypeShown = Number.isInteger(productType) && productType > 0
  // The grid's Result box (Test records) ticks the dialog's result of the Test Record section.
  const resultEntry =
    category === 'test'
      ? grid.find(
          (f) =>
            field(f) === 'result' &&
            typeof f.value === 'string' &&
            (EXPORT_RESULTS as readonly string[]).includes(f.value.trim().toLowerCase()),
        )
      : undefined
  return {
    serialNumber: serial == null ? '' : String(serial.value),
    recordTypeIds: [],
    productTypeId: productTypeShown ? productType : null,
    useStart: false,
    start: '',
    useEnd: false,
    end: '',
    category,
    results: resultEntry ? [String(resultEntry.value).trim().toLowerCase() as ExportResult] : [],
    supplierNames: [],
    customers: [],
    jobNumber: '',
    batchNumber: '',
    faultItems: [],
    repairItems: [],
    faultDescriptives: [],
    repairDescriptives: [],
    fixed: grid.filter(
      (f) =>
        // The dropdown's category is the dialog's own field (a URL's other category still holds).
        !(field(f) === 'category' && String(f.value).toLowerCase() === category.toLowerCase()) &&
        f !== serial &&
        f !== resultEntry &&
        !(productTypeShown && f === productTypeEntry),
    ),
  }
}

/** The entries of the grid's filter (its `recordsFilter(...)` output; sort and paging left out). */
export function gridEntries(filter: RecordsFilter): RecordFilterEntry[] {
  return (filter.filters ?? []).flatMap((f) =>
    f.value == null
      ? []
      : [{ field: f.field, value: typeof f.value === 'boolean' ? String(f.value) : f.value }],
  )
}

/**
 * The dialog's line naming the grid's filters it applies besides its own fields (e.g. "Also as on the
 * Records page: superseded records hidden; Serial contains '1003'."), or null when there are none.
 */
export function gridFiltersNote(form: ExportForm): string | null {
  const notes = form.fixed.map(filterNote).filter((n): n is string => n != null)
  return notes.length ? `Also as on the Records page: ${notes.join('; ')}.` : null
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
  // The date boxes' one rule (date-format.ts): '31-02-2026 is not a date.', else the format; empty: the format.
  if (form.useStart && !start) errors.start = dateTextProblem(form.start) ?? EXPORT_TEXTS.dateFormat
  if (form.useEnd && !end) errors.end = dateTextProblem(form.end) ?? EXPORT_TEXTS.dateFormat
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
