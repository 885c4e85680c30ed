import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { storeTokens, clearSession } from '../api/session-storage'
import { writeDraft, removeDraft } from '../drafts/draft-store'
import { entriesOf, putEntry, removeEntry, type OutboxEntry } from '../drafts/outbox-store'
import { logOutQuestion, useLogOut } from './use-log-out'

const entry = (key: string, state: OutboxEntry['state']): OutboxEntry => ({
  key,
  user: 'u-9',
  route: 'upload-single',
  body: {} as OutboxEntry['body'],
  title: 'Meter Test — NWT:1',
  reopen: '/DataEntry?recordtype=1',
  createdAt: Date.now(),
  state,
})

describe('the Log Out question (issue #18, audit walk-csv)', () => {
  it('names drafts with the grammar of one and of many', () => {
    expect(logOutQuestion({ drafts: 1, waiting: 0, refused: 0 })).toBe(
      'You have 1 unsaved draft on this device. It stays here for your next sign-in. Log Out anyway?',
    )
    expect(logOutQuestion({ drafts: 2, waiting: 0, refused: 0 })).toBe(
      'You have 2 unsaved drafts on this device. They stay here for your next sign-in. Log Out anyway?',
    )
  })

  it('names records waiting in the outbox and when they are sent', () => {
    expect(logOutQuestion({ drafts: 0, waiting: 1, refused: 0 })).toBe(
      '1 record is waiting to be sent. It will be sent at your next sign-in on this device. Log Out anyway?',
    )
    expect(logOutQuestion({ drafts: 1, waiting: 3, refused: 0 })).toBe(
      'You have 1 unsaved draft on this device. It stays here for your next sign-in. ' +
        '3 records are waiting to be sent. They will be sent at your next sign-in on this device. ' +
        'Log Out anyway?',
    )
  })

  it('names records the server refused, which stay in the outbox', () => {
    expect(logOutQuestion({ drafts: 0, waiting: 0, refused: 2 })).toBe(
      '2 records were refused by the server; they stay in the outbox here for your next sign-in. Log Out anyway?',
    )
  })
})

describe('useLogOut', () => {
  afterEach(async () => {
    clearSession()
    for (const e of await entriesOf('u-9')) await removeEntry(e.key)
  })

  it('asks before signing out a user whose records wait in the outbox, though no draft is kept', async () => {
    storeTokens({
      token: `e30.${btoa(JSON.stringify({ sub: 'u-9', ITRSubmitter: true }))}.sig`,
      expires: Math.floor(Date.now() / 1000) + 600,
      refresh_token: 'r-9',
    })
    await putEntry(entry('k1', 'waiting'))
    await putEntry(entry('k2', 'sending'))
    const { result } = renderHook(() => useLogOut())
    await act(async () => {
      result.current.logOut()
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(result.current.question).toBe(
      '2 records are waiting to be sent. They will be sent at your next sign-in on this device. Log Out anyway?',
    )
  })

  it('counts the user’s drafts and outbox records together', async () => {
    storeTokens({
      token: `e30.${btoa(JSON.stringify({ sub: 'u-9', ITRSubmitter: true }))}.sig`,
      expires: Math.floor(Date.now() / 1000) + 600,
      refresh_token: 'r-9',
    })
    const scope = {
      user: 'u-9',
      recordTypeId: 1,
      productTypeId: 2,
      supplierId: 3,
      ownerId: null,
      recordId: null,
    }
    await writeDraft(scope, { a: 1 })
    await putEntry(entry('k3', 'waiting'))
    const { result } = renderHook(() => useLogOut())
    await act(async () => {
      result.current.logOut()
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(result.current.question).toBe(
      'You have 1 unsaved draft on this device. It stays here for your next sign-in. ' +
        '1 record is waiting to be sent. It will be sent at your next sign-in on this device. Log Out anyway?',
    )
    await removeDraft(scope)
  })
})
