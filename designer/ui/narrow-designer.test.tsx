import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Control } from '../../schemas/form-layout'
import { createDocument } from '../model'
import { DesignerStore } from './designer-store'
import { FormDesigner } from './designer'
import { NARROW_QUERY } from './narrow-panes'
import { PALETTE_TAP_HINT } from './palette'

const text = (variable: string, label: string): Control => ({ type: 'singletext', variable, label })

/** The screen as `width` px would report it to the designer's media query. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_QUERY && width < 768,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

/** The elements scrolled into view, in order (jsdom has no layout: scrollIntoView is recorded). */
let scrolled: Element[] = []
beforeEach(() => {
  scrolled = []
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this)
  }
})
afterEach(() => {
  vi.unstubAllGlobals()
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

function setup(controls: Control[]) {
  const store = new DesignerStore(createDocument({ version: 2, title: 'T', controls }))
  render(<FormDesigner store={store} previewServices={{} as never} />)
  return store
}

const panes = () => within(screen.getByRole('group', { name: 'Designer panes' }))
const pressed = () => panes().getByRole('button', { pressed: true }).textContent

/** A pointer pressed on `element` and moved 60 px down, as a finger swiping over it would. */
async function swipe(element: Element) {
  const pointer = (type: string, y: number) => {
    const event = new MouseEvent(type, {
      bubbles: true,
      cancelable: true,
      button: 0,
      clientX: 20,
      clientY: y,
    })
    Object.defineProperty(event, 'isPrimary', { value: true })
    return event
  }
  fireEvent(element, pointer('pointerdown', 100))
  await act(async () => {
    for (const y of [110, 130, 160]) document.dispatchEvent(pointer('pointermove', y))
  })
}

describe('the designer on a phone (400 px)', () => {
  it('says how to add on an empty canvas, where the palette is a tap away, not beside it', () => {
    screenWidth(400)
    setup([])
    expect(screen.getByText("Open 'Add controls' and tap a control to add it here.")).toBeInTheDocument()
  })

  it('adds a control by a tap on the palette and shows it on the canvas', () => {
    screenWidth(400)
    const store = setup([text('a', 'Alpha'), text('b', 'Beta')])
    fireEvent.click(panes().getByRole('button', { name: 'Add controls' }))
    expect(screen.getByText(PALETTE_TAP_HINT)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Add Checkbox' }))
    expect(store.doc.layout.controls.map((c) => c.type)).toEqual(['singletext', 'singletext', 'checkbox'])
    expect(pressed()).toBe('Canvas')
    expect(scrolled.map((e) => e.getAttribute('aria-label'))).toEqual(['Checkbox: Checkbox'])
  })

  it('does not drag a palette entry: a swipe over the entries scrolls, it picks up nothing', async () => {
    screenWidth(400)
    setup([text('a', 'Alpha')])
    fireEvent.click(panes().getByRole('button', { name: 'Add controls' }))
    await swipe(screen.getByRole('button', { name: 'Add Checkbox' }))
    expect(screen.queryByText('new Checkbox')).toBeNull()
  })

  it('back on the canvas after the properties, shows the control they were of', () => {
    screenWidth(400)
    setup([text('a', 'Alpha'), text('b', 'Beta'), text('c', 'Gamma')])
    fireEvent.click(screen.getByRole('group', { name: 'Text: Beta' }))
    expect(pressed()).toBe('Properties')
    fireEvent.click(panes().getByRole('button', { name: 'Canvas' }))
    expect(scrolled.map((e) => e.getAttribute('aria-label'))).toEqual(['Text: Beta'])
  })
})

describe('the designer on a wide screen (1366 px)', () => {
  it('drags a palette entry, with no pane switcher and no tap hint', async () => {
    screenWidth(1366)
    setup([])
    expect(screen.queryByRole('group', { name: 'Designer panes' })).toBeNull()
    expect(screen.queryByText(PALETTE_TAP_HINT)).toBeNull()
    expect(
      screen.getByText('Drag controls here from the palette, or click a palette entry to add it.'),
    ).toBeInTheDocument()
    await swipe(screen.getByRole('button', { name: 'Add Checkbox' }))
    expect(screen.getByText('new Checkbox')).toBeInTheDocument()
  })
})
