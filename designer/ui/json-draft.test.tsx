import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createDocument } from '../model'
import { DesignerStore } from './designer-store'
import { FormDesigner } from './designer'

// Monaco does not run in jsdom: a textarea stands in, keeping its text per model path as Monaco does.
vi.mock('./monaco-setup', () => ({
  LAYOUT_MODEL_PATH: 'layout.json',
  monaco: { KeyMod: { CtrlCmd: 0, Shift: 0 }, KeyCode: { KeyZ: 0, KeyY: 0 } },
}))
vi.mock('@monaco-editor/react', () => {
  const models = new Map<string, string>()
  function Editor(p: {
    path: string
    defaultValue: string
    onMount: (editor: unknown) => void
    onChange: (value: string) => void
  }) {
    const [value, setValue] = useState(() => models.get(p.path) ?? p.defaultValue)
    const write = (text: string) => {
      models.set(p.path, text)
      setValue(text)
      p.onChange(text)
    }
    useEffect(() => {
      models.set(p.path, value)
      p.onMount({
        getValue: () => models.get(p.path),
        setValue: write,
        getModel: () => ({ getFullModelRange: () => ({}) }),
        executeEdits: (_source: string, edits: { text: string }[]) => write(edits[0].text),
        addCommand: () => undefined,
      })
      // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as Monaco mounts
    }, [])
    return <textarea aria-label="JSON text" value={value} onChange={(e) => write(e.target.value)} />
  }
  return { default: Editor }
})

const layout = {
  version: 2,
  title: 'T',
  controls: [{ type: 'testField', testType: 'numeric', variable: 'voltage', label: 'Voltage' }],
} as const

async function openJson() {
  fireEvent.click(screen.getByRole('tab', { name: 'JSON' }))
  return (await screen.findByLabelText('JSON text')) as HTMLTextAreaElement
}

function setup() {
  const store = new DesignerStore(createDocument(layout as never))
  render(<FormDesigner store={store} previewServices={{} as never} />)
  return store
}

/** Audit finding 2: an invalid JSON view edit stays, is shown again and is announced on the Design tab. */
describe("the JSON view's edit that is not applied", () => {
  it('names its problems by control, shows its text again after a visit to Design, with a notice there', async () => {
    const store = setup()
    const typed = JSON.stringify({ ...layout, controls: [{ ...layout.controls[0], variable: '9volt' }] })
    fireEvent.change(await openJson(), { target: { value: typed } })
    const problem =
      '"Voltage" (9volt): Variable must use letters, digits and _ only, not starting with a digit.'
    expect(screen.getByTestId('json-errors')).toHaveTextContent(problem)
    expect(store.doc.layout.controls[0]).toMatchObject({ variable: 'voltage' })

    fireEvent.click(screen.getByRole('tab', { name: 'Design' }))
    const notice = await screen.findByTestId('json-draft-notice')
    expect(notice).toHaveTextContent(`The JSON view holds an edit that is not applied: ${problem}`)

    fireEvent.click(screen.getByRole('button', { name: 'Open the JSON view' }))
    await waitFor(async () =>
      expect((await screen.findByLabelText('JSON text')) as HTMLTextAreaElement).toHaveValue(typed),
    )
    expect(store.getSnapshot().jsonDraft?.text).toBe(typed)
  })

  it('is discarded with its button: the JSON view shows the design again', async () => {
    const store = setup()
    fireEvent.change(await openJson(), { target: { value: '{' } })
    fireEvent.click(screen.getByRole('tab', { name: 'Design' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Discard JSON edit' }))
    expect(store.getSnapshot().jsonDraft).toBeNull()
    expect(screen.queryByTestId('json-draft-notice')).toBeNull()
    const editor = await openJson()
    await waitFor(() => expect(JSON.parse(editor.value)).toEqual(store.doc.layout))
  })

  it('is discarded from the JSON view itself', async () => {
    const store = setup()
    const editor = await openJson()
    fireEvent.change(editor, { target: { value: '{' } })
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Discard JSON edit' })))
    expect(store.getSnapshot().jsonDraft).toBeNull()
    expect(JSON.parse((screen.getByLabelText('JSON text') as HTMLTextAreaElement).value)).toEqual(
      store.doc.layout,
    )
  })
})
