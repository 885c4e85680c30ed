import {
  RECORD_TYPE_ATTRIBUTES,
  type RecordType,
  type RecordTypeAttributeWrite,
} from '../../schemas/entities/record-type'
import {
  FORM_LAYOUT_MESSAGES,
  checkRecordType,
  fieldMappingsSchema,
  findDuplicateVariables,
  loadLayout,
  type FieldMappings,
  type FormLayout,
  type RecordCategory,
} from '../../schemas/form-layout/index'
import Ajv from 'ajv'
import { badRequest } from '../http-error'
import type { RecordTypesRepository } from './record-types'

const validateMappings = new Ajv({ allErrors: true, strict: false }).compile<FieldMappings>(
  fieldMappingsSchema,
)

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest(`The ${what} is not valid JSON.`)
  }
}

/**
 * Checks an attribute about to be stored on a record type. The layout must be a valid layout
 * document with unique variables; the mappings must fit their schema and SPEC §5's rules against the
 * layout stored with them (the editor posts the layout first, then the mappings). Other keys pass.
 * Answers the migrated layout so its revision can be kept.
 */
export async function checkRecordTypeAttribute(
  repo: RecordTypesRepository,
  recordType: RecordType,
  body: RecordTypeAttributeWrite,
): Promise<{ layout?: FormLayout }> {
  const category = (recordType.units ?? 'Test') as RecordCategory
  const captureType = recordType.captureType ?? 'file'

  if (body.key === RECORD_TYPE_ATTRIBUTES.layout) {
    const loaded = loadLayout(parseJson(body.value, 'data entry form'))
    if (!loaded.ok) {
      const first = loaded.issues[0]
      throw badRequest(
        `The data entry form is not valid: ${first.path || '/'} ${first.message}`,
        loaded.issues,
      )
    }
    const duplicate = findDuplicateVariables(loaded.layout)[0]
    if (duplicate) throw badRequest(FORM_LAYOUT_MESSAGES.recordType.duplicateVariable(duplicate))
    return { layout: loaded.layout }
  }

  if (body.key === RECORD_TYPE_ATTRIBUTES.mappings) {
    const mappings = parseJson(body.value, 'field mapping')
    if (!validateMappings(mappings)) {
      const first = validateMappings.errors?.[0]
      throw badRequest(
        `The field mapping is not valid: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim(),
      )
    }
    const stored = await repo.getAttribute(recordType.id, RECORD_TYPE_ATTRIBUTES.layout)
    const loaded = stored?.value ? loadLayout(JSON.parse(stored.value)) : null
    const issues = checkRecordType({
      name: recordType.name,
      captureType,
      category,
      mappings,
      layout: loaded?.ok ? loaded.layout : null,
    })
    if (issues.length > 0) throw badRequest(issues[0].message, issues)
  }
  return {}
}
