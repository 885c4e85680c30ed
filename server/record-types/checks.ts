import {
  RECORD_TYPE_ATTRIBUTES,
  type RecordType,
  type RecordTypeAttributeWrite,
} from '../../schemas/entities/record-type'
import {
  FORM_LAYOUT_MESSAGES,
  checkRecordType,
  choiceIssues,
  describeLayoutIssue,
  fieldMappingsSchema,
  findDuplicateVariables,
  loadLayout,
  newMappingIssues,
  TEST_TYPES,
  testTypeIssue,
  walkControls,
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

/** A stored attribute's JSON, undefined when there is none or it is not JSON. */
function tryJson(text: string | null | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

/**
 * Checks an attribute about to be stored on a record type. The layout must be a valid layout
 * document with unique variables that keeps every variable the stored mappings use; the mappings must
 * fit their schema and SPEC §5's rules against the layout stored with them (the editor posts the layout
 * first, then the mappings). Other keys pass. Answers the migrated layout so its revision can be kept.
 */
export async function checkRecordTypeAttribute(
  repo: RecordTypesRepository,
  recordType: RecordType,
  body: RecordTypeAttributeWrite,
): Promise<{ layout?: FormLayout }> {
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
    assertTestTypesSpelled(loaded.layout)
    // Checked on save only: a layout stored before this check still loads (rule-issues.ts choiceIssues).
    const repeated = choiceIssues(loaded.layout)[0]
    if (repeated)
      throw badRequest(`The data entry form is not valid: ${describeLayoutIssue(loaded.layout, repeated)}`)
    await assertMappingsStillFit(repo, recordType, loaded.layout)
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
    const issues = checkRecordType(draftOf(recordType, mappings, await storedLayout(repo, recordType.id)))
    if (issues.length > 0) throw badRequest(issues[0].message, issues)
  }
  return {}
}

/**
 * A test type that is a known one in another case ('passfail') is a typing slip that would leave the test
 * unjudged, showing SPEC's 'invalid test type' text in the form: refused, naming the spelling to use
 * (audit s9 F11). Any other unknown type stays storable: SPEC §5 renders such a field with that text,
 * and the server refuses a value for it (server/submissions/judge.ts).
 */
function assertTestTypesSpelled(layout: FormLayout): void {
  for (const { control } of walkControls(layout.controls)) {
    if (control.type !== 'testField' || !testTypeIssue(control)) continue
    const given = String((control as { testType: unknown }).testType)
    const known = TEST_TYPES.find((t) => t.toLowerCase() === given.toLowerCase())
    if (known) throw badRequest(FORM_LAYOUT_MESSAGES.recordType.testTypeCase(control.variable, given, known))
  }
}

/** The record type as SPEC §5's checks see it, with these mappings and this layout. */
function draftOf(recordType: RecordType, mappings: FieldMappings, layout: FormLayout | null) {
  const category = (recordType.units ?? 'Test') as RecordCategory
  return { name: recordType.name, captureType: recordType.captureType ?? 'file', category, mappings, layout }
}

/** The stored layout, or null when there is none or it cannot be read. */
async function storedLayout(repo: RecordTypesRepository, id: number): Promise<FormLayout | null> {
  const stored = await repo.getAttribute(id, RECORD_TYPE_ATTRIBUTES.layout)
  const value = tryJson(stored?.value)
  const loaded = value === undefined ? null : loadLayout(value)
  return loaded?.ok ? loaded.layout : null
}

/**
 * A layout posted while field mappings are stored must still hold every variable they map (SPEC §5:
 * 'Variable "{x}" not found in data entry form'; audit s8 #6), or the record type could no longer be
 * captured. Only what the new layout breaks is refused: a problem the stored mappings have whatever the
 * layout (an older tool's) is not the layout's to fix (`newMappingIssues`). The editor's own save asks
 * the same question first and deletes the mappings before the layout when it must.
 */
async function assertMappingsStillFit(
  repo: RecordTypesRepository,
  recordType: RecordType,
  layout: FormLayout,
) {
  const stored = await repo.getAttribute(recordType.id, RECORD_TYPE_ATTRIBUTES.mappings)
  if (!stored?.value) return
  const mappings = tryJson(stored.value)
  if (!validateMappings(mappings)) return
  const before = await storedLayout(repo, recordType.id)
  const issues = newMappingIssues(draftOf(recordType, mappings, before), before, layout)
  if (issues.length > 0) throw badRequest(issues[0].message, issues)
}
