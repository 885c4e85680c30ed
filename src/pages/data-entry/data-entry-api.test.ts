import { beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../api/client'
import { dataEntryApi } from './data-entry-api'

vi.mock('../../api/client', () => ({ api: { post: vi.fn(), put: vi.fn() } }))
const mocked = vi.mocked(api)

const body = { supplierId: 1, productTypeId: 2, recordTypeId: 3, fileName: null, data: {} }

describe('dataEntryApi.submit', () => {
  beforeEach(() => {
    mocked.post.mockReset().mockResolvedValue({ recordId: 9, message: 'ok' })
    mocked.put.mockReset().mockResolvedValue({ recordId: 5, message: 'ok' })
  })

  it('posts a new record without a revision link', async () => {
    await dataEntryApi.submit('upload-single', body)
    expect(mocked.post.mock.calls[0][1]).toBe('/api/InstrumentTest/upload-single/')
  })

  it('posts an edited record of another category as a revision of the original (audit trail)', async () => {
    await dataEntryApi.submit('despatch', body, 42)
    expect(mocked.post.mock.calls[0][0]).toBe('submission')
    expect(mocked.post.mock.calls[0][1]).toBe('/api/InstrumentTest/despatch/?revisionOf=42')
  })

  it('puts an edited Problem Report in place', async () => {
    await dataEntryApi.submit('edit', body, 5)
    expect(mocked.put.mock.calls[0][1]).toBe('/api/InstrumentTest/Record/5')
    expect(mocked.post).not.toHaveBeenCalled()
  })
})
