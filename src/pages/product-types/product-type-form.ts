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

/** SPEC §5 "Product type" rules the grid and checkboxes add to the schema's name rule. */
export function productTypeFormError(form: ProductTypeForm): string | undefined {
  if (form.recordTypes.some((r) => r.id == null)) return MESSAGES.productType.emptyRecordType
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

/** A new, empty row of the record type grid. */
export const newRecordTypeRow = (): RecordTypeRow => ({ key: key(), id: null })
