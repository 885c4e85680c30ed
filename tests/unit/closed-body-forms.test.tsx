import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CrudForm } from '../../runtime/crud-form/crud-form'
import { firstSchemaError } from '../../runtime/crud-form/schema-errors'
import { staticNameOf } from '../../runtime/validation/validator-for'
import { calibratorWriteSchema } from '../../schemas/entities/calibrator'
import { deviceOwnerWriteSchema, locationWriteSchema } from '../../schemas/entities/device-owner'
import { productTypeWriteSchema } from '../../schemas/entities/product-type'
import { supplierWriteSchema } from '../../schemas/entities/supplier'
import { certificateSettingsSchema } from '../../schemas/settings'

/**
 * The write schemas closed against unknown keys (schemas/entities/closed-body.ts) are also the SPA's form
 * schemas. The browser's precompiled validators (this project runs the build plugin) name the key as the
 * server does; so does the interpreting validator with the owner screen's copy; and the read-only forms,
 * copies too, render without a validator failing to compile them.
 */
describe('closed write schemas in the SPA', () => {
  afterEach(() => vi.restoreAllMocks())

  it('precompiled: the same message naming the key as the server', () => {
    const cases: [object, object, string][] = [
      [
        supplierWriteSchema,
        { name: 'A', colour: 'red' },
        'Unknown field in the supplier: "colour". It holds name.',
      ],
      [
        productTypeWriteSchema,
        { name: 'A', parent: 1 },
        expect.stringMatching(/^Unknown field in the product type: "parent"\./),
      ],
      [locationWriteSchema, { name: 'A', id: 1 }, 'Unknown field in the location: "id". It holds name.'],
      [
        deviceOwnerWriteSchema,
        { name: 'A', createdInItr: false },
        'Unknown field in the owner: "createdInItr". It holds name, parentId.',
      ],
      [calibratorWriteSchema, { name: 'A', id: 1 }, 'Unknown field in the calibrator: "id". It holds name.'],
      [
        certificateSettingsSchema,
        { organisationName: '', addressLine: '', logo: null, footer: '' },
        'Unknown field in the certificate settings: "footer". It holds organisationName, addressLine, logo.',
      ],
    ]
    for (const [schema, data, message] of cases) {
      expect(staticNameOf(schema)).toBeDefined()
      expect(firstSchemaError(schema, data)).toEqual(message)
    }
  })

  it("interpreted: the owner screen's copy with parent choices takes its fields, names another key", () => {
    const copy = {
      ...deviceOwnerWriteSchema,
      properties: {
        ...deviceOwnerWriteSchema.properties,
        parentId: { ...deviceOwnerWriteSchema.properties.parentId, oneOf: [{ const: 4, title: 'Western' }] },
      },
    }
    expect(staticNameOf(copy)).toBeUndefined()
    expect(firstSchemaError(copy, { name: 'Lab', parentId: 4 })).toBeUndefined()
    expect(firstSchemaError(copy, { name: 'Lab', colour: 'red' })).toBe(
      'Unknown field in the owner: "colour". It holds name, parentId.',
    )
    // Quoted as JSON.stringify quotes it, as ajv-errors' `${0}` does on the server.
    expect(firstSchemaError(copy, { name: 'Lab', 'say "hi"\\': 1 })).toBe(
      'Unknown field in the owner: "say \\"hi\\"\\\\". It holds name, parentId.',
    )
  })

  for (const [name, schema] of [
    ['supplier', supplierWriteSchema],
    ['product type', productTypeWriteSchema],
  ] as const) {
    it(`read-only ${name} form: renders and compiles nothing it cannot`, async () => {
      const warn = vi.spyOn(console, 'warn')
      function Harness() {
        const [data, setData] = useState({ name: 'Acme' })
        return (
          <CrudForm
            schema={schema}
            formData={data}
            onChange={setData}
            onSubmit={() => {}}
            onCancel={() => {}}
            readOnly
          />
        )
      }
      render(<Harness />)
      expect(await screen.findByDisplayValue('Acme')).toBeDisabled()
      await userEvent.click(screen.getByRole('button', { name: 'Back' }))
      expect(warn).not.toHaveBeenCalled()
    })
  }
})
