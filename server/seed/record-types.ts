import { SENSOR_TYPE_BY_CAPTURE } from '../../schemas/entities/data-point-type'
import { RECORD_TYPE_ATTRIBUTES, RECORD_TYPE_DESCRIPTION } from '../../schemas/entities/record-type'
import type { Db } from '../db/client'
import { assetModelRecordTypes } from '../db/schema/index'
import { RecordTypesRepository } from '../record-types/record-types'
import { DEMO_RECORD_TYPES as LAYOUT_TYPES } from './demo-layouts'
import { PARAMETER_RECORD_TYPE } from './demo-parameters'
import { REVIEW_RECORD_TYPE } from './demo-review'

/** Every demo record type, in the order each product type lists them. */
const DEMO_RECORD_TYPES = [...LAYOUT_TYPES, PARAMETER_RECORD_TYPE, REVIEW_RECORD_TYPE]

/** Demo record types with their layouts and mappings, linked to the demo product types. Returns name → id. */
export async function seedRecordTypes(db: Db): Promise<Map<string, number>> {
  const repo = new RecordTypesRepository(db)
  const ids = new Map<string, number>()
  for (const type of DEMO_RECORD_TYPES) {
    const id = await repo.create({
      name: type.name,
      sensorTypeId: SENSOR_TYPE_BY_CAPTURE[type.capture],
      valueType: 'string',
      units: type.category,
      description: RECORD_TYPE_DESCRIPTION,
      reviewPolicy: type.reviewPolicy,
    })
    ids.set(type.name, id)
    const layout = {
      key: RECORD_TYPE_ATTRIBUTES.layout,
      name: 'Data Entry Form',
      value: JSON.stringify(type.layout),
    }
    await repo.putAttribute(id, layout, type.layout, 'demo')
    await repo.putAttribute(id, {
      key: RECORD_TYPE_ATTRIBUTES.mappings,
      name: 'Field Mappings',
      value: JSON.stringify(type.mappings),
    })
  }
  // Each product type lists its record types in the order they appear above.
  const positions = new Map<number, number>()
  const links = DEMO_RECORD_TYPES.flatMap((type) =>
    type.productTypes.map((assetModelId) => {
      const position = positions.get(assetModelId) ?? 0
      positions.set(assetModelId, position + 1)
      return { assetModelId, dataPointTypeId: ids.get(type.name)!, position }
    }),
  )
  if (links.length) await db.insert(assetModelRecordTypes).values(links)
  return ids
}
