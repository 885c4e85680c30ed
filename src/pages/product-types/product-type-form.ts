import { ATTRIBUTE_KEYS } from '../../../schemas/entities/attribute'
import type { ProductType, RecordTypeRef } from '../../../schemas/entities/product-type'
import { MESSAGES } from '../../../schemas/messages'

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

/** SPEC §5 "Product type" rules the grid and checkboxes add to the schema's name rule. */
export function productTypeFormError(form: ProductTypeForm): string | undefined {
  if (form.recordTypes.some((r) => r.id == null)) return MESSAGES.productType.emptyRecordType
  if (form.isSubComponent && form.parentId == null) return PARENT_REQUIRED
  return undefined
}

/** The form of a stored product type. */
export function productTypeFormOf(type: ProductType): ProductTypeForm {
  return {
    name: type.name,
    isSubComponent: type.parent > 0,
    parentId: type.parent > 0 ? type.parent : null,
    noPrefix: type.attributes.some((a) => a.key === ATTRIBUTE_KEYS.noSerialNumberPrefix),
    recordTypes: recordTypesOf(type),
  }
}

/** A new, empty row of the record type grid. */
export const newRecordTypeRow = (): RecordTypeRow => ({ key: key(), id: null })
