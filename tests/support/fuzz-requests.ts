import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import type { RoleView } from '../../schemas/roles'
import {
  badJson,
  filterSegment,
  fromSchema,
  hostileString,
  junkValue,
  pathSegment,
  productsFilter,
  recordsFilter,
  safeEncode,
} from './fuzz-arbitraries'
import type { RouteInfo } from './fuzz-routes'

/** One generated call: who makes it and what it sends. */
export interface FuzzRequest {
  as?: Exclude<RoleView, 'none'>
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

/** The request in a line, huge values cut, for failure reports. */
export const describeRequest = (r: FuzzRequest) =>
  `${r.as ?? 'anonymous'} ${r.method} ${r.url.slice(0, 300)} [${r.headers['content-type'] ?? ''}] ${String(
    r.payload ?? '',
  ).slice(0, 300)}`

const SIGNED_IN: Exclude<RoleView, 'none'>[] = ['viewAll', 'configurator', 'internal', 'supplier']

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])

/** The path segment arbitrary of one parameter: filters get filter JSON, everything else ids and junk. */
function segmentFor(route: RouteInfo, name: string): fc.Arbitrary<string> {
  if (name !== 'filter') return pathSegment
  return filterSegment(route.url.includes('/assets/') ? productsFilter : recordsFilter)
}

/** A body for the route: its schema's shape with hostile content, broken JSON, or the wrong kind of body. */
type Body = { contentType?: string; payload?: string | Buffer }

function bodyFor(route: RouteInfo): fc.Arbitrary<Body> {
  const isForm = route.url.endsWith('/api/token') || route.url.endsWith('/api/logout')
  const isUpload = route.url.endsWith('/formDocuments') && route.method === 'POST'
  const shaped = fromSchema(route.schema.body ?? {}).map((value): Body =>
    isForm
      ? {
          contentType: 'application/x-www-form-urlencoded',
          payload: new URLSearchParams(
            Object.entries(value && typeof value === 'object' ? value : { value }).map(
              ([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)],
            ),
          ).toString(),
        }
      : { contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' },
  )
  const variants: { weight: number; arbitrary: fc.Arbitrary<Body> }[] = [
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: badJson.map((payload) => ({ contentType: 'application/json', payload })) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=zz',
          'multipart/form-data',
          'application/json; charset=utf-16',
        ),
        payload: hostileString,
      }),
    },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
  ]
  if (isUpload) variants.push({ weight: 4, arbitrary: multipartJunk })
  return fc.oneof(...variants)
}

/** Multipart bodies with hostile file names, field names and contents. */
const multipartJunk = fc
  .record({
    field: fc.constantFrom('file', 'file', 'documentType', 'other'),
    filename: fc.oneof(
      fc.constantFrom('a.pdf', 'a.PDF', 'x.exe', '../../etc/passwd.pdf', 'a.pdf.exe', '.pdf', 'a', 'x.svg'),
      hostileString,
    ),
    content: fc.oneof(
      fc.constantFrom(
        '%PDF-1.4\n%%EOF',
        '<svg onload="alert(1)"></svg>',
        '<html></html>',
        'PK\u0003\u0004word/',
      ),
      fc.string({ maxLength: 200 }),
    ),
    closed: fc.boolean(),
  })
  .map(({ field, filename, content, closed }) => {
    const boundary = 'fuzzboundary'
    const safeName = filename.replace(/[\r\n"]/g, '_').slice(0, 300)
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${safeName}"\r\nContent-Type: application/octet-stream\r\n\r\n`
    return {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.from(`${head}${content}\r\n${closed ? `--${boundary}--\r\n` : ''}`),
    }
  })

/** A query string from the route's querystring schema (plus junk keys). */
function queryFor(route: RouteInfo): fc.Arbitrary<string> {
  if (!route.schema.querystring) return fc.constant('')
  return fc
    .tuple(fromSchema(route.schema.querystring), fc.option(fc.tuple(hostileString, hostileString)))
    .map(([value, extra]) => {
      const entries = Object.entries(value && typeof value === 'object' ? value : {}).map(
        ([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')] as [string, string],
      )
      if (extra) entries.push(extra)
      const qs = entries.map(([k, v]) => `${safeEncode(k)}=${safeEncode(v)}`).join('&')
      return qs ? `?${qs}` : ''
    })
}

/** Every call the fuzzer may make on `route`, as a signed-in view it admits (or anonymously when public). */
export function requestsFor(route: RouteInfo): fc.Arbitrary<FuzzRequest> {
  const views = route.public ? [undefined] : (route.views ?? SIGNED_IN).filter((v) => v !== 'none')
  const segments = fc.tuple(...paramNames(route.url).map((name) => segmentFor(route, name)))
  const hasBody = !['GET', 'DELETE'].includes(route.method) || route.schema.body !== undefined
  return fc
    .record({
      as: fc.constantFrom(...views),
      segments,
      query: queryFor(route),
      body: hasBody ? bodyFor(route) : fc.constant<Body>({}),
      junkHeader: fc.option(junkValue.map((v) => String(JSON.stringify(v)).slice(0, 200))),
    })
    .map(({ as, segments: values, query, body, junkHeader }) => {
      let i = 0
      const path = route.url.replace(/:([A-Za-z]+)/g, () => values[i++])
      const headers: Record<string, string> = {}
      if (body.contentType) headers['content-type'] = body.contentType
      // An Idempotency-Key of any text must not break anything either.
      if (junkHeader) headers['idempotency-key'] = junkHeader.replace(/[^\x20-\x7e]/g, '?')
      return {
        as: as as FuzzRequest['as'],
        method: route.method,
        url: `${path}${query}`,
        headers,
        payload: body.payload,
      }
    })
}

/** The inject options of a generated request with its bearer token. */
export const injectOptions = (request: FuzzRequest, token: string | undefined): InjectOptions => ({
  method: request.method as InjectOptions['method'],
  url: request.url,
  headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  ...(request.payload !== undefined ? { payload: request.payload } : {}),
})
