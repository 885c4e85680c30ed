import type { FieldMappings, MappingField, RecordCategory, CaptureType } from './field-mappings'
import {
  MAPPING_FIELDS_BY_CATEGORY,
  MAPPING_FIELD_LABELS,
  PROBLEM_REPORT_FIXED_MAPPINGS,
  REQUIRED_MAPPING_FIELDS,
} from './field-mappings'
import type { FormLayout } from './layout-schema'
import { findControlByVariable, findDuplicateVariables, listVariables, walkControls } from './layout-walk'
import { FORM_LAYOUT_MESSAGES, RECORD_TYPE_NAME_MAX } from './messages'

/**
 * The save checks of SPEC §5 "Record type save" that a JSON Schema cannot state (they compare the
 * mappings with the layout). Pure, so the record-type editor and the server run the same rules.
 */

const M = FORM_LAYOUT_MESSAGES.recordType

/** What the editor is about to save. `layout` is null when no data entry form exists. */
export interface RecordTypeDraft {
  name: string
  captureType: CaptureType
  category: RecordCategory
  mappings: FieldMappings
  layout: Pick<FormLayout, 'controls'> | null
}

/** One failed check; `field` names the input to highlight ('name', 'layout', a mapping field, …). */
export interface RecordTypeIssue {
  field: string
  message: string
}

const filled = (value: string | undefined): value is string =>
  typeof value === 'string' && value.trim() !== ''

/** All SPEC §5 problems of a record type draft, in the order the editor lists them; [] when it can be saved. */
export function checkRecordType(draft: RecordTypeDraft): RecordTypeIssue[] {
  const issues: RecordTypeIssue[] = []
  const name = draft.name.trim()
  if (name === '') issues.push({ field: 'name', message: M.nameRequired })
  else if (name.length > RECORD_TYPE_NAME_MAX) issues.push({ field: 'name', message: M.nameTooLong })

  const mappings = draft.mappings
  for (const field of REQUIRED_MAPPING_FIELDS[draft.category]) {
    if (!filled(mappings[field]))
      issues.push({ field, message: M.fieldRequired(MAPPING_FIELD_LABELS[field]) })
  }

  const components = mappings.components ?? []
  components.forEach((component, i) => {
    if (component.productType?.id == null) {
      issues.push({ field: `components.${i}.productType`, message: M.componentProductType })
    }
    if (!filled(component.serialField)) {
      issues.push({ field: `components.${i}.serialField`, message: M.componentSerialField })
    }
  })

  // A file-only record type maps CSV columns, not layout variables: the layout checks do not apply.
  if (draft.captureType === 'file') return issues

  const layout = draft.layout
  if (!layout || layout.controls.length === 0) {
    issues.push({ field: 'layout', message: M.noForm })
    return issues
  }

  const known = new Set(listVariables(layout))
  const mapped: [string, string][] = MAPPING_FIELDS_BY_CATEGORY[draft.category]
    .filter((field: MappingField) => filled(mappings[field]))
    .map((field) => [field, (mappings[field] as string).trim()])
  components.forEach((component, i) => {
    if (filled(component.serialField))
      mapped.push([`components.${i}.serialField`, component.serialField.trim()])
  })
  for (const [field, variable] of mapped) {
    if (!known.has(variable)) issues.push({ field, message: M.variableNotFound(variable) })
  }
  for (const field of ['asFoundResultField', 'asLeftResultField'] as const) {
    const issue = conditionIssue(draft.category, field, mappings, layout)
    if (issue) issues.push(issue)
  }

  for (const variable of findDuplicateVariables(layout)) {
    issues.push({ field: 'layout', message: M.duplicateVariable(variable) })
  }
  return issues
}

/** Variables of the controls a result can be read from (test fields and groups), in layout order. */
export function judgedVariables(layout: Pick<FormLayout, 'controls'>): string[] {
  const out: string[] = []
  for (const { control } of walkControls(layout.controls))
    if ((control.type === 'testField' || control.type === 'group') && control.variable)
      out.push(control.variable)
  return out
}

/**
 * The as-found and as-left mappings of a Calibration (issue #15.3) name a test field or a group, whose
 * judged Pass or Fail the server reads; any other control has no result to judge. A variable the layout
 * lacks is reported by the 'not found' check already.
 */
function conditionIssue(
  category: RecordCategory,
  field: 'asFoundResultField' | 'asLeftResultField',
  mappings: FieldMappings,
  layout: Pick<FormLayout, 'controls'>,
): RecordTypeIssue | null {
  const variable = mappings[field]?.trim()
  if (category !== 'Calibration' || !variable) return null
  const found = findControlByVariable(layout, variable)
  if (!found || found.control.type === 'testField' || found.control.type === 'group') return null
  return { field, message: M.conditionNotJudged(MAPPING_FIELD_LABELS[field], variable) }
}

/**
 * The problems a layout about to replace `before` brings to the field mappings already stored (SPEC §5:
 * 'Variable "{x}" not found in data entry form'; audit s8 #6): [] when they still fit. A problem the
 * stored mappings have whatever the layout (an older tool's) is not the new layout's to fix, so only new
 * ones count. The server refuses such a layout while those mappings are stored
 * (server/record-types/checks.ts); the record type editor's save asks first, to delete the mappings
 * before the layout when it must (src/pages/record-types/record-type-save-steps.ts).
 */
export function newMappingIssues(
  draft: Omit<RecordTypeDraft, 'layout'>,
  before: RecordTypeDraft['layout'],
  after: NonNullable<RecordTypeDraft['layout']>,
): RecordTypeIssue[] {
  const known = new Set(checkRecordType({ ...draft, layout: before }).map((i) => i.message))
  return checkRecordType({ ...draft, layout: after }).filter((i) => !known.has(i.message))
}

/** SPEC §4 "Record type editor": a new record type captures by file and is a Test. */
export const NEW_RECORD_TYPE = { captureType: 'file', category: 'Test' } as const satisfies Pick<
  RecordTypeDraft,
  'captureType' | 'category'
>

/**
 * The editor's reaction to choosing a category (SPEC §4): Calibration forces form capture (the
 * File option is disabled); Problem Report fixes the fault/repair mapping fields to their names.
 */
export function applyCategory<D extends Pick<RecordTypeDraft, 'captureType' | 'category' | 'mappings'>>(
  draft: D,
  category: RecordCategory,
): D {
  const captureType: CaptureType = category === 'Calibration' ? 'form' : draft.captureType
  const mappings: FieldMappings =
    category === 'Problem Report' ? { ...draft.mappings, ...PROBLEM_REPORT_FIXED_MAPPINGS } : draft.mappings
  return { ...draft, category, captureType, mappings }
}

/** Capture types the editor offers for a category: Calibration cannot capture by file. */
export function allowedCaptureTypes(category: RecordCategory): readonly CaptureType[] {
  return category === 'Calibration' ? ['form'] : ['file', 'form']
}
