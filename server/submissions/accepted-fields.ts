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

/** The fields a record of a type with a layout may hold, and which of them only its mappings read. */
export interface AcceptedFields {
  /** The layout's variables (group results and measurement tables included) and the mapped columns. */
  names: ReadonlySet<string>
  /** Mapped columns that are no layout variable: no control's schema checks their value. */
  mappedOnly: ReadonlySet<string>
}

/**
 * The fields a record of a type with a layout may hold (docs/decisions.md "Record data holds the form's
 * fields"): the layout's variables (group results and measurement tables included) and the columns its
 * field mappings read. The CSV header accepts these and the cells of the layout's tables (csv-header.ts).
 */
export function acceptedFields(definition: {
  layout: Pick<FormLayout, 'controls'>
  mappings: FieldMappings
}): AcceptedFields {
  const variables = new Set(listVariables(definition.layout))
  const mappedOnly = new Set(mappedColumns(definition.mappings).filter((c) => !variables.has(c)))
  return { names: new Set([...variables, ...mappedOnly]), mappedOnly }
}

/** A value a mapped column can carry as the CSV cell it stands for: text, a number, a yes/no or nothing. */
const isCellValue = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)

/**
 * Refuses (400, each field named) record data holding a field that is not accepted, unless the record it
 * edits or revises already holds it (`held`): a form sends back every field of the record it loaded. A
 * mapped column that no control checks must hold a cell value, not a list or an object.
 */
export function assertKnownFields(
  accepted: AcceptedFields,
  data: Readonly<Record<string, unknown>>,
  held: readonly string[] = [],
): void {
  const unknown = Object.keys(data).filter((name) => !accepted.names.has(name) && !held.includes(name))
  if (unknown.length) throw badRequest(RECORD_MESSAGES.unknownFields(unknown))
  for (const name of accepted.mappedOnly)
    if (name in data && !isCellValue(data[name])) throw badRequest(RECORD_MESSAGES.mappedNotCell(name))
}
