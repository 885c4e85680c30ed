import { customizeValidator } from '@rjsf/validator-ajv8'
import type { RJSFSchema } from '@rjsf/utils'
import ajvErrors from 'ajv-errors'
import { describe, expect, it } from 'vitest'
import { deviceOwnerWriteSchema } from '../../schemas/entities/device-owner'
import { surveyRepairFormSchema } from '../../schemas/entities/fault-repair'
import { supplierWriteSchema } from '../../schemas/entities/supplier'
import { staticNameOf } from '../validation/validator-for'
import { withoutId } from './schema-errors'
import { attachErrorsToFields, crudValidator } from './validator'

/**
 * The rjsf validator without eval must answer what @rjsf/validator-ajv8 with ajv-errors (the one it
 * replaces, which compiles code) answers: the same errors, error schema and texts under each field,
 * for a static entity schema (precompiled code) and for schemas assembled from data (interpreter).
 */
const reference = customizeValidator({
  extenderFn: (ajv) => {
    ajvErrors(ajv)
    return ajv
  },
})

// As the owner page builds it: the other owners become the parent choices.
const ownerWithChoices = {
  ...withoutId(deviceOwnerWriteSchema),
  properties: {
    ...deviceOwnerWriteSchema.properties,
    parentId: {
      ...deviceOwnerWriteSchema.properties.parentId,
      oneOf: [
        { const: null, title: '(none)' },
        { const: 4, title: 'Western Grid Services' },
      ],
    },
  },
} as unknown as RJSFSchema

const CASES: [string, RJSFSchema, unknown[]][] = [
  [
    'supplier (precompiled)',
    withoutId(supplierWriteSchema) as unknown as RJSFSchema,
    [{}, { name: ' ' }, { name: 'Acme' }, { name: 3 }, { name: 'x'.repeat(201) }],
  ],
  [
    'survey/repair (precompiled, if/then)',
    withoutId(surveyRepairFormSchema) as unknown as RJSFSchema,
    [
      {},
      { name: 'Seal', kind: 'item' },
      { name: 'Seal', kind: 'descriptive' },
      { name: 'Seal', kind: 'item', productTypeId: 2 },
    ],
  ],
  [
    'owner with parent choices (interpreted)',
    ownerWithChoices,
    [{}, { name: 'Lab', parentId: 9 }, { name: 'Lab', parentId: 4 }, { name: 'x'.repeat(201) }, { name: 5 }],
  ],
]

describe('crudValidator', () => {
  it('runs precompiled code for a static entity schema and the interpreter for one built from data', () => {
    expect(staticNameOf(CASES[0][1])).toBe('supplierWrite')
    expect(staticNameOf(ownerWithChoices)).toBeUndefined()
  })

  for (const [name, schema, samples] of CASES) {
    it(`${name}: same validation as @rjsf/validator-ajv8`, () => {
      for (const data of samples) {
        const mine = crudValidator.validateFormData(data, schema, undefined, attachErrorsToFields)
        const theirs = reference.validateFormData(data, schema, undefined, attachErrorsToFields)
        expect(mine, JSON.stringify(data)).toEqual(theirs)
        for (const sub of [schema, ...((schema.allOf ?? []) as RJSFSchema[]).map((s) => s.if as RJSFSchema)])
          expect(crudValidator.isValid(sub, data, schema)).toBe(reference.isValid(sub, data, schema))
      }
    })
  }

  it('puts the SPEC text under the field', () => {
    const { errorSchema } = crudValidator.validateFormData(
      { name: '  ' },
      CASES[0][1],
      undefined,
      attachErrorsToFields,
    )
    expect(errorSchema).toEqual({ name: { __errors: ['You must give the supplier a name.'] } })
    // An overlong name says the limit, not that the name is missing (precompiled and interpreted).
    const long = { name: 'x'.repeat(201) }
    expect(
      crudValidator.validateFormData(long, CASES[0][1], undefined, attachErrorsToFields).errorSchema,
    ).toEqual({ name: { __errors: ['The supplier name may be at most 200 characters.'] } })
    expect(
      crudValidator.validateFormData(long, ownerWithChoices, undefined, attachErrorsToFields).errorSchema,
    ).toEqual({ name: { __errors: ['The owner name may be at most 200 characters.'] } })
    const item = crudValidator.validateFormData(
      { name: 'Seal', kind: 'item' },
      CASES[1][1],
      undefined,
      attachErrorsToFields,
    )
    expect(item.errorSchema).toEqual({
      productTypeId: { __errors: ['You must select an associated product for a Survey/Repair item'] },
    })
  })
})
