import { describe, expect, it } from 'vitest'
import { shortPageTotal } from './paging'

describe('shortPageTotal', () => {
  it('tells the total of a last page that has rows, or of an empty first page', () => {
    expect(shortPageTotal(1, 10, 3)).toBe(3)
    expect(shortPageTotal(3, 10, 8)).toBe(28)
    expect(shortPageTotal(1, 10, 0)).toBe(0)
  })

  it('cannot tell from a full page or from one past the end', () => {
    expect(shortPageTotal(1, 10, 10)).toBeUndefined()
    expect(shortPageTotal(4, 10, 0)).toBeUndefined()
  })
})
