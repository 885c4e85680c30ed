import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useResource } from './use-resource'

/** Every render's view of a resource whose answer is its key, as a grid would read it. */
function Probe({ id, seen }: { id: string; seen: { id: string; loading: boolean; data?: string }[] }) {
  const res = useResource(async () => `answer ${id}`, [id])
  seen.push({ id, loading: res.loading, data: res.data })
  return null
}

describe('useResource', () => {
  it("never shows the previous key's answer as loaded once the key changed (s12)", async () => {
    const seen: { id: string; loading: boolean; data?: string }[] = []
    const { rerender } = render(<Probe id="a" seen={seen} />)
    await act(async () => {})
    expect(seen.at(-1)).toEqual({ id: 'a', loading: false, data: 'answer a' })
    seen.length = 0
    rerender(<Probe id="b" seen={seen} />)
    await act(async () => {})
    // The impact case page's grid waited for aria-busy=false and read the old answer in the frame between
    // the change and the effect that loads for it.
    for (const view of seen) if (!view.loading) expect(view.data).toBe(`answer ${view.id}`)
    expect(seen.at(-1)).toEqual({ id: 'b', loading: false, data: 'answer b' })
  })
})
