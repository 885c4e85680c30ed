import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { FIXED_CHOICES, LEAF_SCHEMAS, TEST_TYPES, groupSchema, rowSchema } from '../../schemas/form-layout'
import type { Control } from '../../schemas/form-layout'
import type { ConditionVariable } from './condition-field'

/**
 * The inspector's form for one control, derived from that kind's schema in schemas/form-layout so
 * the inspector offers exactly the properties the layout allows. `type`, `id` and `children` are the
 * canvas's business; per-kind rules the schema expresses with if/then (which fields a test kind
 * uses, the allowed pass choices) become a plain schema for the kind at hand.
 */

/** Field captions (the layout schema describes properties but has no titles). */
const TITLES: Record<string, string> = {
  variable: 'Variable',
  label: 'Label',
  col: 'Width (columns, 1–12)',
  required: 'Required',
  outField: 'Out field',
  values: 'Values',
  source: 'Named list source',
  endpoint: 'Endpoint',
  filterfield: 'Filter field (variable)',
  filtervalue: 'Filter value (item field)',
  maxValues: 'Most values a user may select',
  barcode: 'Barcode scan button',
  documentType: 'Document type',
  unit: 'Unit',
  testType: 'Test type',
  min: 'Min',
  max: 'Max',
  minParam: 'Min from test parameter (key)',
  maxParam: 'Max from test parameter (key)',
  criteria: 'Criteria',
  naOption: 'n/a option',
  testNumber: 'Test number',
  choices: 'Choices',
  passChoice: 'Pass choice',
  tests: 'Tests (variables making the group result)',
  formula: 'Formula',
  decimals: 'Decimal places',
  valueFrom: 'Value from (calculated variable)',
  visibleIf: 'Visible if',
  rowHeader: 'Row label caption',
  minRows: 'Fewest rows',
  maxRows: 'Most rows',
  requiredIf: 'Required if',
  calibrationPolicy: 'Calibration policy',
}

/** Properties edited by the condition builder (condition-field.tsx), not by rjsf's object form. */
const CONDITIONS = new Set(['visibleIf', 'requiredIf'])

/** Captions of the endpoint's properties and of its URL parameters' properties. */
const NESTED_TITLES: Record<string, string> = {
  name: 'Name',
  api: 'API path',
  urlParams: 'URL parameters',
  outFields: 'Out fields',
  type: 'Type',
  value: 'Value',
  field: 'Variable',
}

/** What one entry of a list is called; entries are numbered ('Choice 2') so each has its own label. */
const ITEM_TITLES: Record<string, string> = {
  values: 'Value',
  choices: 'Choice',
  tests: 'Test variable',
  urlParams: 'Parameter',
  outFields: 'Out field',
}

/**
 * A property's schema with a caption, its description moved to a help text, and the same for the
 * properties and list entries inside it.
 */
function decorate(key: string, source: Json, titles: Record<string, string>): { schema: Json; ui: UiSchema } {
  const schema: Json = { ...source, title: titles[key] ?? key }
  const ui: UiSchema = {}
  if (typeof schema.description === 'string') {
    ui['ui:help'] = schema.description
    delete schema.description
  }
  if (schema.properties) {
    const properties: Json = {}
    for (const [name, value] of Object.entries(schema.properties as Json)) {
      const inner = decorate(name, value as Json, NESTED_TITLES)
      properties[name] = inner.schema
      if (Object.keys(inner.ui).length > 0) ui[name] = inner.ui
    }
    schema.properties = properties
  }
  if (schema.items && typeof schema.items === 'object') {
    const item = decorate(key, schema.items as Json, {})
    const { title: _plain, ...items } = item.schema
    schema.items = items
    const entry = ITEM_TITLES[key] ?? 'Entry'
    ui.items = (_value: unknown, index: number) => ({ ...item.ui, 'ui:title': `${entry} ${index + 1}` })
  }
  return { schema, ui }
}

/** Properties a test kind uses; the others are hidden so the inspector shows only what applies. */
const TEST_FIELDS: Record<string, readonly string[]> = {
  numeric: ['min', 'max', 'minParam', 'maxParam', 'unit', 'criteria', 'naOption', 'testNumber', 'valueFrom'],
  selection: ['choices', 'passChoice', 'criteria', 'naOption', 'testNumber'],
  yesNo: ['passChoice', 'criteria', 'naOption', 'testNumber'],
  passFail: ['passChoice', 'criteria', 'naOption', 'testNumber'],
}
const TEST_ONLY = new Set(Object.values(TEST_FIELDS).flat())

/** The order fields appear in; anything else follows. */
const ORDER = [
  'label',
  'variable',
  'testType',
  'formula',
  'col',
  'required',
  'rowLabels',
  'minRows',
  'maxRows',
  'rowHeader',
  'columns',
  '*',
  'visibleIf',
  'requiredIf',
]

/** A table's properties edited by its own rjsf fields (designer/ui/table-*-field.tsx), by field name. */
const TABLE_FIELDS: Record<string, string> = { columns: 'tableColumns', rowLabels: 'tableRows' }

type Json = { [key: string]: unknown }

/** The testEquipment control's calibrationPolicy choices as the inspector words them. */
const POLICY_CHOICES = ['Warn: show the warning card', 'Block: refuse the save unless overridden']

function kindSchema(control: Control): Json {
  if (control.type === 'group') return groupSchema as unknown as Json
  if (control.type === 'row') return rowSchema as unknown as Json
  return LEAF_SCHEMAS[control.type] as unknown as Json
}

/**
 * rjsf schema and uiSchema editing `control` (without its type and children). `testVariables` are the
 * layout's variables that can make a group result: a group's Tests entries suggest them (issue #11.23),
 * as the mapping inputs suggest variables (rjsf lists a schema's `examples` in a datalist).
 */
/** The testEquipment control's own captions and its worded calibration policy (issue #15.1). */
function testEquipmentFields(properties: Json, uiSchema: UiSchema) {
  if (properties.min) properties.min = { ...(properties.min as Json), title: 'Minimum test equipment items' }
  if (!properties.calibrationPolicy) return
  // Worded choices through ui:enumNames, not oneOf: rjsf fills a oneOf's first choice into the control
  // when it is shown, which would mark a layout changed by merely selecting the control. Absent = warn.
  properties.calibrationPolicy = { ...(properties.calibrationPolicy as Json), type: 'string' }
  uiSchema.calibrationPolicy = {
    ...(uiSchema.calibrationPolicy as object),
    'ui:enumNames': POLICY_CHOICES,
    'ui:placeholder': 'Warn (default)',
  }
}

export function inspectorForm(
  control: Control,
  testVariables: readonly string[] = [],
  conditionVariables: readonly ConditionVariable[] = [],
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const source = kindSchema(control)
  const properties: Json = {}
  const uiSchema: UiSchema = { 'ui:order': ORDER, 'ui:submitButtonOptions': { norender: true } }
  const keep = control.type === 'testField' ? new Set(TEST_FIELDS[control.testType] ?? []) : null
  for (const [key, value] of Object.entries(source.properties as Json)) {
    if (key === 'type' || key === 'children' || key === 'id') continue
    if (keep && TEST_ONLY.has(key) && !keep.has(key)) continue
    // A table's columns and rows have editors of their own (issue #14); added-row limits only without labels.
    if (control.type === 'table' && key in TABLE_FIELDS) {
      properties[key] = { type: 'array', title: key === 'columns' ? 'Columns' : 'Rows' }
      uiSchema[key] = { 'ui:field': TABLE_FIELDS[key] }
      continue
    }
    if (control.type === 'table' && control.rowLabels && (key === 'minRows' || key === 'maxRows')) continue
    if (CONDITIONS.has(key)) {
      // The builder edits the rule; the layout schema (checked on every edit and on save) judges it.
      properties[key] = { type: 'object', title: TITLES[key] }
      const own = 'variable' in control ? control.variable : undefined
      uiSchema[key] = {
        'ui:field': 'condition',
        'ui:options': { variables: conditionVariables.filter((v) => v.variable !== own) },
      }
      continue
    }
    const { schema, ui } = decorate(key, value as Json, TITLES)
    if (Object.keys(ui).length > 0) uiSchema[key] = ui
    properties[key] = schema
  }
  if (control.type === 'testField' && properties.testType) {
    // A document may hold any text here (SPEC §5 shows a message for an unknown kind); the designer
    // offers only the known kinds.
    properties.testType = { title: (properties.testType as Json).title, enum: [...TEST_TYPES] }
    delete uiSchema.testType
  }
  if (control.type === 'testField') {
    const fixed =
      control.testType === 'yesNo' || control.testType === 'passFail' ? FIXED_CHOICES[control.testType] : null
    const choices = control.testType === 'selection' ? (control.choices ?? []) : null
    const allowed = fixed ?? (choices && choices.length > 0 ? choices : null)
    if (allowed && properties.passChoice) {
      properties.passChoice = { ...(properties.passChoice as Json), enum: [...allowed] }
    }
  }
  if (control.type === 'group' && properties.tests && testVariables.length > 0) {
    const tests = properties.tests as Json
    const own = control.variable
    properties.tests = {
      ...tests,
      items: { ...(tests.items as Json), examples: testVariables.filter((v) => v !== own) },
    }
  }
  if (control.type === 'testField' && properties.valueFrom) {
    const calculated = conditionVariables.filter((v) => v.kind === 'calculated').map((v) => v.variable)
    if (calculated.length) properties.valueFrom = { ...(properties.valueFrom as Json), examples: calculated }
  }
  if (control.type === 'testEquipment') testEquipmentFields(properties, uiSchema)
  if (properties.label) uiSchema.label = { ...(uiSchema.label as object), 'ui:autofocus': false }
  const required = ((source.required as string[] | undefined) ?? []).filter(
    (k) => k !== 'type' && k !== 'children' && k !== 'id' && k in properties,
  )
  if (control.type === 'testField' && control.testType === 'selection') required.push('choices', 'passChoice')
  return {
    schema: { type: 'object', properties, required } as RJSFSchema,
    uiSchema,
  }
}
