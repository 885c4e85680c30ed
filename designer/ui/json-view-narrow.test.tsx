import { render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDocument } from '../model'
import { DesignerStore } from './designer-store'
import JsonView from './json-view'
import { NARROW_QUERY } from './narrow-panes'

// Monaco does not run in jsdom: the stand-in keeps the options the view gives the editor.
const given = vi.hoisted(() => ({ options: undefined as Record<string, unknown> | undefined }))
vi.mock('./monaco-setup', () => ({
  LAYOUT_MODEL_PATH: 'layout.json',
  monaco: { KeyMod: { CtrlCmd: 0, Shift: 0 }, KeyCode: { KeyZ: 0, KeyY: 0 } },
}))
vi.mock('@monaco-editor/react', () => ({
  default: (p: { options: Record<string, unknown> }) => {
    given.options = p.options
    return null
  },
}))

function atWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_QUERY && width < 768,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
  render(<JsonView store={new DesignerStore(createDocument())} />)
  return given.options
}

afterEach(() => vi.unstubAllGlobals())

describe('the JSON view', () => {
  it('wraps long lines on a phone (400 px), with a narrower line-number gutter', () => {
    expect(atWidth(400)).toMatchObject({ wordWrap: 'on', lineNumbersMinChars: 3 })
  })

  it("keeps Monaco's own layout on a wide screen (1366 px): no wrapping, five-digit gutter", () => {
    expect(atWidth(1366)).toMatchObject({ wordWrap: 'off', lineNumbersMinChars: 5 })
  })
})
