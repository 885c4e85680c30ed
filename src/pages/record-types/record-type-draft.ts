import type { ReviewPolicy } from '../../../schemas/records'
import { inPlainWords } from '../../../designer/model'
import {
  MAPPING_FIELDS_BY_CATEGORY,
  PROBLEM_REPORT_FIXED_MAPPINGS,
  checkRecordType,
  validateLayout,
  describeLayoutIssue,
} from '../../../schemas/form-layout'
import type {
  FieldMappings,
  FormLayout,
  MappingField,
  RecordCategory,
  RecordTypeIssue,
} from '../../../schemas/form-layout'

/** The record type fields edited beside the designer's document. */
export interface RecordTypeFields {
  name: string
  captureType: 'file' | 'form'
  category: RecordCategory
  /** Issue #19: whether its records are reviewed (and approved) before they count; absent = as stored. */
  reviewPolicy?: ReviewPolicy
}

/**
 * The mappings as saved: only the fields the category shows (a field typed under another category
 * is not kept), Problem Report's fixed names, and the components.
 */
export function mappingsToSave(category: RecordCategory, mappings: FieldMappings): FieldMappings {
  const out: Record<string, unknown> = {}
  for (const field of MAPPING_FIELDS_BY_CATEGORY[category]) {
    const value = mappings[field]?.trim()
    if (value) out[field] = value
  }
  if (category === 'Problem Report') Object.assign(out, PROBLEM_REPORT_FIXED_MAPPINGS)
  if (mappings.components?.length) out.components = mappings.components
  return out as FieldMappings
}

/** The layout the record type keeps: none for a form with no controls. */
export const layoutToSave = (layout: FormLayout): FormLayout | null =>
  layout.controls.length > 0 ? layout : null

/** Not a SPEC text (the server's own): the layout breaks its schema, e.g. a selection test without choices. */
export const invalidLayoutMessage = (problem: string) => `The data entry form is not valid: ${problem}`

/**
 * Everything that stops a save, in the order the page shows them: SPEC §5 "Record type save"
 * (checkRecordType, shared with the server), then a layout that breaks the layout schema.
 */
export function recordTypeIssues(
  fields: RecordTypeFields,
  mappings: FieldMappings,
  layout: FormLayout,
): RecordTypeIssue[] {
  const kept = layoutToSave(layout)
  const issues = checkRecordType({
    name: fields.name,
    captureType: fields.captureType,
    category: fields.category,
    mappings: mappingsToSave(fields.category, mappings),
    layout: kept,
  })
  if (kept) {
    // Every problem, named by its control's label and variable as the designer names it (issue #11.22).
    const valid = validateLayout(kept)
    if (!valid.ok)
      for (const issue of valid.issues)
        issues.push({
          field: 'layout',
          message: invalidLayoutMessage(describeLayoutIssue(kept, inPlainWords(issue))),
        })
  }
  return issues
}

/** Mapping fields the category shows, for the mapping inputs. */
export const visibleMappingFields = (category: RecordCategory): readonly MappingField[] =>
  MAPPING_FIELDS_BY_CATEGORY[category]

/** Whether Problem Report fixes this field (the input is disabled). */
export const isFixedMapping = (category: RecordCategory, field: MappingField): boolean =>
  category === 'Problem Report' && field in PROBLEM_REPORT_FIXED_MAPPINGS
