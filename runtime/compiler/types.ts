import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import type { FormLayout, LayoutRules, Parameters, ValueControl } from '../../schemas/form-layout'
import {
  DOCUMENT_ONLY_EXTENSIONS,
  UPLOAD_EXTENSIONS as SERVER_UPLOAD_EXTENSIONS,
} from '../../schemas/records/document'

/**
 * Output of `compileLayout`. Record data is FLAT: every variable is a top-level key, whatever group
 * or row it sits in. Groups and rows only arrange the form, so they live in `tree` (handed to the
 * rjsf object template through `uiSchema['ui:options'].layout`), not in the data. That keeps a
 * keystroke an O(1) `{...data, [variable]: value}` update, matches the field mappings (which name
 * variables, not paths), and lets one field be validated on its own with `validateField`.
 */
export interface CompiledLayout {
  /** JSON Schema of the record data (draft-07, one property per variable); built when first read. */
  readonly schema: RJSFSchema
  /** Variables that must always hold a value (the schema's `required`): their captions get the asterisk. */
  required: ReadonlySet<string>
  /** rjsf uiSchema: one entry per variable plus the root order and layout tree. */
  uiSchema: UiSchema
  /** Values of a fresh entry (SPEC §4): checkbox false, group 'Fail', others null. */
  defaults: Record<string, unknown>
  /** Every value-holding control by variable, with its own data schema. */
  fields: Record<string, CompiledField>
  /** The arrangement of the form: groups, rows, notes and field references. */
  tree: LayoutNode[]
  /** For each variable, the group result variables computed from it. */
  dependents: Record<string, string[]>
  /** The layout compiled (the judge reads it when the layout has rules). */
  layout: FormLayout
  /** Its calculations, `valueFrom` tests and conditions (issue #14); `rules.none` for most layouts. */
  rules: LayoutRules
  /** The product type's test parameters (`param.key`) the layout was compiled with (issue #14.4). */
  params: Parameters
  /** The variables the record's live result reads (SPEC §4; see layout-pass.ts). */
  results: ResultVariables
}

/** Which variables the live result reads: the overall result's own, and every test field's. */
export interface ResultVariables {
  /** Test fields and result-bearing groups not inside another result-bearing group. */
  result: readonly string[]
  /** Every test field (and table with a test column), for "has anything been answered yet". */
  tests: readonly string[]
}

/** A control that holds a value: a leaf field, or a group that stores its result. */
export type { ValueControl }

export interface CompiledField {
  variable: string
  control: ValueControl
  /** JSON Schema of this variable's value alone; built when first read (validation). */
  readonly schema: RJSFSchema
}

/** One node of the arranged form. */
export type LayoutNode =
  | { kind: 'field'; variable: string; col?: number }
  | { kind: 'note'; label: string; col?: number; id?: string }
  | { kind: 'group'; label?: string; variable?: string; col?: number; id?: string; children: LayoutNode[] }
  | { kind: 'row'; label?: string; id?: string; children: LayoutNode[] }

/**
 * Names the runtime's rjsf registry must provide, per control kind. Plain values use widgets;
 * object or array values with their own editor (test field, upload, multiselect, test equipment)
 * use fields, since rjsf would otherwise expand them into sub-forms.
 */
export const UI_NAMES = {
  checkbox: { widget: 'checkbox' },
  datepicker: { widget: 'itrDate' },
  multitext: { widget: 'textarea' },
  singletext: { widget: 'text' },
  barcode: { widget: 'barcodeText' },
  serial: { widget: 'serialLookup' },
  dropdown: { widget: 'itrDropdown' },
  timespan: { widget: 'timespan' },
  groupResult: { widget: 'groupResult' },
  multiselect: { field: 'itrMultiSelect' },
  upload: { field: 'documentUpload' },
  testField: { field: 'testField' },
  testEquipment: { field: 'testEquipment' },
  calculated: { widget: 'calculated' },
  table: { field: 'measurementTable' },
} as const

/**
 * SPEC §5 "Uploads": accepted extensions by default, and for document (typed) uploads — the same
 * lists the server enforces (schemas/records/document.ts).
 */
export const UPLOAD_EXTENSIONS = {
  default: SERVER_UPLOAD_EXTENSIONS,
  document: DOCUMENT_ONLY_EXTENSIONS,
} as const
