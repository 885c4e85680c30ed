import {
  listVariables,
  MAPPING_FIELD_LABELS,
  type FieldMappings,
  type FormLayout,
  type MappingField,
} from '../../schemas/form-layout/index'
import { RECORD_MESSAGES } from '../../schemas/records/index'
import { badRequest } from '../http-error'

/** The columns the record type's field mappings read (its serial, date, result… and component serials). */
export function mappedColumns(mappings: FieldMappings): string[] {
  const fields = (Object.keys(MAPPING_FIELD_LABELS) as MappingField[]).map((field) => mappings[field])
  const components = (mappings.components ?? []).map((c) => c.serialField)
  return [...fields, ...components].filter((c): c is string => typeof c === 'string' && c !== '')
}

/**
 * The fields a record of a type with a layout may hold (docs/decisions.md "Record data holds the form's
 * fields"): the layout's variables (group results and measurement tables included) and the columns its
 * field mappings read. The CSV header accepts these and the cells of the layout's tables (csv-header.ts).
 */
export function acceptedFields(definition: {
  layout: Pick<FormLayout, 'controls'>
  mappings: FieldMappings
}): ReadonlySet<string> {
  return new Set([...listVariables(definition.layout), ...mappedColumns(definition.mappings)])
}

/**
 * Refuses (400, each field named) record data holding a field that is not `accepted`, unless the record
 * it edits or revises already holds it (`held`): a form sends back every field of the record it loaded.
 */
export function assertKnownFields(
  accepted: ReadonlySet<string>,
  data: Readonly<Record<string, unknown>>,
  held: readonly string[] = [],
): void {
  const unknown = Object.keys(data).filter((name) => !accepted.has(name) && !held.includes(name))
  if (unknown.length) throw badRequest(RECORD_MESSAGES.unknownFields(unknown))
}
