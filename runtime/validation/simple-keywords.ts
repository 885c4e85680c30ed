import { fullFormats } from 'ajv-formats/dist/formats'
import {
  deepEqual,
  isType,
  ucs2length,
  type KeywordCheck,
  type KeywordContext,
  type Schema,
} from './keywords'

type Format = RegExp | ((value: string) => boolean) | { validate: RegExp | ((value: string) => boolean) }
const FORMATS = fullFormats as unknown as Record<string, Format | undefined>

function formatCheck(name: string): ((value: string) => boolean) | undefined {
  const format = FORMATS[name]
  if (!format) return undefined
  const test = typeof format === 'object' && !(format instanceof RegExp) ? format.validate : format
  return test instanceof RegExp ? (v) => test.test(v) : test
}

const LIMITS = {
  maximum: '<=',
  minimum: '>=',
  exclusiveMaximum: '<',
  exclusiveMinimum: '>',
} as const

/** Builds one keyword family's check from the keyword's value; undefined when it checks nothing. */
type Family = (
  value: unknown,
  keyword: string,
  schema: Schema,
  options: { formats: boolean },
) => KeywordCheck | undefined

/** maximum, minimum, exclusiveMaximum, exclusiveMinimum. */
const limit: Family = (value, keyword) => {
  const limit = value as number
  const comparison = LIMITS[keyword as keyof typeof LIMITS]
  const ok = {
    '<=': (d: number) => d <= limit,
    '>=': (d: number) => d >= limit,
    '<': (d: number) => d < limit,
    '>': (d: number) => d > limit,
  }[comparison]
  return (c) => {
    if (!ok(c.data as number)) c.fail({ comparison, limit }, `must be ${comparison} ${limit}`)
  }
}

const multipleOf: Family = (value) => {
  const multipleOf = value as number
  return (c) => {
    if (((c.data as number) / multipleOf) % 1 !== 0)
      c.fail({ multipleOf }, `must be multiple of ${multipleOf}`)
  }
}

/** maxLength, minLength. */
const length: Family = (value, keyword) => {
  const limit = value as number
  const more = keyword === 'maxLength'
  return (c) => {
    const length = ucs2length(c.data as string)
    if (more ? length > limit : length < limit)
      c.fail({ limit }, `must NOT have ${more ? 'more' : 'fewer'} than ${limit} characters`)
  }
}

const pattern: Family = (value) => {
  const pattern = value as string
  const re = new RegExp(pattern, 'u')
  return (c) => {
    if (!re.test(c.data as string)) c.fail({ pattern }, `must match pattern "${pattern}"`)
  }
}

const format: Family = (value, _keyword, _schema, options) => {
  const format = value as string
  const test = options.formats ? formatCheck(format) : undefined
  if (!test) return undefined
  return (c) => {
    if (!test(c.data as string)) c.fail({ format }, `must match format "${format}"`)
  }
}

/** maxItems, minItems, maxProperties, minProperties. */
const size: Family = (value, keyword) => {
  const limit = value as number
  const more = keyword.startsWith('max')
  const what = keyword.endsWith('Items') ? 'items' : 'properties'
  return (c) => {
    const size = Array.isArray(c.data) ? c.data.length : Object.keys(c.data as object).length
    if (more ? size > limit : size < limit)
      c.fail({ limit }, `must NOT have ${more ? 'more' : 'fewer'} than ${limit} ${what}`)
  }
}

const required: Family = (value) => {
  const required = value as string[]
  return (c) => {
    const data = c.data as Record<string, unknown>
    for (const missingProperty of required)
      if (data[missingProperty] === undefined)
        c.fail({ missingProperty }, `must have required property '${missingProperty}'`)
  }
}

const constant: Family = (value) => (c) => {
  if (!deepEqual(c.data, value)) c.fail({ allowedValue: value }, 'must be equal to constant')
}

const enumeration: Family = (value) => {
  const allowedValues = value as unknown[]
  return (c) => {
    if (!allowedValues.some((v) => deepEqual(c.data, v)))
      c.fail({ allowedValues }, 'must be equal to one of the allowed values')
  }
}

// A Map, not an object literal: a keyword such as 'constructor' must not find Object.prototype's.
const FAMILIES = new Map<string, Family>([
  ['maximum', limit],
  ['minimum', limit],
  ['exclusiveMaximum', limit],
  ['exclusiveMinimum', limit],
  ['multipleOf', multipleOf],
  ['maxLength', length],
  ['minLength', length],
  ['pattern', pattern],
  ['format', format],
  ['maxItems', size],
  ['minItems', size],
  ['maxProperties', size],
  ['minProperties', size],
  ['uniqueItems', (value, _keyword, schema) => (value === true ? uniqueItems(schema) : undefined)],
  ['required', required],
  ['const', constant],
  ['enum', enumeration],
])

/**
 * The checks of keywords that look at one value only (no sub-schemas), by keyword. `formats` says
 * whether `format` is enforced: an ajv without ajv-formats ignores unknown formats (strict off).
 */
export function simpleKeyword(
  keyword: string,
  schema: Schema,
  options: { formats: boolean },
): KeywordCheck | undefined {
  return FAMILIES.get(keyword)?.(schema[keyword], keyword, schema, options)
}

/**
 * ajv's two duplicate searches, which name different pairs: a map of scalar items when `items`
 * declares only scalar types, otherwise pairwise deep equality; both walk from the end.
 */
function uniqueItems(schema: Schema): KeywordCheck {
  const items = schema.items as Schema | undefined
  const itemTypes = items && !Array.isArray(items) && items.type !== undefined ? [items.type].flat() : []
  const scalar = itemTypes.length > 0 && !itemTypes.some((t) => t === 'object' || t === 'array')
  const report = (c: KeywordContext, i: number, j: number) =>
    c.fail({ i, j }, `must NOT have duplicate items (items ## ${j} and ${i} are identical)`)
  return (c) => {
    const data = c.data as unknown[]
    let i = data.length
    if (i <= 1) return
    if (scalar) {
      const indices = new Map<unknown, number>()
      while (i--) {
        let item = data[i]
        if (!itemTypes.some((t) => isType(t as string, item))) continue
        if (itemTypes.length > 1 && typeof item === 'string') item += '_'
        const j = indices.get(item)
        if (j !== undefined) return report(c, i, j)
        indices.set(item, i)
      }
      return
    }
    while (i--) for (let j = i; j--;) if (deepEqual(data[i], data[j])) return report(c, i, j)
  }
}
