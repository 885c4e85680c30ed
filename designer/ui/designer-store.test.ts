import { describe, expect, it } from 'vitest'
import { addControl, controlAt, createDocument, moveControl, setTitle, updateControl } from '../model'
import { DesignerStore } from './designer-store'

function storeAt(time = { now: 0 }) {
  return { store: new DesignerStore(createDocument(), () => time.now), time }
}

describe('DesignerStore', () => {
  it('records each edit as one undo step, and undo/redo walk them back and forth', () => {
    const { store, time } = storeAt()
    store.apply((d) => addControl(d, 'group', [], 0))
    time.now = 5000
    store.apply((d) => addControl(d, 'testField:numeric', [0], 0))
    expect(store.doc.layout.controls[0]).toMatchObject({ type: 'group', children: [{ testType: 'numeric' }] })
    store.undo()
    expect(store.doc.layout.controls[0]).toMatchObject({ type: 'group', children: [] })
    store.undo()
    expect(store.doc.layout.controls).toEqual([])
    store.redo()
    store.redo()
    expect(store.doc.layout.controls[0]).toMatchObject({ children: [{ testType: 'numeric' }] })
  })

  it('coalesces typing with one key into one step', () => {
    const { store, time } = storeAt()
    for (const [i, title] of ['I', 'In', 'Ins'].entries()) {
      time.now = i * 100
      store.apply((d) => setTitle(d, title), { coalesceKey: 'title' })
    }
    store.undo()
    expect(store.doc.layout.title).toBe('')
  })

  it('adds no undo step for a command that changes nothing, and notifies only on change', () => {
    const { store } = storeAt()
    let calls = 0
    store.subscribe(() => calls++)
    store.apply((d) => updateControl(d, [3], { label: 'x' }))
    expect(store.getSnapshot().history.past).toHaveLength(0)
    expect(calls).toBe(0)
  })

  it('keeps the selection while it points at a control, and drops it when undo removes the control', () => {
    const { store } = storeAt()
    store.apply((d) => addControl(d, 'singletext', [], 0), { select: [0] })
    expect(store.getSnapshot().selected).toBe(store.doc.layout.controls[0].id)
    store.undo()
    expect(store.getSnapshot().selected).toBeNull()
    store.select([4])
    expect(store.getSnapshot().selected).toBeNull()
  })

  it('keeps the selection on the same control through a move, its undo and redo (issue #13.4)', () => {
    const { store } = storeAt()
    for (const kind of ['singletext', 'checkbox', 'datepicker'] as const)
      store.apply((d) => addControl(d, kind, [], d.layout.controls.length))
    const labelAt = () => controlAt(store.doc.layout.controls, store.selectedPath!)
    store.select([0])
    expect(labelAt()).toMatchObject({ type: 'singletext' })
    // The selected text moves to the end: still the text, now at [2].
    store.apply((d) => moveControl(d, [0], [], 2))
    expect(store.selectedPath).toEqual([2])
    expect(labelAt()).toMatchObject({ type: 'singletext' })
    store.undo()
    expect(store.selectedPath).toEqual([0])
    expect(labelAt()).toMatchObject({ type: 'singletext' })
    store.redo()
    expect(store.selectedPath).toEqual([2])
    // Another control at the old place is not selected by accident.
    expect(controlAt(store.doc.layout.controls, [0])).toMatchObject({ type: 'checkbox' })
  })

  it('applies valid JSON from the JSON view and keeps the design for invalid JSON', () => {
    const { store } = storeAt()
    store.apply((d) => addControl(d, 'singletext', [], 0))
    const before = store.doc
    expect(store.replaceLayoutJson('{"version":1,"title":"T","controls":[')).not.toEqual([])
    expect(store.doc).toBe(before)
    const issues = store.replaceLayoutJson(
      JSON.stringify({ ...before.layout, controls: [{ ...before.layout.controls[0], label: 'Serial' }] }),
    )
    expect(issues).toEqual([])
    expect(store.doc.layout.controls[0]).toMatchObject({ label: 'Serial' })
    store.undo()
    expect(store.doc.layout.controls[0]).toMatchObject({ label: 'Text' })
  })

  it('treats re-indented JSON of the same design as no change', () => {
    const { store } = storeAt()
    store.apply((d) => addControl(d, 'checkbox', [], 0))
    const past = store.getSnapshot().history.past.length
    store.replaceLayoutJson(JSON.stringify(store.doc.layout, null, 4))
    expect(store.getSnapshot().history.past.length).toBe(past)
  })
})
