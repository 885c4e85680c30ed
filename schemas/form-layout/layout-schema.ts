import type { FromSchema } from 'json-schema-to-ts'
import { LAYOUT_VERSION, MAX_COL } from './constants'
import { LEAF_SCHEMAS } from './control-schemas'
import { controlIdProp, VARIABLE_PATTERN, visibleIfProp } from './control-props'
import type { LeafFieldControl, NoteControl } from './control-schemas'

/**
 * The form layout document (SPEC §3 "Form layout"): `{version, title, controls[]}`. Groups and rows
 * nest controls, so the schema is recursive through `#/definitions/control`; the control union is
 * discriminated by `type` (ajv's `discriminator` keyword) so an error names the matching kind
 * instead of listing every branch of the oneOf.
 */

/** A list of controls: the one recursive spot of the schema. */
const controlList = { type: 'array', items: { $ref: '#/definitions/control' } } as const

export const groupSchema = {
  type: 'object',
  required: ['type', 'children'],
  additionalProperties: false,
  properties: {
    type: { const: 'group' },
    id: controlIdProp,
    label: { type: 'string' },
    col: { type: 'integer', minimum: 1, maximum: MAX_COL },
    variable: {
      type: 'string',
      pattern: VARIABLE_PATTERN,
      description: "Holds the group's result, Pass or Fail (SPEC §4).",
    },
    tests: {
      type: 'array',
      items: { type: 'string' },
      description: 'Variables whose results make the group result; all tests inside the group when absent.',
    },
    visibleIf: visibleIfProp,
    children: controlList,
  },
} as const

export const rowSchema = {
  type: 'object',
  required: ['type', 'children'],
  additionalProperties: false,
  properties: {
    type: { const: 'row' },
    id: controlIdProp,
    label: { type: 'string' },
    visibleIf: visibleIfProp,
    children: controlList,
  },
} as const

const definitions = {
  control: {
    type: 'object',
    required: ['type'],
    discriminator: { propertyName: 'type' },
    oneOf: [
      { $ref: '#/definitions/note' },
      { $ref: '#/definitions/dropdown' },
      { $ref: '#/definitions/multiselect' },
      { $ref: '#/definitions/checkbox' },
      { $ref: '#/definitions/datepicker' },
      { $ref: '#/definitions/multitext' },
      { $ref: '#/definitions/singletext' },
      { $ref: '#/definitions/serial' },
      { $ref: '#/definitions/upload' },
      { $ref: '#/definitions/timespan' },
      { $ref: '#/definitions/testField' },
      { $ref: '#/definitions/testEquipment' },
      { $ref: '#/definitions/calculated' },
      { $ref: '#/definitions/table' },
      { $ref: '#/definitions/group' },
      { $ref: '#/definitions/row' },
    ],
  },
  ...LEAF_SCHEMAS,
  group: groupSchema,
  row: rowSchema,
} as const

/** The document's own shape; `formLayoutSchema` adds the definitions its `$ref`s point to. */
const layoutShape = {
  type: 'object',
  required: ['version', 'title', 'controls'],
  additionalProperties: false,
  properties: {
    version: { const: LAYOUT_VERSION },
    title: { type: 'string' },
    controls: controlList,
  },
} as const

export const formLayoutSchema = { $id: 'FormLayout', ...layoutShape, definitions } as const

/**
 * FromSchema cannot follow a recursive `$ref`, so the control list is mapped onto the `Control`
 * union through `deserialize`; the interface breaks the type-level cycle.
 */
type ControlListOptions = { deserialize: [{ pattern: typeof controlList; output: ControlList }] }
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, unlike a type alias, may refer to itself
interface ControlList extends Array<Control> {}

export type GroupControl = FromSchema<typeof groupSchema, ControlListOptions>
export type RowControl = FromSchema<typeof rowSchema, ControlListOptions>
export type ContainerControl = GroupControl | RowControl

/** Any control of a layout. */
export type Control = NoteControl | LeafFieldControl | ContainerControl

/** A form layout at the current version. */
export type FormLayout = FromSchema<typeof layoutShape, ControlListOptions>

/** True for controls that hold children (group, row). */
export function isContainer(control: Control): control is ContainerControl {
  return control.type === 'group' || control.type === 'row'
}
