import { describe, expect, it } from 'vitest'
import { addControl, setTitle, updateControl } from './commands'
import { createDocument } from './document'
import { COALESCE_MS, canRedo, canUndo, createHistory, record, redo, undo } from './history'

describe('history', () => {
  it('undoes and redoes commands in order', () => {
    const d0 = createDocument()
    let h = createHistory(d0)
    expect(canUndo(h)).toBe(false)
    const d1 = addControl(d0, 'checkbox', [], 0)
    h = record(h, d1)
    const d2 = setTitle(d1, 'Pump')
    h = record(h, d2)
    h = undo(h)
    expect(h.present).toBe(d1)
    h = undo(h)
    expect(h.present).toBe(d0)
    expect(undo(h)).toBe(h)
    h = redo(h)
    expect(h.present).toBe(d1)
    expect(canRedo(h)).toBe(true)
    h = redo(h)
    expect(h.present).toBe(d2)
    expect(redo(h)).toBe(h)
  })

  it('a new change after undo drops the redo branch', () => {
    const d0 = createDocument()
    let h = record(createHistory(d0), setTitle(d0, 'a'))
    h = undo(h)
    h = record(h, setTitle(d0, 'b'))
    expect(canRedo(h)).toBe(false)
    expect(h.present.layout.title).toBe('b')
    expect(h.past).toEqual([d0])
  })

  it('ignores commands that changed nothing', () => {
    const d0 = createDocument()
    const h = createHistory(d0)
    expect(record(h, setTitle(d0, ''))).toBe(h)
  })

  it('coalesces rapid typing in the same field into one undo step', () => {
    const d0 = addControl(createDocument(), 'singletext', [], 0)
    let h = createHistory(d0)
    let at = 1000
    for (const label of ['P', 'Pu', 'Pum', 'Pump']) {
      h = record(h, updateControl(h.present, [0], { label }), { coalesceKey: 'label:0', at })
      at += 200
    }
    expect(h.past).toHaveLength(1)
    // A pause longer than COALESCE_MS starts a new step, as does another field.
    h = record(h, updateControl(h.present, [0], { label: 'Pump 1' }), {
      coalesceKey: 'label:0',
      at: at + COALESCE_MS + 1,
    })
    h = record(h, updateControl(h.present, [0], { variable: 'pump' }), {
      coalesceKey: 'variable:0',
      at: at + COALESCE_MS + 2,
    })
    expect(h.past).toHaveLength(3)
    h = undo(undo(h))
    expect(h.present.layout.controls[0]).toMatchObject({ label: 'Pump' })
    h = undo(h)
    expect(h.present).toBe(d0)
  })

  it('keeps at most `limit` undo steps', () => {
    let h = createHistory(createDocument())
    for (let i = 0; i < 5; i++) h = record(h, setTitle(h.present, `t${i}`), { limit: 3 })
    expect(h.past.map((d) => d.layout.title)).toEqual(['t1', 't2', 't3'])
    expect(h.present.layout.title).toBe('t4')
  })
})
