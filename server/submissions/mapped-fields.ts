import { MAPPING_FIELD_LABELS, type FieldMappings, type MappingField } from '../../schemas/form-layout/index'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest } from '../http-error'
import type { PreparedRecord } from './types'
import { textOf, valueOf } from './values'

/** The variable a mapping field names, or its label when unmapped (for messages). */
export function variableName(m: FieldMappings, field: MappingField): string {
  return (m[field] as string | undefined) ?? MAPPING_FIELD_LABELS[field]
}

/** The fields every prepared record has before its kind adds its own. */
export type BaseRecord = Omit<
  PreparedRecord,
  'supplierId' | 'productTypeId' | 'deviceOwnerId' | 'product' | 'calibration'
>

/** Reading the mapped fields of a record's data. */
export interface MappedFields {
  value(field: MappingField): unknown
  /** The field's text, or a 400 naming its variable when it is blank. */
  requiredText(field: MappingField): string
}

export function mappedFields(m: FieldMappings, data: Record<string, unknown>): MappedFields {
  const value = (field: MappingField) => valueOf(data, m[field] as string | undefined)
  return {
    value,
    requiredText(field) {
      const text = textOf(value(field))
      if (!text) throw badRequest(RECORD_MESSAGES.fieldRequired(variableName(m, field)))
      return text
    },
  }
}
