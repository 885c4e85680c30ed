import { SENSOR_TYPE_BY_CAPTURE } from '../../../schemas/entities/data-point-type'
import {
  RECORD_TYPE_ATTRIBUTES,
  RECORD_TYPE_DESCRIPTION,
  type RecordType,
} from '../../../schemas/entities/record-type'
import type { FieldMappings, FormLayout } from '../../../schemas/form-layout'
import { recordTypesApi } from './record-types-api'
import { layoutToSave, mappingsToSave, type RecordTypeFields } from './record-type-draft'

/** What one save of the record type editor writes. */
export interface RecordTypeSave {
  /** The record type edited, or null for a new one. */
  id: number | null
  /** A record type an earlier, failed save already created: the save updates it instead (see below). */
  created: { current: number | null }
  original: RecordType | null
  fields: RecordTypeFields
  doc: { layout: FormLayout; mappings: FieldMappings }
}

/**
 * The save order of DESIGN (SPEC §5 "Record type save"): the record type, then the layout attribute,
 * then the mappings. A new record type's id is kept in `created` as soon as it exists, so a retry after
 * a failed attribute does not create it twice.
 */
export async function saveRecordType({ id, created, original, fields, doc }: RecordTypeSave): Promise<void> {
  const body = {
    name: fields.name.trim(),
    sensorTypeId: SENSOR_TYPE_BY_CAPTURE[fields.captureType],
    valueType: original?.valueType ?? 'string',
    units: fields.category,
    description: RECORD_TYPE_DESCRIPTION,
    ...(fields.reviewPolicy ? { reviewPolicy: fields.reviewPolicy } : {}),
  }
  let recordTypeId = id ?? created.current
  if (recordTypeId == null) {
    recordTypeId = await recordTypesApi.create(body)
    created.current = recordTypeId
  } else {
    await recordTypesApi.update(recordTypeId, body)
    // SPEC §7: editing deletes, then re-posts, the mapping and layout attributes.
    await recordTypesApi.deleteAttribute(recordTypeId, RECORD_TYPE_ATTRIBUTES.mappings)
    await recordTypesApi.deleteAttribute(recordTypeId, RECORD_TYPE_ATTRIBUTES.layout)
  }
  // The layout first: the server checks the mappings against the stored layout.
  const layout = layoutToSave(doc.layout)
  if (layout) {
    await recordTypesApi.addAttribute(recordTypeId, {
      key: RECORD_TYPE_ATTRIBUTES.layout,
      value: JSON.stringify(layout),
      name: 'Data Entry Form',
      description: 'Form layout of the data entry form',
    })
  }
  await recordTypesApi.addAttribute(recordTypeId, {
    key: RECORD_TYPE_ATTRIBUTES.mappings,
    value: JSON.stringify(mappingsToSave(fields.category, doc.mappings)),
    name: 'Field Mappings',
    description: 'Which variable carries each piece of record data',
  })
}
