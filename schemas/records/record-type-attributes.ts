/**
 * Attribute keys of a record type's two JSON documents (SPEC §3: a field-mapping attribute and a
 * form-layout attribute). They must equal RECORD_TYPE_ATTRIBUTES of schemas/entities/record-type.ts, which
 * the record-type calls write; the server falls back to recognising the documents by shape.
 */
export const RECORD_TYPE_ATTRIBUTE_KEYS = {
  mappings: 'FieldMappings',
  layout: 'DataEntryForm',
} as const
