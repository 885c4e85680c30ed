import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useDebounced } from './use-debounced'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useDebounced', () => {
  it('follows a value only after it has stayed the same for the delay', () => {
    const { result, rerender } = renderHook(({ v }) => useDebounced(v, 250), { initialProps: { v: 'a' } })
    rerender({ v: 'ab' })
    act(() => void vi.advanceTimersByTime(200))
    rerender({ v: 'abc' })
    act(() => void vi.advanceTimersByTime(200))
    expect(result.current).toBe('a')
    act(() => void vi.advanceTimersByTime(60))
    expect(result.current).toBe('abc')
  })

  it('follows at once when the change is one that should not wait', () => {
    const immediate = (next: { page: number }, shown: { page: number }) => next.page !== shown.page
    const { result, rerender } = renderHook(({ q }) => useDebounced(q, 250, immediate), {
      initialProps: { q: { page: 0 } },
    })
    const next = { page: 1 }
    rerender({ q: next })
    expect(result.current).toBe(next)
  })
})
