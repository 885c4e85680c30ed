import fp from 'fastify-plugin'
import type { FastifySchemaValidationError } from 'fastify/types/schema'
import { HttpError } from '../http-error'
import { isConcurrencyAbort, sqlState } from '../db/errors'

/**
 * One error shape for every failed call: `{message, details?}`. Caller mistakes keep their 4xx and a
 * readable message; anything unexpected is logged and answered with a generic 500.
 */
export default fp(
  async (app) => {
    app.setErrorHandler(
      (error: Error & { statusCode?: number; validation?: unknown; code?: string }, request, reply) => {
        if (error instanceof HttpError) {
          return reply.status(error.statusCode).send({ message: error.message, details: error.details })
        }
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          // Fastify's own text ('Request body is too large') does not say what the limit is.
          const mb = Math.floor((request.routeOptions.bodyLimit ?? 0) / 1024 / 1024)
          return reply.status(413).send({ message: requestTooLarge(mb) })
        }
        if (error.validation) {
          return reply
            .status(400)
            .send({ message: validationMessage(error.message), details: error.validation })
        }
        // A value the database refuses (NUL in text, a number past the column) is the caller's mistake.
        const dataProblem = dataExceptionMessage(sqlState(error))
        if (dataProblem) return reply.status(400).send({ message: dataProblem })
        // PostgreSQL rolled the transaction back to break a deadlock (or a serialization failure) with a
        // concurrent writer: nothing was saved and the same request can succeed, so not a server fault.
        if (isConcurrencyAbort(error)) {
          request.log.warn({ err: error }, 'transaction rolled back by a concurrent one')
          return reply.status(409).send({ message: CONCURRENT_WRITE })
        }
        const status = error.statusCode ?? 500
        if (status < 500) return reply.status(status).send({ message: error.message })
        request.log.error({ err: error }, 'unhandled error')
        return reply.status(500).send({ message: 'Internal server error' })
      },
    )
  },
  { name: 'errors' },
)

/** The answer when the database stopped a write because of a concurrent one (deadlock, serialization). */
export const CONCURRENT_WRITE =
  'Someone else changed the same data at the same moment, so nothing was saved. Send it again.'

/** The refusal of a request body past the route's limit. */
export const requestTooLarge = (mb: number) =>
  `The request is larger than the ${mb} MB limit; nothing was stored.`

/**
 * The message for a PostgreSQL data exception (SQLSTATE class 22) that slipped past the schemas; a
 * safety net — routes should refuse such values first.
 */
function dataExceptionMessage(state: string | undefined): string | undefined {
  if (!state?.startsWith('22')) return undefined
  if (state === '22021' || state === '22P05') return 'Text must not contain the NUL character (U+0000).'
  if (state === '22001') return 'A text in the request is too long.'
  if (state === '22007' || state === '22008') return 'A date in the request is not valid.'
  return 'A value in the request is out of range or not in the expected form.'
}

function validationMessage(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1)
}

/**
 * Turns ajv's errors into one message: a schema's own `errorMessage` (a SPEC text) is used as is;
 * otherwise "body/name must be string" style, naming the request part and the field.
 */
export function schemaErrorFormatter(errs: FastifySchemaValidationError[], dataVar: string): Error {
  const own = errs.find((e) => e.keyword === 'errorMessage')
  const first = own ?? errs[0]
  const message = own
    ? own.message
    : `${dataVar}${first?.instancePath ?? ''} ${first?.message ?? 'is not valid'}`
  return Object.assign(new Error(message ?? 'Request is not valid'), { validation: errs, statusCode: 400 })
}
