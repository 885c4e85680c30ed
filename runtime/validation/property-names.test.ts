import Ajv, { type ErrorObject } from 'ajv'
import addErrors from 'ajv-errors'
import { describe, expect, it } from 'vitest'
import { compileSchema } from './interpret-schema'

/**
 * `propertyNames` and ajv-errors' message templates in the interpreting validator: for each schema and
 * value, the verdict and the whole error list (paths, params, `propertyName`, verbose fields, the
 * `errorMessage` texts with `${0}` expanded) equal ajv's with ajv-errors, as the server runs them.
 */

const ajvs = {
  plain: addErrors(new Ajv({ allErrors: true, strict: false })),
  verbose: addErrors(new Ajv({ allErrors: true, strict: false, verbose: true })),
}

const SCHEMAS: [string, object | boolean][] = [
  [
    'closed body (closed-body.ts)',
    {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, parentId: { type: ['integer', 'null'] } },
      additionalProperties: false,
      propertyNames: {
        enum: ['name', 'parentId'],
        errorMessage: 'Unknown field in the owner: ${0}. It holds name, parentId.',
      },
      errorMessage: { required: { name: 'Name it.' } },
    },
  ],
  ['key checks without a message', { propertyNames: { type: 'string', maxLength: 3, pattern: '^[a-z]+$' } }],
  [
    'keyword messages and combinators under propertyNames',
    {
      type: 'object',
      propertyNames: {
        anyOf: [{ const: 'a' }, { pattern: '^x' }],
        not: { const: 'xx' },
        errorMessage: { anyOf: 'Not a or x…: ${0}', not: 'Not ${0} again' },
      },
    },
  ],
  ['false', { propertyNames: false }],
  [
    'false elsewhere (its own path and verbose fields)',
    { properties: { a: false }, anyOf: [false, { type: 'array' }] },
  ],
  ['the false schema itself', false],
  ['true and empty: never fail', { properties: { a: { propertyNames: true }, b: { propertyNames: {} } } }],
  [
    'nested: array items and properties',
    {
      type: 'array',
      items: {
        type: 'object',
        properties: { inner: { propertyNames: { enum: ['k'], errorMessage: { enum: 'inner ${0}' } } } },
        propertyNames: { maxLength: 5, errorMessage: { _: 'long ${0}' } },
      },
    },
  ],
  [
    'templates at the object: whole value, pointers into it, child messages',
    {
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'integer' }, 'b/c': { type: 'string' }, d: { minimum: 3 } },
      // Not a template under the key 'b/c': ajv-errors writes it as an object key unquoted, and fails.
      errorMessage: {
        required: { a: 'No a in ${0}' },
        properties: { d: 'd=${0/d} of ${0}' },
        _: '${0/a} and ${0/b~1c}',
      },
    },
  ],
  [
    'a whole message that is one template',
    { type: 'object', properties: { a: { type: 'string' } }, errorMessage: '${0/a/z}' },
  ],
]

const KEYS = [
  'name',
  'parentId',
  'a',
  'x',
  'xx',
  'k',
  'colour',
  'b/c',
  'd',
  'longer',
  'a~b',
  'say "hi"\\',
  '\u2028',
  '',
]
const objects = KEYS.map((k) => ({ [k]: 1 }))
const VALUES: unknown[] = [
  null,
  'text',
  3,
  [],
  {},
  ...objects,
  { name: 'Lab', parentId: 4 },
  { name: 'Lab', colour: 'red', size: 2 },
  { colour: 'red' },
  { a: 'one', 'b/c': 2, d: 1 },
  { a: { z: 0 }, d: { n: 1 } },
  { a: 2, zz: 1, x1: 1, xx: 1 },
  [{ inner: { k: 1, j: 2 }, toolong: 1 }, { inner: 3 }, { ok: 1 }],
  [{ inner: { zz: 1 } }],
]

/** ajv's error objects (its `emUsed` marks included); undefined keys dropped as ajv never sets them. */
const plain = (errors: ErrorObject[] | null | undefined) =>
  JSON.parse(JSON.stringify(errors ?? null)) as unknown

describe('interpreted propertyNames and message templates = ajv with ajv-errors', () => {
  for (const [name, schema] of SCHEMAS)
    for (const verbose of [false, true])
      it(`${name}${verbose ? ' (verbose)' : ''}`, () => {
        const byAjv = ajvs[verbose ? 'verbose' : 'plain'].compile(schema)
        const interpreted = compileSchema(schema, { verbose })
        for (const value of VALUES) {
          const valid = interpreted(value)
          expect(valid, JSON.stringify(value)).toBe(byAjv(value))
          expect(plain(interpreted.errors), JSON.stringify(value)).toEqual(plain(byAjv.errors))
        }
      })

  it('names the key in double quotes, escaped as JSON', () => {
    const validate = compileSchema(SCHEMAS[0][1] as object)
    expect(validate({ name: 'Lab', 'say "hi"\\': 1 })).toBe(false)
    expect(validate.errors?.map((e) => [e.keyword, e.message, e.propertyName])).toEqual([
      [
        'errorMessage',
        'Unknown field in the owner: "say \\"hi\\"\\\\". It holds name, parentId.',
        'say "hi"\\',
      ],
      ['propertyNames', 'property name must be valid', undefined],
      ['additionalProperties', 'must NOT have additional properties', undefined],
    ])
  })

  it('refuses a template it cannot expand, as it refuses an unknown keyword', () => {
    for (const pointer of ['1', '/a', '0#', '1/a', 'x', '0/a"b', '0/a\\b', '0/a\nb', '0/a\u2028'])
      expect(() => compileSchema({ type: 'string', errorMessage: `Bad \${${pointer}}` }), pointer).toThrow(
        'is not supported by the interpreting validator',
      )
    for (const pointer of ['0', '0/a', '0/a~1b/0', '00'])
      expect(() => compileSchema({ type: 'string', errorMessage: `Bad \${${pointer}}` })).not.toThrow()
  })
})
