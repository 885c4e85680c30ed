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
  /**
   * The layout revision the editor holds (null: none stored yet): sent with every write as If-Match, so a
   * save over another configurator's newer one is refused (409) instead of silently replacing it. Each
   * layout the save stores moves it on, so this user's next save (a retry, another edit) is not refused.
   */
  revision: { current: number | null }
  original: RecordType | null
  fields: RecordTypeFields
  doc: { layout: FormLayout; mappings: FieldMappings }
}

/**
 * The save order of DESIGN (SPEC §5 "Record type save"): the record type, then the layout attribute,
 * then the mappings. A new record type's id is kept in `created` as soon as it exists, so a retry after
 * a failed attribute does not create it twice. Every write names the layout revision the editor holds
 * (If-Match, audit s8 #5): the server answers 409 'Someone else saved this record type since you opened
 * it. …' when another save came first, and the caller keeps the user's document.
 */
export async function saveRecordType(save: RecordTypeSave): Promise<void> {
  const { id, created, revision, original, fields, doc } = save
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
    // The first write checks the revision before anything changes: a refused save leaves all as it was.
    await recordTypesApi.update(recordTypeId, body, revision.current)
    // SPEC §7: editing deletes, then re-posts, the mapping and layout attributes.
    await recordTypesApi.deleteAttribute(recordTypeId, RECORD_TYPE_ATTRIBUTES.mappings, revision.current)
    await recordTypesApi.deleteAttribute(recordTypeId, RECORD_TYPE_ATTRIBUTES.layout, revision.current)
  }
  // The layout first: the server checks the mappings against the stored layout.
  const layout = layoutToSave(doc.layout)
  if (layout) {
    const saved = await recordTypesApi.addAttribute(
      recordTypeId,
      {
        key: RECORD_TYPE_ATTRIBUTES.layout,
        value: JSON.stringify(layout),
        name: 'Data Entry Form',
        description: 'Form layout of the data entry form',
      },
      revision.current,
    )
    // The revision this save stored is the one the editor now holds.
    if (typeof saved?.layoutRevision === 'number') revision.current = saved.layoutRevision
  }
  await recordTypesApi.addAttribute(
    recordTypeId,
    {
      key: RECORD_TYPE_ATTRIBUTES.mappings,
      value: JSON.stringify(mappingsToSave(fields.category, doc.mappings)),
      name: 'Field Mappings',
      description: 'Which variable carries each piece of record data',
    },
    revision.current,
  )
}
