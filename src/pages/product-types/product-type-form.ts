import { ATTRIBUTE_KEYS } from '../../../schemas/entities/attribute'
import type { ProductType, RecordTypeRef } from '../../../schemas/entities/product-type'
import { MESSAGES } from '../../../schemas/messages'
import type { TestParameter } from '../../../schemas/entities/test-parameter'
import { parameterRowsError, parameterRowsOf, type ParameterRow } from './parameter-rows'

/** A record type row of the edit grid; `id` null until a record type is chosen. */
export interface RecordTypeRow {
  key: string
  id: number | null
}

/** The form's own fields beside the schema-driven name. */
export interface ProductTypeForm {
  name: string
  isSubComponent: boolean
  parentId: number | null
  noPrefix: boolean
  recordTypes: RecordTypeRow[]
  /** The product type's own test parameters (issue #14.4); inherited ones are shown apart. */
  parameters: ParameterRow[]
}

/** Not a SPEC text: a ticked sub component needs its parent. */
export const PARENT_REQUIRED = 'Select the parent product type of this sub component.'

let counter = 0
const key = () => `record-type-${++counter}`

function recordTypesOf(type: ProductType): RecordTypeRow[] {
  const raw = type.attributes.find((a) => a.key === ATTRIBUTE_KEYS.recordTypes)?.value
  try {
    return ((raw ? JSON.parse(raw) : []) as RecordTypeRef[]).map((r) => ({ key: key(), id: r.id }))
  } catch {
    return []
  }
}

/**
 * Not a SPEC text: a record type chosen on two rows, worded as SPEC §5's supplier text for a product
 * type chosen twice (`MESSAGES.supplier.duplicateProduct`).
 */
export const repeatedRecordType = (name: string) => `The record type: "${name}" has already been selected.`

/** The keys of the rows whose record type an earlier row already has (the server refuses a repeat). */
export function repeatedRecordTypeRows(rows: readonly RecordTypeRow[]): Set<string> {
  const seen = new Set<number>()
  const repeated = new Set<string>()
  for (const r of rows) {
    if (r.id == null) continue
    if (seen.has(r.id)) repeated.add(r.key)
    seen.add(r.id)
  }
  return repeated
}

/**
 * SPEC §5 "Product type" rules the grid and checkboxes add to the schema's name rule, and a record type
 * listed twice (checked here so that nothing is written before the server would refuse it).
 * @param nameOf the record type's name for the message.
 */
export function productTypeFormError(
  form: ProductTypeForm,
  nameOf: (id: number) => string = String,
): string | undefined {
  if (form.recordTypes.some((r) => r.id == null)) return MESSAGES.productType.emptyRecordType
  const repeated = form.recordTypes.find((r) => repeatedRecordTypeRows(form.recordTypes).has(r.key))
  if (repeated) return repeatedRecordType(nameOf(repeated.id!))
  if (form.isSubComponent && form.parentId == null) return PARENT_REQUIRED
  return parameterRowsError(form.parameters)
}

/** The form of a stored product type and its own test parameters. */
export function productTypeFormOf(type: ProductType, own: readonly TestParameter[] = []): ProductTypeForm {
  return {
    name: type.name,
    isSubComponent: type.parent > 0,
    parentId: type.parent > 0 ? type.parent : null,
    noPrefix: type.attributes.some((a) => a.key === ATTRIBUTE_KEYS.noSerialNumberPrefix),
    recordTypes: recordTypesOf(type),
    parameters: parameterRowsOf(own),
  }
}

/** The form as the unsaved-changes check compares it (row keys left out; a parent only when ticked). */
export const productTypeSnapshot = (form: ProductTypeForm) =>
  JSON.stringify({
    name: form.name.trim(),
    isSubComponent: form.isSubComponent,
    parentId: form.isSubComponent ? form.parentId : null,
    noPrefix: form.noPrefix,
    recordTypes: form.recordTypes.map((r) => r.id),
    parameters: form.parameters.map(({ key, value, unit }) => ({ key, value, unit })),
  })

/** The form of a new product type. */
export const emptyProductTypeForm = (): ProductTypeForm => ({
  name: '',
  isSubComponent: false,
  parentId: null,
  noPrefix: false,
  recordTypes: [],
  parameters: [],
})

/** A new, empty row of the record type grid. */
export const newRecordTypeRow = (): RecordTypeRow => ({ key: key(), id: null })
