import fc from 'fast-check'
import {
  productsFilterSchema,
  recordsFilterSchema,
  RECORD_FILTER_FIELDS,
  RECORD_SORT_FIELDS,
} from '../../schemas/records/index'

/**
 * fast-check arbitraries for the API fuzzer (issue 8): values derived from a route's JSON Schemas — near
 * valid (the schema's own property names and types, with one thing wrong) or plain junk — plus hostile
 * strings: SQL and script injection shapes, path traversal, control characters, unicode, huge text.
 */

type Schema = {
  type?: string | string[]
  enum?: readonly unknown[]
  const?: unknown
  properties?: Record<string, Schema>
  required?: readonly string[]
  items?: Schema
  anyOf?: readonly Schema[]
  oneOf?: readonly Schema[]
  allOf?: readonly Schema[]
  minimum?: number
  maximum?: number
  maxLength?: number
}

/** Strings an attacker tries first: SQL, script, template and path injections, format breakers. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); DELETE FROM records; --",
  '" OR ""="',
  '%',
  '_',
  '\\',
  '\\x00',
  '\u0000',
  '\u202e\u0041\u0042',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2f..%2f',
  '=HYPERLINK("http://evil.example","x")',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9999999999999999999999',
  '🧪⚡️ Ünïcödé ñ 漢字 العربية',
  ' ',
  '',
] as const

/** Numbers at and past every boundary a column or parser has. */
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
] as const

const HUGE = 'x'.repeat(70_000)

/** encodeURIComponent that never throws: lone surrogates (which it refuses) become U+FFFD. */
export const safeEncode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  )

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant(HUGE) },
)

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** Any JSON value, hostile strings and numbers included. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
})).value

const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]

/**
 * A value shaped by `schema` but likely wrong somewhere: each level is usually the right type with
 * hostile content, sometimes junk; objects keep the schema's property names, drop required ones at
 * random and gain prototype-polluting or unknown keys.
 */
export function fromSchema(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const s = (schema ?? {}) as Schema
  if (depth > 4) return junkValue
  const variants: fc.Arbitrary<unknown>[] = []
  if (s.const !== undefined) variants.push(fc.constant(s.const))
  if (s.enum) variants.push(fc.constantFrom(...s.enum))
  for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    variants.push(fromSchema(sub, depth + 1))
  for (const type of typesOf(s)) {
    switch (type) {
      case 'string':
        variants.push(hostileString)
        break
      case 'integer':
        variants.push(fc.oneof(fc.integer({ min: -5, max: 100_300 }), hostileNumber))
        break
      case 'number':
        variants.push(hostileNumber)
        break
      case 'boolean':
        variants.push(fc.boolean())
        break
      case 'null':
        variants.push(fc.constant(null))
        break
      case 'array':
        variants.push(fc.array(fromSchema(s.items, depth + 1), { maxLength: 5 }))
        break
      case 'object':
        variants.push(objectFrom(s, depth))
        break
    }
  }
  if (s.properties && !typesOf(s).includes('object')) variants.push(objectFrom(s, depth))
  if (variants.length === 0) return junkValue
  // Mostly shaped, sometimes anything at all.
  return fc.oneof({ weight: 5, arbitrary: fc.oneof(...variants) }, { weight: 1, arbitrary: junkValue })
}

function objectFrom(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {})
  const shaped = fc.record(
    Object.fromEntries(props.map(([name, sub]) => [name, fromSchema(sub, depth + 1)])),
    { requiredKeys: [] },
  )
  const extra = fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'extra', 'id', '$where'),
    junkValue,
    {
      maxKeys: 2,
    },
  )
  return fc
    .tuple(shaped, extra, fc.boolean())
    .map(([base, more, addMore]) =>
      addMore ? Object.assign(Object.create(null) as Record<string, unknown>, base, more) : base,
    )
}

/** Text that is not JSON, or JSON of the wrong kind, for JSON bodies and filter segments. */
export const badJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '[',
    '{"a":',
    '{"a" 1}',
    "{'a':1}",
    'nul',
    '"unterminated',
    '{"a":1}}',
    '[1,]',
    '\u0000',
  ),
  fc.constantFrom('null', '[]', '0', '"text"', 'true', '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]'),
  fc.string({ maxLength: 30 }),
)

const fieldName = fc.oneof(
  fc.constantFrom(...RECORD_FILTER_FIELDS, 'producttypeid', 'testequipment'),
  hostileString,
)
const sortField = fc.oneof(
  fc.constantFrom(...RECORD_SORT_FIELDS, 'serialNumber', 'currentStatus', 'dateOfLastRecord', 'assetModel'),
  fc.constantFrom('id; DROP TABLE records', 'recordDate DESC, (SELECT 1)', '1', 'records.id', '"recordDate"'),
  hostileString,
)

/** A records-page / export filter: the real field and sort names with hostile values, or shaped junk. */
export const recordsFilter: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      filters: fc.array(fc.record({ field: fieldName, value: junkValue }, { requiredKeys: ['field'] }), {
        maxLength: 4,
      }),
      startDate: fc.oneof(
        hostileString,
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      ),
      endDate: fc.oneof(hostileString, fc.constant(null)),
      sortField,
      sortDirection: fc.oneof(fc.constantFrom('asc', 'desc', 'ASC', 'sideways'), hostileString),
    },
    { requiredKeys: [] },
  ),
  fromSchema(recordsFilterSchema),
)

/** A products-page filter in the same spirit. */
export const productsFilter: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      attribute: fc.oneof(
        fc.record({ key: fc.constantFrom('CurrentStatus', 'DateOfLastRecord', 'Unknown'), value: junkValue }),
        junkValue,
      ),
      serialNumbers: fc.oneof(fc.array(hostileString, { maxLength: 3 }), junkValue),
      assetModels: fc.oneof(fc.array(hostileString, { maxLength: 3 }), junkValue),
      ParentAssetId: junkValue,
      sortField,
      sortDirection: hostileString,
    },
    { requiredKeys: [] },
  ),
  fromSchema(productsFilterSchema),
)

/**
 * One path segment: usually a plausible id, otherwise hostile text; encoded as a client would, or (rarely)
 * raw with broken percent-escapes.
 */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom('100200', '100203', '100210', '999999', '0', '-1', 'New') },
  {
    weight: 4,
    arbitrary: hostileString.filter((s) => s.length > 0).map((s) => safeEncode(s.slice(0, 9000))),
  },
  { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%zz', '..', '%2e%2e', '%00', 'a%2Fb') },
)

/** A filter segment: shaped JSON for the route's filter, or broken JSON, URL-encoded. */
export const filterSegment = (filter: fc.Arbitrary<unknown>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: filter.map((f) => safeEncode(JSON.stringify(f) ?? 'null').slice(0, 8000)) },
    { weight: 2, arbitrary: badJson.map(safeEncode) },
    { weight: 1, arbitrary: pathSegment },
  )
