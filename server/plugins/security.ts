import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import { badRequest } from '../http-error'

/** What a request may not carry anywhere: PostgreSQL text cannot hold it, and no user types it. */
export const NUL_MESSAGE = 'Text must not contain the NUL character (U+0000).'

/**
 * Browser features the SPA uses: the camera for barcode scanning (SPEC §2), nothing else. Only features
 * Chromium recognises: an unknown one ('bluetooth') logged a console error on every page load.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'interest-cohort=()',
].join(', ')

/** HSTS for a year once the app is reached over TLS (directly or through a proxy that says so). */
export const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Security headers (OWASP ASVS V14.4) and one input rule.
 *
 * - CSP: scripts from this origin only, never inline and never `eval` ('unsafe-inline' and
 *   'unsafe-eval' are absent for scripts; inline event-handler attributes are blocked by
 *   script-src-attr 'none'). The SPA compiles no code at run time: schemas known at build time are
 *   ajv standalone code (schemas/validation), record-field and data-built rjsf schemas run on an
 *   interpreting validator (runtime/validation). Styles may be inline because react-bootstrap and
 *   Monaco set style attributes. See docs/security.md.
 * - Referrer-Policy no-referrer, Permissions-Policy (camera for scanning only), frame-ancestors 'none',
 *   nosniff; HSTS only on HTTPS requests (X-Forwarded-Proto is trusted), so plain-HTTP development works.
 * - Service responses are `Cache-Control: no-store` unless the route says otherwise.
 * - A NUL character anywhere in the path, query or JSON body is refused with a 400 before any handler.
 */
export default fp(
  async (app, opts: { connectSources: string[] }) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          workerSrc: ["'self'", 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          // The document viewer shows a PDF in a frame from the blob it downloaded (SPEC §2); without this
          // default-src blocked it ('This content is blocked').
          frameSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", ...opts.connectSources],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    })
    headers['Permissions-Policy'] = PERMISSIONS_POLICY
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })

    // Callback hooks, not async ones: an async hook costs every request a promise and its microtasks.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS)
      if (request.url.startsWith('/svc/') && !reply.hasHeader('Cache-Control'))
        reply.header('Cache-Control', 'no-store')
      done(null, payload)
    })

    app.addHook('preValidation', (request, _reply, done) => {
      if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body))
        return done(badRequest(NUL_MESSAGE))
      done()
    })
  },
  { name: 'security' },
)

/**
 * The headers helmet sets for `options`, worked out once. @fastify/helmet built helmet's middleware
 * anew on every request (parsing the CSP directives each time: ~0.1 ms of a ~1.5 ms records page,
 * docs/performance.md); the set is the same for every request, so it is recorded here from helmet's
 * own middleware and given to each reply as it is.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  }
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

/** Whether any string (or key) in a parsed JSON value contains U+0000. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (!value || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return false
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1))
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1))
}
