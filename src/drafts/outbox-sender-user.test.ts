import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { navigation } from '../api/client'
import { clearSession, storeTokens } from '../api/session-storage'
import { flushOutbox } from './outbox-sender'
import { entriesOf, putEntry, type OutboxEntry } from './outbox-store'

/** Audit s9 S1: a run of the outbox belongs to one user and never sends under another user's token. */
const tokenOf = (sub: string) => `e30.${btoa(JSON.stringify({ sub, ITRSubmitter: true }))}.sig`
const signIn = (sub: string) =>
  storeTokens({
    token: tokenOf(sub),
    expires: Math.floor(Date.now() / 1000) + 600,
    refresh_token: `r-${sub}`,
  })
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const entry = (key: string, user: string, createdAt: number): OutboxEntry => ({
  key,
  user,
  route: 'upload-single',
  body: { supplierId: 1, deviceOwnerId: null, productTypeId: 2, recordTypeId: 3, fileName: null, data: {} },
  title: key,
  reopen: '/DataEntry',
  createdAt,
  state: 'waiting',
})

const states = async (user: string) => (await entriesOf(user)).map((e) => [e.key, e.state])

/** A promise resolved from outside. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

beforeEach(() => {
  localStorage.clear()
  navigation.toLogin = vi.fn()
})
afterEach(() => vi.unstubAllGlobals())

describe('an outbox run belongs to its user', () => {
  it('sends nothing of a user who is not the one signed in', async () => {
    await putEntry(entry('n1', 'absent', 1))
    signIn('present')
    const tried: string[] = []
    await flushOutbox('absent', async (e) => void tried.push(e.key))
    expect(tried).toEqual([])
    expect(await states('absent')).toEqual([['n1', 'waiting']])
  })

  it('stops as soon as the session changes hands, the rest waiting for their user', async () => {
    await putEntry(entry('a1', 'alice', 1))
    await putEntry(entry('a2', 'alice', 2))
    signIn('alice')
    const tried: string[] = []
    await flushOutbox('alice', async (e) => {
      tried.push(e.key)
      // While a1 is on its way, Alice logs out and Bob signs in (this tab or another).
      clearSession()
      signIn('bob')
    })
    expect(tried).toEqual(['a1'])
    expect(await states('alice')).toEqual([['a2', 'waiting']])

    // Back as Alice, the rest goes.
    signIn('alice')
    await flushOutbox('alice', async (e) => void tried.push(e.key))
    expect(tried).toEqual(['a1', 'a2'])
  })

  it("does not hand one user's flush the run of another", async () => {
    await putEntry(entry('c1', 'carol', 1))
    await putEntry(entry('c2', 'carol', 2))
    await putEntry(entry('d1', 'dave', 3))
    signIn('carol')
    const tried: string[] = []
    const held = deferred()
    const carol = flushOutbox('carol', async (e) => {
      tried.push(e.key)
      await held.promise
    })
    await vi.waitFor(() => expect(tried).toEqual(['c1']))
    signIn('dave')
    // Dave's flush is his own run, not Carol's still in progress.
    const dave = flushOutbox('dave', async (e) => void tried.push(e.key))
    held.resolve()
    await Promise.all([carol, dave])
    expect(tried).toEqual(['c1', 'd1'])
    expect(await states('carol')).toEqual([['c2', 'waiting']])
    expect(await states('dave')).toEqual([])
  })

  it("does not resend a submission in flight at Log Out with the next user's token", async () => {
    await putEntry(entry('e1', 'erin', 1))
    signIn('erin')
    const firstAnswer = deferred<Response>()
    const sent: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL, init: RequestInit = {}) => {
        const path = String(url)
        if (path.includes('/api/token'))
          return json(200, { token: tokenOf('frank'), expires: 4_000_000_000, refresh_token: 'r-frank-2' })
        sent.push((init.headers as Record<string, string>).Authorization)
        return sent.length === 1 ? firstAnswer.promise : json(200, { recordId: 9 })
      }),
    )
    const run = flushOutbox('erin')
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    // Erin logs out while her entry is on its way and Frank signs in; her token, revoked, answers 401,
    // and the client refreshes, which now finds Frank's refresh token.
    clearSession()
    signIn('frank')
    firstAnswer.resolve(json(401, {}))
    await run
    expect(sent).toEqual([`Bearer ${tokenOf('erin')}`])
    expect(await states('erin')).toEqual([['e1', 'waiting']])
  })
})
