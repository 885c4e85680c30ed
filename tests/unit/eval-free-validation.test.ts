import Ajv, { type ErrorObject } from 'ajv'
import addErrors from 'ajv-errors'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as entities from '../../schemas/entities/supplier'
import * as owners from '../../schemas/entities/device-owner'
import * as faultRepair from '../../schemas/entities/fault-repair'
import * as productTypes from '../../schemas/entities/product-type'
import * as calibrators from '../../schemas/entities/calibrator'
import * as customers from '../../schemas/entities/customer'
import * as configurations from '../../schemas/entities/configuration'
import { LEAF_SCHEMAS, type Control, type FormLayout } from '../../schemas/form-layout'
import { compileLayout } from '../../runtime/compiler'
import { compileSchema } from '../../runtime/validation/interpret-schema'
import { inspectorForm } from '../../designer/ui/inspector-schema'

/**
 * The interpreting validator (runtime/validation) must be ajv: for every schema the browser validates
 * without precompiled code — record fields of every control kind, the designer inspector's forms, the
 * control schemas, the entity schemas — and for seeded random values, the verdict and the whole error
 * list (keyword, paths, params, message, verbose fields, ajv-errors' `errorMessage` texts) must equal
 * what ajv with ajv-formats and ajv-errors gives. The server validates these schemas with ajv.
 */

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true })
addFormats(ajv)
addErrors(ajv)

const CONTROLS: Control[] = [
  { type: 'checkbox', variable: 'ok', label: 'OK' },
  { type: 'datepicker', variable: 'd1', label: 'Date' },
  { type: 'datepicker', variable: 'd2', label: 'Due', required: true },
  { type: 'singletext', variable: 's1', label: 'Name' },
  { type: 'singletext', variable: 's2', label: 'Code', required: true },
  { type: 'multitext', variable: 'mt', label: 'Notes' },
  { type: 'serial', variable: 'sn', label: 'Serial', required: true },
  { type: 'dropdown', variable: 'dd1', label: 'Colour', values: ['Red', 'Blue'] },
  { type: 'dropdown', variable: 'dd2', label: 'Size', values: ['S', 'M'], required: true },
  { type: 'dropdown', variable: 'dd3', label: 'Site' },
  { type: 'multiselect', variable: 'ms1', label: 'Faults', values: ['A', 'B', 'C'], maxValues: 2 },
  { type: 'multiselect', variable: 'ms2', label: 'Tags', required: true },
  { type: 'timespan', variable: 'ts', label: 'Duration', required: true },
  { type: 'upload', variable: 'up1', label: 'Photo' },
  { type: 'upload', variable: 'up2', label: 'Report', required: true },
  {
    type: 'testField',
    variable: 't1',
    label: 'Voltage',
    testType: 'numeric',
    min: 1,
    max: 5,
    required: true,
  },
  { type: 'testField', variable: 't2', label: 'Seal', testType: 'yesNo', passChoice: 'Yes', naOption: true },
  {
    type: 'testField',
    variable: 't3',
    label: 'Look',
    testType: 'selection',
    choices: ['Good', 'Bad'],
    passChoice: 'Good',
    required: true,
    naOption: true,
  },
  { type: 'testEquipment', variable: 'te1', label: 'Meters', min: 2 },
  { type: 'testEquipment', variable: 'te2', label: 'Gauges' },
  { type: 'group', variable: 'g', label: 'Result', children: [] },
] as unknown as Control[]

const layout = { version: 1, title: 'All kinds', controls: CONTROLS } as unknown as FormLayout
const fieldSchemas = Object.entries(compileLayout(layout).fields).map(
  ([v, f]) => [`field ${v}`, f.schema] as const,
)
const inspectorSchemas = CONTROLS.map(
  (c) => [`inspector ${c.type} ${'variable' in c ? c.variable : ''}`, inspectorForm(c).schema] as const,
)
// group and row reach their children through $ref (the layout schema's), which the whole-layout
// validator handles: it is precompiled (schemas/validation), never interpreted.
const controlSchemas = Object.entries(LEAF_SCHEMAS).map(([k, s]) => [`control ${k}`, s] as const)
const entitySchemas = Object.entries({
  ...entities,
  ...owners,
  ...faultRepair,
  ...productTypes,
  ...calibrators,
  ...customers,
  ...configurations,
})
  .filter(([, v]) => v && typeof v === 'object' && 'type' in v && !JSON.stringify(v).includes('"$ref"'))
  .map(([k, s]) => [`entity ${k}`, s as object] as const)

/** Values that hit the interesting branches: every enum/const of the schema, near-misses, JSON noise. */
function valuesFor(schema: object): fc.Arbitrary<unknown> {
  const consts: unknown[] = []
  const names = new Set<string>(['extra'])
  JSON.stringify(schema, (key, value: unknown) => {
    if ((key === 'enum' || key === 'choices' || key === 'values') && Array.isArray(value))
      consts.push(...(value as unknown[]))
    if (key === 'const') consts.push(value)
    if (key === 'properties' && value && typeof value === 'object')
      Object.keys(value).forEach((k) => names.add(k))
    return value
  })
  const leaf = fc.oneof(
    fc.constantFrom<unknown>(
      null,
      '',
      ' ',
      'x',
      0,
      1,
      -1,
      1.5,
      3,
      true,
      false,
      'P1D',
      'PT5M',
      '2024-02-30',
      '2024-01-02',
      '2024-01-02T03:04:05Z',
      [],
      {},
      ...consts,
    ),
    fc.jsonValue({ maxDepth: 1 }),
  )
  const list = fc.array(leaf, { maxLength: 4 })
  const record = fc.dictionary(fc.constantFrom(...names), fc.oneof(leaf, list), { maxKeys: 6 })
  return fc.oneof(leaf, list, record, fc.array(record, { maxLength: 3 }))
}

/** ajv's error objects (its `emUsed` marks included); undefined keys dropped as ajv never sets them. */
const plain = (errors: ErrorObject[] | null | undefined) =>
  JSON.parse(JSON.stringify(errors ?? null)) as unknown

describe('interpreting validator = ajv', () => {
  const all = [...fieldSchemas, ...inspectorSchemas, ...controlSchemas, ...entitySchemas]

  it('covers every kind of schema it stands in for', () => {
    expect(fieldSchemas.length).toBe(CONTROLS.length)
    expect(inspectorSchemas.length).toBe(CONTROLS.length)
    expect(entitySchemas.length).toBeGreaterThan(15)
  })

  for (const [name, schema] of all) {
    it(`${name}: same verdict and errors for 300 seeded values`, () => {
      const byAjv = ajv.compile(schema)
      const interpreted = compileSchema(schema, { formats: true, verbose: true })
      fc.assert(
        fc.property(valuesFor(schema), (value) => {
          const valid = interpreted(value)
          expect(valid).toBe(byAjv(value))
          expect(plain(interpreted.errors)).toEqual(plain(byAjv.errors))
        }),
        { seed: 20261121, numRuns: 300 },
      )
    })
  }

  it('gives the SPEC texts of record fields', () => {
    const [, due] = fieldSchemas.find(([n]) => n === 'field d2')!
    const validate = compileSchema(due)
    expect(validate(null)).toBe(false)
    expect(validate.errors?.filter((e) => e.keyword === 'errorMessage').map((e) => e.message)).toEqual([
      'Due is required.',
    ])
    const [, meters] = fieldSchemas.find(([n]) => n === 'field te1')!
    const equipment = compileSchema(meters)
    expect(equipment([4])).toBe(false)
    expect(equipment.errors?.map((e) => e.message)).toEqual(['At least 2 test equipment required for Meters'])
  })

  it('refuses a keyword it does not implement instead of skipping it', () => {
    expect(() => compileSchema({ type: 'object', patternProperties: { '^a': { type: 'string' } } })).toThrow(
      'JSON Schema keyword "patternProperties" is not supported',
    )
  })
})
