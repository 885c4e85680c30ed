import { describe, expect, it } from 'vitest'
import { createStaticAjv } from './static-ajv'
import { STATIC_SCHEMAS, schemaToCompile, withoutSchemaId, type StaticSchemaName } from './static-schemas'
import { PRECOMPILED, staticValidators } from './static-validators'
import { SETTINGS_MESSAGES } from '../settings'
import { DESCRIPTIVE_DOMAINS } from '../entities/configuration'

/**
 * The unit project runs the build plugin (vitest.config.ts), so `staticValidators` here is ajv's
 * standalone code as the browser gets it. Each sample must give exactly what ajv compiling the same
 * schema at run time gives (the server's way): the same verdict and the same errors, SPEC texts included.
 */

const runtime = createStaticAjv()
const compiledAtRunTime = (name: StaticSchemaName) => runtime.compile(schemaToCompile(name))

const layout = (controls: unknown[], extra: object = {}) => ({ version: 2, title: 'T', controls, ...extra })

/** name → [sample, the messages a user sees ([] when valid)]. */
const SAMPLES: Record<StaticSchemaName, [unknown, string[]][]> = {
  supplierWrite: [
    [{ name: 'Acme' }, []],
    [{}, ['You must give the supplier a name.']],
    [{ name: '' }, ['You must give the supplier a name.']],
    [{ name: '   ' }, ['You must give the supplier a name.']],
    [{ name: 7 }, ['The supplier name must be text.']],
    [{ name: 'x'.repeat(200) }, []],
    [{ name: 'x'.repeat(201) }, ['The supplier name may be at most 200 characters.']],
    [null, ['must be object']],
  ],
  productTypeWrite: [
    [{ name: 'Meter', description: null }, []],
    [{ name: '' }, ['You must give the product type a name.']],
    [{ name: 'x'.repeat(201) }, ['The product type name may be at most 200 characters.']],
    [{ name: 'Meter', description: 5 }, ['must be string,null']],
  ],
  deviceOwnerWrite: [
    [{ name: 'Lab', parentId: null }, []],
    [{}, ['You must give the owner a name.']],
    [{ name: ' ' }, ['You must give the owner a name.']],
    [{ name: 'x'.repeat(201) }, ['The owner name may be at most 200 characters.']],
    [{ name: 5 }, ['The owner name must be text.']],
    [{ name: 'Lab', parentId: 0 }, ['must be >= 1']],
  ],
  locationWrite: [
    [{ name: 'Shelf 1' }, []],
    [{ name: ' ' }, ['You must give the location a name.']],
    [{}, ['You must give the location a name.']],
    [{ name: 'x'.repeat(201) }, ['The location name may be at most 200 characters.']],
  ],
  calibratorWrite: [
    [{ name: 'Cal Co' }, []],
    [{}, ['You must give the calibrator a name.']],
    [{ name: '' }, ['You must give the calibrator a name.']],
    [{ name: 'x'.repeat(201) }, ['The calibrator name may be at most 200 characters.']],
    [{ name: 5 }, ['The calibrator name must be text.']],
  ],
  surveyRepairForm: [
    [{ name: 'Seal', kind: 'item', productTypeId: 3 }, []],
    [
      { name: 'Seal', kind: 'item' },
      ['You must select an associated product for a Survey/Repair item', 'must match "then" schema'],
    ],
    [
      { name: 'x'.repeat(501), kind: 'descriptive', descriptiveType: Object.keys(DESCRIPTIVE_DOMAINS)[0] },
      ['The Survey/Repair type name may be at most 500 characters.'],
    ],
    [{ name: ' ', kind: 'item', productTypeId: 3 }, ['You must provide a name for the Survey/Repair type.']],
    [
      {},
      [
        'You must provide a name for the Survey/Repair type.',
        'You must select either item or descriptive from the dropdown.',
      ],
    ],
  ],
  formLayout: [
    [layout([{ type: 'singletext', variable: 'a', label: 'A' }]), []],
    [layout([{ type: 'singletext', label: 'A' }]), ["must have required property 'variable'"]],
    [layout([{ type: 'bogus' }]), ['value of tag "type" must be in oneOf']],
    [layout([], { extra: 1 }), ['must NOT have additional properties']],
  ],
  certificateSettings: [
    [{ organisationName: 'Eastern Power', addressLine: '', logo: null }, []],
    [
      { organisationName: 'x'.repeat(201), addressLine: '', logo: null },
      [SETTINGS_MESSAGES.organisationName],
    ],
    [
      { organisationName: '', addressLine: '', logo: 'data:image/gif;base64,R0lG' },
      [SETTINGS_MESSAGES.logoType],
    ],
  ],
  fieldMappings: [
    [{}, []],
    [{ serialFeild: 's' }, ['must NOT have additional properties']],
  ],
}

describe('precompiled validators (build-time ajv standalone code)', () => {
  it('are the generated code in this project, as in the browser build', () => {
    expect(PRECOMPILED).toBe(true)
  })

  for (const name of Object.keys(SAMPLES) as StaticSchemaName[]) {
    it(`${name}: same verdict, errors and messages as ajv at run time`, () => {
      const precompiled = staticValidators[name]
      const atRunTime = compiledAtRunTime(name)
      for (const [sample, messages] of SAMPLES[name]) {
        const valid = precompiled(sample)
        expect(valid, JSON.stringify(sample)).toBe(atRunTime(sample))
        expect(precompiled.errors ?? null).toEqual(atRunTime.errors ?? null)
        expect((precompiled.errors ?? []).map((e) => e.message)).toEqual(messages)
        expect(valid).toBe(messages.length === 0)
      }
      // Compiling the layout schema at run time takes seconds on a busy 2-core CI machine.
    }, 30_000)
  }
})

/** Conditions right and wrong, at the top level and inside a group (issue #17: compiled once, behind a $ref). */
const CONDITIONS: unknown[] = [
  { '==': [{ var: 'a' }, 'x'] },
  { and: [{ '>=': [{ var: 'a' }, 1] }, { '!!': { var: 'b' } }] },
  { or: [] },
  { and: [{ '==': [{ var: 'a' }] }] },
  { '==': [{ var: '' }, 'x'], '!=': [{ var: 'a' }, 1] },
  { or: [{ '~': [{ var: 'a' }, 1] }, { '!': { var: 'b', extra: 1 } }] },
  { '<': [{ vars: 'a' }, { nested: true }] },
  {},
  'a == 1',
]

describe('the layout compiled with its conditions behind a $ref', () => {
  it('gives the verdicts, errors and messages of the schema as written (but where the error is in it)', () => {
    const asWritten = createStaticAjv().compile(withoutSchemaId(STATIC_SCHEMAS.formLayout))
    const compiled = staticValidators.formLayout
    const shape = (errors: typeof compiled.errors) =>
      (errors ?? []).map(({ schemaPath: _s, parentSchema: _p, schema: _c, ...rest }) => rest)
    for (const visibleIf of CONDITIONS) {
      const field = { type: 'singletext', variable: 'a', label: 'A', visibleIf, requiredIf: visibleIf }
      const sample = layout([field, { type: 'group', children: [{ type: 'note', label: 'N', visibleIf }] }])
      expect(compiled(sample), JSON.stringify(visibleIf)).toBe(asWritten(sample))
      expect(shape(compiled.errors)).toEqual(shape(asWritten.errors))
    }
    expect(JSON.stringify(schemaToCompile('formLayout'))).toContain('"$ref":"#/definitions/condition"')
  }, 60_000)
})
