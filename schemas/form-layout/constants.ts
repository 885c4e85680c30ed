/**
 * Fixed vocabularies of the form layout (SPEC §3 "Form layout", "Field control kinds", "Test field
 * kinds", §9). The JSON Schemas and the runtime both read them from here so a new kind is added once.
 */

/** Version written into every layout this code produces; `migrateLayout` lifts older documents to it. */
export const LAYOUT_VERSION = 2

/** Controls that only arrange other controls. */
export const CONTAINER_TYPES = ['group', 'row'] as const

/** Controls that hold one value in a record (group holds its computed result). */
export const FIELD_TYPES = [
  'dropdown',
  'multiselect',
  'checkbox',
  'datepicker',
  'multitext',
  'singletext',
  'serial',
  'upload',
  'timespan',
  'testField',
  'testEquipment',
  'calculated',
  'table',
] as const

/** Every control `type` a layout may use, in palette order. */
export const CONTROL_TYPES = ['note', ...CONTAINER_TYPES, ...FIELD_TYPES] as const

export type ControlType = (typeof CONTROL_TYPES)[number]
export type FieldType = (typeof FIELD_TYPES)[number]

/** Test field kinds of SPEC §3. */
export const TEST_TYPES = ['numeric', 'selection', 'yesNo', 'passFail'] as const
export type TestType = (typeof TEST_TYPES)[number]

/** Units a timespan control can capture in; each maps to one ISO 8601 duration designator. */
export const TIMESPAN_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'years'] as const
export type TimespanUnit = (typeof TIMESPAN_UNITS)[number]

/** SPEC §9: the not-applicable text. */
export const NA_TEXT = 'n/a'

/** SPEC §9: n/a is sent to the server as '-'; '-' is also the unset result of SPEC §4. */
export const UNSET_RESULT = '-'

/** SPEC §3: a test field's passOrFail is one of these. */
export const PASS_OR_FAIL = ['Pass', 'Fail', UNSET_RESULT, NA_TEXT] as const
export type PassOrFail = (typeof PASS_OR_FAIL)[number]

/** SPEC §4: a group's result is Pass or Fail (a fresh entry starts at 'Fail'). */
export const GROUP_RESULTS = ['Pass', 'Fail'] as const
export type GroupResult = (typeof GROUP_RESULTS)[number]

/** SPEC §4: the pass choice Yes/No and pass/fail tests use when none is configured. */
export const DEFAULT_PASS_CHOICE = { yesNo: 'Yes', passFail: 'Pass' } as const

/** The answers offered by the fixed-choice test kinds. */
export const FIXED_CHOICES = { yesNo: ['Yes', 'No'], passFail: ['Pass', 'Fail'] } as const

/** SPEC §9: a multiselect shows up to 5 values. */
export const MULTISELECT_VISIBLE_VALUES = 5

/** Bootstrap grid: a control spans 1..12 columns; full width when unset. */
export const MAX_COL = 12
