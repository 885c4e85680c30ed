import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { postWithProgress } from '../../api/upload-request'
import { useCsvUpload } from './use-csv-upload'

vi.mock('../../api/upload-request', () => ({ postWithProgress: vi.fn(async () => ({ records: 1 })) }))

const IDS = { supplierId: 1, productTypeId: 2, recordTypeId: 3 }
const MB = 1024 * 1024

describe('useCsvUpload', () => {
  it('refuses a file one byte over 20 MB before sending anything', async () => {
    const { result } = renderHook(() => useCsvUpload(IDS))
    await act(() => result.current.upload(new File([new Uint8Array(20 * MB + 1)], 'big.csv')))
    expect(result.current.status).toBe('error')
    expect(result.current.message).toBe('The file is larger than the 20 MB limit.')
    expect(postWithProgress).not.toHaveBeenCalled()
  })

  it('sends a file of exactly 20 MB', async () => {
    const { result } = renderHook(() => useCsvUpload(IDS))
    await act(() => result.current.upload(new File([new Uint8Array(20 * MB)], 'full.csv')))
    expect(postWithProgress).toHaveBeenCalledTimes(1)
    expect(result.current.status).toBe('done')
  })
})
