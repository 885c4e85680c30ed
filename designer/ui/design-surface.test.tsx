import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createDocument } from '../model'
import type { Control } from '../../schemas/form-layout'
import { DesignerStore } from './designer-store'
import { FormDesigner } from './designer'
import { controlToFocusAfterRemove } from './focus-after-remove'

const text = (variable: string, label: string): Control => ({ type: 'singletext', variable, label })

function setup(controls: Control[]) {
  const store = new DesignerStore(createDocument({ version: 2, title: 'T', controls }))
  render(<FormDesigner store={store} previewServices={{} as never} />)
  return store
}

const handleOf = (label: string) => screen.getByRole('button', { name: `Drag ${label}` })

/** Audit finding 1: a card's ✕ must not leave the keyboard on <body>, out of reach of the designer's Ctrl+Z. */
describe('deleting a control with its card button', () => {
  it('focuses the next control, and Ctrl+Z there brings the deleted one back', async () => {
    const store = setup([text('a', 'Alpha'), text('b', 'Beta'), text('c', 'Gamma')])
    fireEvent.click(screen.getByRole('button', { name: 'Delete Beta' }))
    expect(store.doc.layout.controls.map((c) => c.label)).toEqual(['Alpha', 'Gamma'])
    await waitFor(() => expect(handleOf('Gamma')).toHaveFocus())
    fireEvent.keyDown(document.activeElement!, { key: 'z', ctrlKey: true })
    expect(store.doc.layout.controls.map((c) => c.label)).toEqual(['Alpha', 'Beta', 'Gamma'])
  })

  it('focuses the previous control after the last one, and the canvas after the only one', async () => {
    setup([text('a', 'Alpha'), text('b', 'Beta')])
    fireEvent.click(screen.getByRole('button', { name: 'Delete Beta' }))
    await waitFor(() => expect(handleOf('Alpha')).toHaveFocus())
    fireEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }))
    await waitFor(() => expect(screen.getByRole('region', { name: 'Canvas' })).toHaveFocus())
  })

  it('chooses the next, else the previous, else the container the control was in', () => {
    const doc = createDocument({
      version: 2,
      title: '',
      controls: [{ type: 'group', label: 'G', children: [] }, text('b', 'Beta')],
    })
    const [group, beta] = doc.layout.controls.map((c) => c.id)
    expect(controlToFocusAfterRemove(doc, [0, 0])).toBe(group)
    expect(controlToFocusAfterRemove(doc, [1])).toBe(beta)
    expect(controlToFocusAfterRemove(doc, [2])).toBe(beta)
    expect(controlToFocusAfterRemove(createDocument(), [0])).toBeNull()
  })
})
