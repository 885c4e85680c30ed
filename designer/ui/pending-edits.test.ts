import { describe, expect, it } from 'vitest'
import { addControl, createDocument, removeControl, updateControl } from '../model'
import type { Control } from '../../schemas/form-layout'
import { DesignerStore } from './designer-store'
import { describeJsonProblems } from './json-problems'
import { hasPendingEdits, pendingEditMessages, variableDraftProblem } from './pending-edits'

const voltage: Control = { type: 'testField', testType: 'numeric', variable: 'voltage', label: 'Voltage' }
const remarks: Control = { type: 'multitext', variable: 'remarks', label: 'Remarks' }

function storeWith(...controls: Control[]) {
  return new DesignerStore(createDocument({ version: 2, title: 'T', controls }))
}

/** Audit finding 2: an invalid JSON view edit is kept as a draft beside the history, not lost. */
describe('the JSON draft in the designer store', () => {
  it('keeps invalid text and its problems outside the undo history, and a valid edit ends it', () => {
    const store = storeWith(voltage)
    const before = store.getSnapshot().history
    const text = JSON.stringify(store.doc.layout).replace('"label"', '"lable"')
    expect(store.replaceLayoutJson(text)).not.toEqual([])
    const { jsonDraft, history } = store.getSnapshot()
    expect(jsonDraft?.text).toBe(text)
    expect(jsonDraft?.problems.map((p) => p.message)).toContain('unknown property "lable"')
    expect(history).toBe(before) // not an undo step
    expect(hasPendingEdits(store.getSnapshot())).toBe(true)
    store.replaceLayoutJson(JSON.stringify({ ...store.doc.layout, title: 'New' }))
    expect(store.getSnapshot().jsonDraft).toBeNull()
    expect(store.doc.layout.title).toBe('New')
  })

  it('is discarded on request, the design keeping its last valid version', () => {
    const store = storeWith(voltage)
    store.replaceLayoutJson('{')
    store.discardJsonDraft()
    expect(store.getSnapshot().jsonDraft).toBeNull()
    expect(hasPendingEdits(store.getSnapshot())).toBe(false)
    expect(store.doc.layout.controls).toHaveLength(1)
  })

  it("lists the draft's problems for Save, named by control", () => {
    const store = storeWith(voltage)
    const typed = { ...store.doc.layout, controls: [{ ...store.doc.layout.controls[0], variable: '9volt' }] }
    store.replaceLayoutJson(JSON.stringify(typed))
    expect(pendingEditMessages(store.doc, store.getSnapshot())).toEqual([
      'The JSON view holds an edit that is not applied: "Voltage" (9volt): Variable must use letters, digits and _ only, not starting with a digit.',
    ])
  })
})

/** Audit finding 3: a variable typed in the inspector that is not valid yet is kept, named at Save. */
describe('variable drafts in the designer store', () => {
  it("are unsaved edits Save names with the inspector's message, by control", () => {
    const store = storeWith(voltage, remarks)
    const [v, r] = store.doc.layout.controls.map((c) => c.id!)
    store.setVariableDraft(v, '9volt')
    store.setVariableDraft(r, 'voltage')
    expect(hasPendingEdits(store.getSnapshot())).toBe(true)
    expect(pendingEditMessages(store.doc, store.getSnapshot())).toEqual([
      '"Voltage" (voltage): Use letters, digits and _ only, not starting with a digit.',
      '"Remarks" (remarks): Variable voltage is already defined.',
    ])
    store.setVariableDraft(v, '')
    expect(pendingEditMessages(store.doc, store.getSnapshot())[0]).toBe(
      '"Voltage" (voltage): Variable is required.',
    )
    store.setVariableDraft(v, null)
    store.setVariableDraft(r, null)
    expect(hasPendingEdits(store.getSnapshot())).toBe(false)
  })

  it('are dropped with their control (delete, undo), and when the document takes the drafted name', () => {
    const store = storeWith(voltage, remarks)
    const [v, r] = store.doc.layout.controls.map((c) => c.id!)
    store.setVariableDraft(v, 'remarks')
    store.setVariableDraft(r, '1x')
    store.apply((d) => removeControl(d, [1]))
    expect(store.getSnapshot().variableDrafts).toEqual({ [v]: 'remarks' })
    store.undo()
    expect(store.getSnapshot().variableDrafts).toEqual({ [v]: 'remarks' })
    store.setVariableDraft(v, 'remarks2x')
    store.apply((d) => updateControl(d, [0], { variable: 'remarks2x' }))
    expect(store.getSnapshot().variableDrafts).toEqual({})
    store.apply((d) => addControl(d, 'checkbox', [], 0))
    const added = store.doc.layout.controls[0].id!
    store.setVariableDraft(added, '')
    store.undo()
    expect(store.getSnapshot().variableDrafts).toEqual({})
  })

  it('say why a variable cannot be taken', () => {
    expect(variableDraftProblem(undefined, [])).toBe('Variable is required.')
    expect(variableDraftProblem('', [])).toBe('Variable is required.')
    expect(variableDraftProblem('1a', [])).toBe('Use letters, digits and _ only, not starting with a digit.')
    expect(variableDraftProblem('a', ['a'])).toBe('Variable a is already defined.')
    expect(variableDraftProblem('a_1', ['b'])).toBeNull()
  })
})

/** Audit finding 4: the JSON view names problems by control, as the designer's issue list does. */
describe("the JSON view's problems in words", () => {
  const text = (controls: unknown[]) => JSON.stringify({ version: 2, title: 'T', controls })

  it('names a control by label and variable instead of a JSON pointer', () => {
    const typed = text([
      { type: 'singletext', label: 'Serial', variable: 'serial' },
      { type: 'slider', label: 'S' },
    ])
    expect(
      describeJsonProblems(typed, [{ path: '/controls/1', message: 'unknown control type "slider"' }]),
    ).toEqual(['"S": unknown control type "slider"'])
    expect(
      describeJsonProblems(text([{ type: 'note' }]), [
        { path: '/controls/0', message: "must have required property 'label'" },
      ]),
    ).toEqual(['the note control: Label is required.'])
    const nested = text([
      { type: 'group', children: [{ type: 'testField', label: 'V', variable: 'v', min: 'x' }] },
    ])
    expect(
      describeJsonProblems(nested, [{ path: '/controls/0/children/0/min', message: 'must be number' }]),
    ).toEqual(['"V" (v): Min must be number'])
  })

  it('keeps a syntax error, a problem outside the controls and hand-typed oddities as they are', () => {
    expect(describeJsonProblems('{', [{ path: '', message: 'Unexpected end of JSON input' }])).toEqual([
      'Unexpected end of JSON input',
    ])
    expect(describeJsonProblems(text([]), [{ path: '/title', message: 'must be string' }])).toEqual([
      '/title must be string',
    ])
    expect(describeJsonProblems(text([5]), [{ path: '/controls/0', message: 'must be object' }])).toEqual([
      '/controls/0 must be object',
    ])
  })
})
