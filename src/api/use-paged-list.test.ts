import { describe, expect, it, vi } from 'vitest'
import { renderHook, waitFor } from '@testing-library/react'
import { usePagedList, type PageFetcher } from './use-paged-list'

describe('usePagedList: the one paged-list controller', () => {
  it('loads the page for the filter and answers rows and totalCount', async () => {
    const fetchPage = vi.fn<PageFetcher<{ q: string }, string>>(async (page, size, filter) => ({
      totalCount: 42,
      result: [`${filter.q}:${page}:${size}`],
    }))
    const { result, rerender } = renderHook(({ page }) => usePagedList(fetchPage, page, 10, { q: 'a' }), {
      initialProps: { page: 0 },
    })
    await waitFor(() => expect(result.current.rows).toEqual(['a:0:10']))
    expect(result.current).toMatchObject({ totalCount: 42, loading: false, error: null })
    rerender({ page: 1 })
    await waitFor(() => expect(result.current.rows).toEqual(['a:1:10']))
    // The same query again is no new call.
    rerender({ page: 1 })
    expect(fetchPage).toHaveBeenCalledTimes(2)
  })

  it('aborts an older request when the query changes, and skips without a call', async () => {
    const signals: AbortSignal[] = []
    const fetchPage: PageFetcher<{ q: string }, string> = (_page, _size, filter, signal) => {
      signals.push(signal)
      return new Promise((resolve) => setTimeout(() => resolve({ totalCount: 1, result: [filter.q] }), 10))
    }
    const { result, rerender } = renderHook(({ q }) => usePagedList(fetchPage, 0, 10, { q }), {
      initialProps: { q: 'old' },
    })
    rerender({ q: 'new' })
    await waitFor(() => expect(result.current.rows).toEqual(['new']))
    expect(signals[0].aborted).toBe(true)

    const never = vi.fn<PageFetcher<object, string>>()
    const skipped = renderHook(() => usePagedList(never, 0, 10, {}, { skip: true }))
    await waitFor(() => expect(skipped.result.current.loading).toBe(false))
    expect(skipped.result.current).toMatchObject({ rows: [], totalCount: 0 })
    expect(never).not.toHaveBeenCalled()
  })
})
