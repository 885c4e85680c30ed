import { describe, expect, it } from 'vitest'
import { switchKind, urlTypeOf } from './use-survey-repair-edit'

describe('survey/repair edit rules', () => {
  it('accepts item, rdesc and fdesc in the URL, defaulting to item only for a new entry', () => {
    expect(urlTypeOf('item', false)).toBe('item')
    expect(urlTypeOf('rdesc', false)).toBe('rdesc')
    expect(urlTypeOf('fdesc', true)).toBe('fdesc')
    expect(urlTypeOf(null, true)).toBe('item')
    expect(urlTypeOf(null, false)).toBeNull()
    expect(urlTypeOf('bogus', true)).toBeNull()
  })

  it("drops the other kind's fields when the kind changes", () => {
    expect(
      switchKind(
        { kind: 'item', name: 'x', productTypeId: 5 },
        { kind: 'descriptive', name: 'x', productTypeId: 5 },
      ),
    ).toEqual({
      kind: 'descriptive',
      name: 'x',
      descriptiveType: undefined,
    })
    expect(
      switchKind(
        { kind: 'descriptive', descriptiveType: 'Fault' },
        { kind: 'item', descriptiveType: 'Fault' },
      ),
    ).toEqual({ kind: 'item', productTypeId: undefined })
    const same = { kind: 'item' as const, name: 'y', productTypeId: 3 }
    expect(switchKind(same, same)).toBe(same)
  })
})
