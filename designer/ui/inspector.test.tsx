import { act, fireEvent, render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDocument } from '../model'
import type { Control } from '../../schemas/form-layout'
import { DesignerStore } from './designer-store'
import { Inspector, loadInspectorForm } from './inspector'
import { inspectorForm } from './inspector-schema'

// The inspector's form loads on first selection; loaded up front, each test renders it at once.
beforeAll(() => loadInspectorForm())

const numeric = {
  type: 'testField',
  testType: 'numeric',
  variable: 'ir',
  label: 'IR',
  min: 0,
  max: 1,
} as const satisfies Control
const selection: Control = {
  type: 'testField',
  testType: 'selection',
  variable: 'colour',
  label: 'Colour',
  choices: ['Red', 'Green'],
  passChoice: 'Green',
}

describe('inspector schema per control kind', () => {
  it('offers a kind only the properties it uses, never type, id or children', () => {
    const keys = (c: Control) => Object.keys(inspectorForm(c).schema.properties ?? {})
    expect(keys(numeric)).toEqual(
      expect.arrayContaining(['variable', 'label', 'min', 'max', 'unit', 'naOption']),
    )
    expect(keys(numeric)).not.toContain('choices')
    expect(keys(numeric)).not.toContain('type')
    expect(keys(selection)).toEqual(expect.arrayContaining(['choices', 'passChoice']))
    expect(keys(selection)).not.toContain('min')
    expect(keys({ type: 'group', children: [] })).not.toContain('children')
    expect(keys({ ...numeric, id: 'c1' })).not.toContain('id')
    expect(keys({ type: 'note', id: 'c2', label: 'N' })).not.toContain('id')
  })

  it('limits the pass choice to the choices', () => {
    expect(inspectorForm(selection).schema.properties?.passChoice).toMatchObject({ enum: ['Red', 'Green'] })
    const yesNo: Control = { type: 'testField', testType: 'yesNo', variable: 'ok', label: 'OK' }
    expect(inspectorForm(yesNo).schema.properties?.passChoice).toMatchObject({ enum: ['Yes', 'No'] })
  })
})

describe('Inspector', () => {
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
    return store
  }

  it('edits the selected control in the document', () => {
    const store = setup()
    fireEvent.change(screen.getByLabelText('Max'), { target: { value: '20' } })
    expect(store.doc.layout.controls[1]).toMatchObject({ max: 20 })
    act(() => store.undo())
    expect(store.doc.layout.controls[1]).toMatchObject({ max: 1 })
    expect((screen.getByLabelText('Max') as HTMLInputElement).value).toBe('1')
  })

  it('says a variable is already defined as it is typed, and keeps it out of the document', async () => {
    const store = setup()
    fireEvent.change(screen.getByLabelText(/^Variable/), { target: { value: 'ir' } })
    expect(await screen.findByText('Variable ir is already defined.')).toBeInTheDocument()
    expect(store.doc.layout.controls[1]).toMatchObject({ variable: 'ir2' })
    fireEvent.change(screen.getByLabelText(/^Variable/), { target: { value: 'ir3' } })
    expect(store.doc.layout.controls[1]).toMatchObject({ variable: 'ir3' })
    expect(screen.queryByText('Variable ir is already defined.')).toBeNull()
  })

  it('numbers list entries, adds one and puts what is typed in the document', async () => {
    const store = new DesignerStore(createDocument({ version: 2, title: '', controls: [selection] }))
    store.select([0])
    render(<Inspector store={store} />)
    expect((screen.getByLabelText(/^Choice 2/) as HTMLInputElement).value).toBe('Green')
    fireEvent.click(screen.getByRole('button', { name: 'Add to Choices' }))
    fireEvent.change(await screen.findByLabelText(/^Choice 3/), { target: { value: 'Blue' } })
    expect(store.doc.layout.controls[0]).toMatchObject({ choices: ['Red', 'Green', 'Blue'] })
  })

  it("edits a testEquipment control's calibration policy (issue #15.1), worded, absent meaning warn", () => {
    const equipment: Control = { type: 'testEquipment', variable: 'te', label: 'Test equipment used' }
    const store = new DesignerStore(createDocument({ version: 2, title: '', controls: [equipment] }))
    store.select([0])
    render(<Inspector store={store} />)
    const policy = screen.getByLabelText(/^Calibration policy/) as HTMLSelectElement
    expect([...policy.options].map((o) => o.text)).toEqual(
      expect.arrayContaining([
        'Warn (default)',
        'Warn: show the warning card',
        'Block: refuse the save unless overridden',
      ]),
    )
    expect(store.doc.layout.controls[0]).not.toHaveProperty('calibrationPolicy')
    const block = [...policy.options].find((o) => o.text.startsWith('Block'))!
    fireEvent.change(policy, { target: { value: block.value } })
    expect(store.doc.layout.controls[0]).toMatchObject({ calibrationPolicy: 'block' })
  })

  it("captions an endpoint's own properties", () => {
    const store = new DesignerStore(
      createDocument({
        version: 2,
        title: '',
        controls: [
          { type: 'dropdown', variable: 'customer', label: 'Customer', endpoint: { name: 'c', api: '/x' } },
        ],
      }),
    )
    store.select([0])
    render(<Inspector store={store} />)
    expect((screen.getByLabelText(/^API path/) as HTMLInputElement).value).toBe('/x')
    expect(screen.getByRole('button', { name: 'Add to URL parameters' })).toBeInTheDocument()
  })
})

describe('Inspector lists (issue #11.21, #11.24)', () => {
  function setup() {
    const store = new DesignerStore(createDocument({ version: 2, title: '', controls: [selection] }))
    store.select([0])
    render(<Inspector store={store} />)
    return store
  }

  it("names each entry's icon buttons after the entry", () => {
    setup()
    expect(screen.getByRole('button', { name: 'Move "Red" down' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Move "Red" up' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Remove "Green"' })).toBeEnabled()
  })

  it('carries the pass choice when its choice is renamed, in the document and in the inspector', () => {
    const store = setup()
    const green = screen.getAllByDisplayValue('Green').find((el) => el.tagName === 'INPUT')!
    act(() => {
      fireEvent.change(green, { target: { value: 'Emerald' } })
    })
    expect(store.doc.layout.controls[0]).toMatchObject({
      choices: ['Red', 'Emerald'],
      passChoice: 'Emerald',
    })
    expect((screen.getByLabelText(/^Pass choice/) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(
      'Emerald',
    )
  })
})

describe("a group's Tests entries (issue #11.23)", () => {
  it("suggest the layout's test variables, the group's own result left out", () => {
    const group: Control = {
      type: 'group',
      variable: 'result',
      label: 'All',
      tests: [''],
      children: [numeric],
    }
    const form = inspectorForm(group, ['ir', 'result', 'sealed'])
    expect(form.schema.properties?.tests).toMatchObject({ items: { examples: ['ir', 'sealed'] } })
    const store = new DesignerStore(createDocument({ version: 2, title: '', controls: [group] }))
    store.select([0])
    const { container } = render(<Inspector store={store} />)
    const options = [...container.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'))
    expect(options).toEqual(['ir'])
  })
})

describe('the test type in the inspector', () => {
  it('is a choice of the known kinds, though a document may hold another', () => {
    expect(inspectorForm(numeric).schema.properties?.testType).toMatchObject({
      enum: ['numeric', 'selection', 'yesNo', 'passFail'],
    })
  })
})
