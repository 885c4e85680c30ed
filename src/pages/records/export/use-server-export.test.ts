import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Job } from '../../../../schemas/records'
import { ApiError } from '../../../api/client'
import { exportApi, saveBlob } from './export-api'
import { EXPORT_BANNER_MS, useServerExport } from './use-server-export'

vi.mock('./export-api', () => ({
  exportApi: { start: vi.fn(), job: vi.fn(), download: vi.fn() },
  saveBlob: vi.fn(),
}))

const job = (status: Job['status'], rows?: number): Job => ({
  id: 7,
  kind: 'excelExport',
  status,
  createdAt: '2024-01-01T00:00:00Z',
  result: rows == null ? null : { rows },
})

beforeEach(() => {
  vi.useFakeTimers()
  vi.mocked(exportApi.start).mockResolvedValue({
    message: 'Request logged, you will receive an email with the results.',
    jobId: 7,
    status: 'running',
    delivery: 'outbox',
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
})

const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)))

describe('useServerExport', () => {
  it('shows the SPEC banner for 5000 ms, follows the job until it is done, then downloads it', async () => {
    vi.mocked(exportApi.job).mockResolvedValueOnce(job('running')).mockResolvedValueOnce(job('done', 3))
    vi.mocked(exportApi.download).mockResolvedValue(new Blob(['x']))
    const { result } = renderHook(() => useServerExport())
    await act(
      async () => void (await result.current.start({ filters: [{ field: 'category', value: 'all' }] })),
    )
    expect(exportApi.start).toHaveBeenCalledWith({ filters: [{ field: 'category', value: 'all' }] })
    expect(result.current.banner).toBe('Request logged, you will receive an email with the results.')
    expect(result.current.job).toMatchObject({ id: 7, status: 'running' })

    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)))
    await flush()
    expect(result.current.job?.status).toBe('running')
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)))
    await flush()
    expect(result.current.job).toMatchObject({ status: 'done', rows: 3 })
    expect(exportApi.job).toHaveBeenCalledTimes(2)

    await act(async () => void (await vi.advanceTimersByTimeAsync(EXPORT_BANNER_MS - 2001)))
    expect(result.current.banner).not.toBeNull()
    await act(async () => void (await vi.advanceTimersByTimeAsync(2)))
    expect(result.current.banner).toBeNull()

    // Done: no more polling.
    await act(async () => void (await vi.advanceTimersByTimeAsync(5000)))
    expect(exportApi.job).toHaveBeenCalledTimes(2)

    await act(async () => void (await result.current.download()))
    expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'records-export-7.xlsx')
  })

  it("shows 'API Error: …' when the export cannot be logged", async () => {
    vi.mocked(exportApi.start).mockRejectedValue(new ApiError('Unknown filter field colour', 400))
    const { result } = renderHook(() => useServerExport())
    let accepted = true
    await act(async () => void (accepted = await result.current.start({})))
    expect(accepted).toBe(false)
    expect(result.current.error).toBe('API Error: Unknown filter field colour')
    expect(result.current.banner).toBeNull()
  })
})
