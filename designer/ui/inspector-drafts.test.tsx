import { act, fireEvent, render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDocument, updateControl } from '../model'
import type { Control } from '../../schemas/form-layout'
import { DesignerStore } from './designer-store'
import { Inspector, loadInspectorForm } from './inspector'

beforeAll(() => loadInspectorForm())

const numeric = {
  type: 'testField',
  testType: 'numeric',
  variable: 'ir',
  label: 'IR',
  min: 0,
  max: 1,
} as const satisfies Control

function setup() {
  const store = new DesignerStore(
    createDocument({
      version: 2,
      title: '',
      controls: [numeric, { ...numeric, variable: 'ir2', label: 'IR 2' }],
    }),
  )
  store.select([1])
  render(<Inspector store={store} />)
  return { store, id: store.doc.layout.controls[1].id! }
}

const variableInput = () => screen.getByLabelText(/^Variable/) as HTMLInputElement

/** Audit finding 3: a variable that is not valid yet is kept in the store (unsaved, named at Save). */
describe("the inspector's variable draft", () => {
  it('keeps a variable that is not valid yet in the store, and forgets it once a valid one is typed', async () => {
    const { store, id } = setup()
    fireEvent.change(variableInput(), { target: { value: '9volt' } })
    expect(
      await screen.findByText('Use letters, digits and _ only, not starting with a digit.'),
    ).toBeVisible()
    expect(store.getSnapshot().variableDrafts).toEqual({ [id]: '9volt' })
    // Other properties still go into the document.
    fireEvent.change(screen.getByLabelText(/^Label/), { target: { value: 'IR L1' } })
    expect(store.doc.layout.controls[1]).toMatchObject({ variable: 'ir2', label: 'IR L1' })
    expect(store.getSnapshot().variableDrafts).toEqual({ [id]: '9volt' })
    fireEvent.change(variableInput(), { target: { value: 'volt9' } })
    expect(store.doc.layout.controls[1]).toMatchObject({ variable: 'volt9' })
    expect(store.getSnapshot().variableDrafts).toEqual({})
  })

  it('shows the draft again when the control is selected again', () => {
    const { store, id } = setup()
    fireEvent.change(variableInput(), { target: { value: 'ir' } })
    act(() => store.select([0]))
    expect(variableInput().value).toBe('ir')
    act(() => store.select([1]))
    expect(variableInput().value).toBe('ir')
    expect(store.getSnapshot().variableDrafts).toEqual({ [id]: 'ir' })
  })

  it('applies a draft that became valid meanwhile when its control is shown', () => {
    const { store } = setup()
    fireEvent.change(variableInput(), { target: { value: 'ir' } })
    act(() => store.select([0]))
    act(() => {
      store.apply((d) => updateControl(d, [0], { variable: 'ir0' }))
      store.select([1])
    })
    expect(store.doc.layout.controls[1]).toMatchObject({ variable: 'ir' })
    expect(store.getSnapshot().variableDrafts).toEqual({})
  })
})

/** Audit finding 4: SPEC §5's '{label} is required.' instead of ajv's "must have required property". */
describe("the inspector's messages for an empty required property", () => {
  it("says 'Variable is required.' and keeps the empty variable as the draft", async () => {
    const { store, id } = setup()
    fireEvent.change(variableInput(), { target: { value: '' } })
    expect(await screen.findByText('Variable is required.')).toBeVisible()
    expect(screen.queryByText(/must have required property/)).toBeNull()
    expect(store.getSnapshot().variableDrafts).toEqual({ [id]: '' })
    expect(store.doc.layout.controls[1]).toMatchObject({ variable: 'ir2' })
  })

  it("says 'Label is required.'", async () => {
    setup()
    fireEvent.change(screen.getByLabelText(/^Label/), { target: { value: '' } })
    // Under the field, and in the control's problems as the designer names them.
    expect(await screen.findByText('Label is required.')).toBeVisible()
    expect(screen.getByText('ir2: Label is required.')).toBeVisible()
    expect(screen.queryByText(/must have required property/)).toBeNull()
  })
})
