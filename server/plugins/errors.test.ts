import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import errors, { CONCURRENT_WRITE } from './errors'

/** The error handler's answers for database errors that are not the server's fault. */
describe('error handler', () => {
  async function answerTo(thrown: Error) {
    const app = Fastify({ logger: false })
    await app.register(errors)
    app.get('/boom', async () => {
      throw thrown
    })
    const res = await app.inject({ method: 'GET', url: '/boom' })
    await app.close()
    return { status: res.statusCode, body: res.json() as { message: string } }
  }
  const pgError = (code: string) => Object.assign(new Error('database says no'), { code })

  it('answers a deadlock or serialization failure with 409 and says to send it again', async () => {
    for (const code of ['40P01', '40001'])
      expect(await answerTo(pgError(code))).toEqual({ status: 409, body: { message: CONCURRENT_WRITE } })
  })

  it('answers a data exception with 400 and anything else unexpected with a generic 500', async () => {
    expect((await answerTo(pgError('22001'))).status).toBe(400)
    expect(await answerTo(pgError('XX000'))).toEqual({
      status: 500,
      body: { message: 'Internal server error' },
    })
  })
})
