import { describe, expect, it } from 'vitest'
import { ChunkedWrites, FIRST_CHUNK_ROWS } from '../../server/submissions/csv-writes'
import type { PreparedRecord } from '../../server/submissions/types'

/**
 * A write that failed (a deadlock, say) aborts the upload's transaction: any statement the row checks
 * send after it fails only with "current transaction is aborted". The upload answers the write's error,
 * which says what happened (and is mapped to a 409), not the aborted statement's.
 */
describe('ChunkedWrites.causeOf', () => {
  const row = {} as PreparedRecord

  it('answers a failed write’s error instead of a later statement’s', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' })
    const writes = new ChunkedWrites(() => Promise.reject(deadlock), false)
    for (let i = 0; i < FIRST_CHUNK_ROWS; i++) await writes.add(row)
    expect(writes.failed).toBe(true)
    const aborted = Object.assign(new Error('current transaction is aborted'), { code: '25P02' })
    expect(writes.causeOf(aborted)).toBe(deadlock)
  })

  it('answers the error itself while every write succeeded', async () => {
    const writes = new ChunkedWrites(() => Promise.resolve(), false)
    for (let i = 0; i < FIRST_CHUNK_ROWS; i++) await writes.add(row)
    const other = new Error('lookup failed')
    expect(writes.causeOf(other)).toBe(other)
    await writes.finish()
  })
})
