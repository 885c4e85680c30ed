import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../api/client'
import { storeTokens } from '../api/session-storage'
import { flushOutbox } from './outbox-sender'
import { entriesOf, putEntry, type OutboxEntry } from './outbox-store'

const entry = (key: string, createdAt: number, user = 'u1'): OutboxEntry => ({
  key,
  user,
  route: 'upload-single',
  body: { supplierId: 1, deviceOwnerId: null, productTypeId: 2, recordTypeId: 3, fileName: null, data: {} },
  title: key,
  reopen: '/DataEntry',
  createdAt,
  state: 'waiting',
})

/** Signs `sub` in: the outbox sends a user's entries only while the session is theirs. */
const signIn = (sub: string) =>
  storeTokens({
    token: `e30.${btoa(JSON.stringify({ sub, ITRSubmitter: true }))}.sig`,
    expires: Math.floor(Date.now() / 1000) + 600,
    refresh_token: `r-${sub}`,
  })

beforeEach(() => {
  localStorage.clear()
  signIn('u1')
})

describe('the outbox (issue #18.2)', () => {
  it('sends in the order saved, keeps each key on every try, stops while unreachable and keeps refusals', async () => {
    await putEntry(entry('b', 2))
    await putEntry(entry('a', 1))
    await putEntry(entry('c', 3))
    await putEntry(entry('other-user', 0, 'u2'))
    const tried: string[] = []

    // First run: the server cannot be reached at 'b'; 'c' is not tried out of order.
    await flushOutbox('u1', async (e) => {
      tried.push(e.key)
      if (e.key === 'b') throw new ApiError('Failed to fetch')
    })
    expect(tried).toEqual(['a', 'b'])
    expect((await entriesOf('u1')).map((e) => [e.key, e.state])).toEqual([
      ['b', 'waiting'],
      ['c', 'waiting'],
    ])

    // Connection back: 'b' again with its own key, then 'c', which the server refuses.
    await flushOutbox('u1', async (e) => {
      tried.push(e.key)
      if (e.key === 'c') throw new ApiError('Serial number NWT:1 is not within any serial range', 400)
    })
    expect(tried).toEqual(['a', 'b', 'b', 'c'])
    expect(await entriesOf('u1')).toEqual([
      expect.objectContaining({
        key: 'c',
        state: 'refused',
        message: 'API Error: Serial number NWT:1 is not within any serial range',
      }),
    ])
    // A refused record waits for its user; another user's entries are never sent.
    await flushOutbox('u1', async (e) => void tried.push(e.key))
    expect(tried).toEqual(['a', 'b', 'b', 'c'])
    expect((await entriesOf('u2')).map((e) => e.key)).toEqual(['other-user'])
  })
})
