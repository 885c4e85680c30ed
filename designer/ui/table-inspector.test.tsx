import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { combineLabels, createControl, createDocument, moveColumn, parseList } from '../model'
import type { TableControl } from '../../schemas/form-layout'
import { DesignerStore } from './designer-store'
import { Inspector, loadInspectorForm } from './inspector'

// The inspector's form loads on first selection; loaded up front, each test renders it at once.
beforeAll(() => loadInspectorForm())

/** The inspector's table editor (issue #14): columns, their order and row labels, each an undo step. */
function setup() {
  const table = createControl('table', new Set()) as TableControl
  const store = new DesignerStore(createDocument({ version: 2, title: '', controls: [table] }))
  store.select([0])
  render(<Inspector store={store} />)
  const current = () => store.doc.layout.controls[0] as TableControl
  return { store, current }
}

describe('table editing in the designer model', () => {
  it('makes row labels from two lists and moves columns', () => {
    expect(combineLabels(parseList('1-3'), parseList('A, B'), 'Tap ')).toEqual([
      'Tap 1 A',
      'Tap 1 B',
      'Tap 2 A',
      'Tap 2 B',
      'Tap 3 A',
      'Tap 3 B',
    ])
    const cols = ['a', 'b', 'c'].map((v) => ({ type: 'singletext', variable: v, label: v }) as const)
    expect(moveColumn(cols, 0, 2).map((c) => c.variable)).toEqual(['b', 'c', 'a'])
  })
})

describe('Inspector: a table', () => {
  it('adds a column of the chosen kind, edits its limits and reorders with the buttons; undo steps back', async () => {
    const user = userEvent.setup()
    const { store, current } = setup()
    await user.selectOptions(screen.getByLabelText('Kind of column to add'), 'Calculated')
    await user.click(screen.getByRole('button', { name: 'Add column' }))
    expect(current().columns.map((c) => c.type)).toEqual(['testField', 'calculated'])
    const editor = screen.getByRole('group', { name: 'Column Calculated' })
    fireEvent.change(within(editor).getByLabelText(/^Formula/), { target: { value: 'value * 2' } })
    expect(current().columns[1]).toMatchObject({ variable: 'calc1', formula: 'value * 2' })
    await user.click(screen.getByRole('button', { name: 'Move column Calculated up' }))
    expect(current().columns.map((c) => c.variable)).toEqual(['calc1', 'value'])
    await user.click(screen.getByRole('button', { name: 'Value Numeric test' }))
    const value = screen.getByRole('group', { name: 'Column Value' })
    fireEvent.change(within(value).getByLabelText('Max'), { target: { value: '0.5' } })
    expect(current().columns[1]).toMatchObject({ max: 0.5 })
    act(() => store.undo())
    expect(current().columns[1]).toMatchObject({ max: 1 })
  })

  it('refuses a column variable another column has, keeping the typed text with its message', () => {
    const { current } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }))
    const editor = screen.getByRole('group', { name: 'Column Numeric test' })
    fireEvent.change(within(editor).getByLabelText('Variable'), { target: { value: 'value' } })
    expect(within(editor).getByText('"value" is used by another column.')).toBeVisible()
    expect(current().columns[1].variable).toBe('numeric1')
  })

  it('switches between fixed labelled rows and rows the technician adds', async () => {
    const user = userEvent.setup()
    const { current } = setup()
    await user.click(screen.getByRole('button', { name: 'Make rows' }))
    expect(current().rowLabels).toHaveLength(15)
    expect(current().rowLabels?.[14]).toBe('Tap 5 C')
    await user.click(screen.getByLabelText('Added by the technician'))
    expect(current().rowLabels).toBeUndefined()
    fireEvent.change(screen.getByLabelText('Most rows'), { target: { value: '20' } })
    expect(current().maxRows).toBe(20)
    await user.click(screen.getByLabelText('Fixed, labelled'))
    expect(current()).toMatchObject({ rowLabels: ['1', '2', '3'] })
    expect(current().maxRows).toBeUndefined()
  })
})
