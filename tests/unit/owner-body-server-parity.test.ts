// @vitest-environment node
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AJV_OPTIONS } from '../../server/app'
import errors, { schemaErrorFormatter } from '../../server/plugins/errors'
import { firstSchemaError } from '../../runtime/crud-form/schema-errors'
import { compileSchema } from '../../runtime/validation/interpret-schema'
import { staticNameOf } from '../../runtime/validation/validator-for'
import { deviceOwnerWriteSchema } from '../../schemas/entities/device-owner'

/**
 * The device owner write body, refused by the server and by the browser's interpreting validator (the
 * owner screen's copy, src/pages/owners/owner-edit-page.tsx): the same message for the same body, the
 * unknown key named ('Unknown field in the owner: "colour". …'). The server side is Fastify with the
 * server's ajv options, plugin and error formatting (server/app.ts, server/plugins/errors.ts).
 */

let app: FastifyInstance

beforeAll(async () => {
  app = Fastify({
    ajv: AJV_OPTIONS,
    schemaErrorFormatter,
  })
  await app.register(errors)
  app.post('/owners', { schema: { body: deviceOwnerWriteSchema } }, async () => ({ ok: true }))
  await app.ready()
})

afterAll(() => app.close())

const serverMessage = async (body: unknown): Promise<string | undefined> => {
  const reply = await app.inject({ method: 'POST', url: '/owners', payload: body as object })
  return reply.statusCode === 400 ? (reply.json() as { message: string }).message : undefined
}

// As the owner page builds it: the other owners become the parent choices.
const ownerScreenCopy = {
  ...deviceOwnerWriteSchema,
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
}

const BODIES: unknown[] = [
  { name: 'Lab', colour: 'red' },
  { name: 'Lab', createdInItr: false },
  { name: 'Lab', parent: null },
  { colour: 'red' },
  { name: 'Lab', parentId: 4, a: 1, b: 2 },
  { name: 'Lab', 'say "hi"\\': 1 },
  { name: 'Lab', 'a/b~c': 1, '': 2 },
  { name: 'Lab', parentId: 4 },
  {},
]

describe('device owner body: the browser refuses as the server does', () => {
  it("interprets the owner screen's copy (no precompiled code for it)", () => {
    expect(staticNameOf(ownerScreenCopy)).toBeUndefined()
  })

  for (const body of BODIES)
    it(JSON.stringify(body), async () => {
      const expected = await serverMessage(body)
      // The server answers with the first ajv-errors message; so does the interpreter, form or no form.
      for (const schema of [deviceOwnerWriteSchema, ownerScreenCopy]) {
        const validate = compileSchema(schema)
        validate(body)
        const own = validate.errors?.find((e) => e.keyword === 'errorMessage')
        expect(own?.message).toBe(expected)
      }
      expect(firstSchemaError(ownerScreenCopy, body)).toBe(expected)
    })

  it('names the key, quoted as JSON', async () => {
    expect(await serverMessage({ name: 'Lab', colour: 'red' })).toBe(
      'Unknown field in the owner: "colour". It holds name, parentId.',
    )
    expect(firstSchemaError(ownerScreenCopy, { name: 'Lab', 'say "hi"\\': 1 })).toBe(
      'Unknown field in the owner: "say \\"hi\\"\\\\". It holds name, parentId.',
    )
  })
})
