import { useEffect, useMemo, useRef, useState } from 'react'
import Editor, { type OnMount } from '@monaco-editor/react'
import type { LayoutIssue } from '../../schemas/form-layout'
import type { FormLayout } from '../../schemas/form-layout'
import type { DesignerStore } from './designer-store'
import { useDesignerDoc } from './designer-store'
import { LAYOUT_MODEL_PATH, monaco } from './monaco-setup'

type CodeEditor = Parameters<OnMount>[0]

const format = (layout: FormLayout) => JSON.stringify(layout, null, 2)

/**
 * The layout as JSON in Monaco, with the layout JSON Schema attached (errors underlined, property
 * completion). A valid edit replaces the design at once (one coalesced undo step); an invalid one
 * leaves the design as it was and lists why. Changes made elsewhere (canvas, inspector, undo) are
 * written into the editor. Ctrl+Z / Ctrl+Shift+Z here are the designer's undo and redo, so the
 * history is the same whichever view is open. Loaded lazily: it pulls in Monaco.
 */
export default function JsonView({ store }: { store: DesignerStore }) {
  const doc = useDesignerDoc(store)
  const text = useMemo(() => format(doc.layout), [doc.layout])
  const [errors, setErrors] = useState<LayoutIssue[]>([])
  const editorRef = useRef<CodeEditor | null>(null)
  // The layout the editor's text stands for: our own edits must not be written back (cursor jumps).
  const shown = useRef<FormLayout>(doc.layout)

  useEffect(() => {
    const editor = editorRef.current
    if (!editor || doc.layout === shown.current) return
    shown.current = doc.layout
    if (editor.getValue() !== text) {
      // An edit operation (not setValue) keeps the cursor and Monaco's view state.
      const model = editor.getModel()
      if (model) editor.executeEdits('designer', [{ range: model.getFullModelRange(), text }])
    }
    setErrors([])
  }, [doc.layout, text])

  const onMount: OnMount = (editor) => {
    editorRef.current = editor
    // A model kept from an earlier visit (same path) may hold older text.
    const current = format(store.doc.layout)
    shown.current = store.doc.layout
    if (editor.getValue() !== current) editor.setValue(current)
    const { KeyMod, KeyCode } = monaco
    editor.addCommand(KeyMod.CtrlCmd | KeyCode.KeyZ, () => store.undo())
    editor.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyZ, () => store.redo())
    editor.addCommand(KeyMod.CtrlCmd | KeyCode.KeyY, () => store.redo())
  }

  const onChange = (value: string | undefined) => {
    if (value === undefined) return
    const issues = store.replaceLayoutJson(value)
    if (issues.length === 0) shown.current = store.doc.layout
    setErrors(issues)
  }

  return (
    <div className="designer-json">
      <p className="small text-body-secondary mb-2">
        The form layout as JSON. Press Ctrl+Space for completion; errors are underlined. Valid changes show on
        the canvas at once.
      </p>
      <div className="designer-json-editor" aria-label="Form layout JSON" role="region">
        <Editor
          path={LAYOUT_MODEL_PATH}
          language="json"
          defaultValue={text}
          onMount={onMount}
          onChange={onChange}
          options={{
            minimap: { enabled: false },
            fontSize: 13,
            scrollBeyondLastLine: false,
            automaticLayout: true,
            tabSize: 2,
            formatOnPaste: true,
          }}
          loading="Loading the JSON editor…"
        />
      </div>
      <div aria-live="polite">
        {errors.length > 0 && (
          <div className="alert alert-warning mt-2 mb-0 small" data-testid="json-errors">
            <strong>Not applied — the design keeps its last valid version:</strong>
            <ul className="mb-0">
              {errors.slice(0, 8).map((e, i) => (
                <li key={i}>
                  {e.path ? <code>{e.path}</code> : null} {e.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  )
}
