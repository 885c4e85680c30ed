import { useEffect, useMemo, useRef } from 'react'
import Editor, { type OnMount } from '@monaco-editor/react'
import Button from 'react-bootstrap/Button'
import type { FormLayout } from '../../schemas/form-layout'
import type { DesignerStore } from './designer-store'
import { useDesignerState } from './designer-store'
import { describeJsonProblems } from './json-problems'
import { LAYOUT_MODEL_PATH, monaco } from './monaco-setup'
import { useNarrow } from './narrow-panes'

type CodeEditor = Parameters<OnMount>[0]

const format = (layout: FormLayout) => JSON.stringify(layout, null, 2)

/**
 * The layout as JSON in Monaco, with the layout JSON Schema attached (errors underlined, property
 * completion). A valid edit replaces the design at once (one coalesced undo step); an invalid one
 * leaves the design as it was, lists why (named by control) and is kept as the store's JSON draft, so
 * it counts as unsaved, Save refuses it, and this view shows it again when reopened, until it is fixed
 * or discarded. Changes made elsewhere while the view is open (undo, the form title) are written into
 * the editor, replacing an edit that was not applied. Ctrl+Z / Ctrl+Shift+Z here are the designer's
 * undo and redo, so the history is the same whichever view is open. Loaded lazily: it pulls in Monaco.
 */
export default function JsonView({ store }: { store: DesignerStore }) {
  const { history, jsonDraft } = useDesignerState(store)
  const doc = history.present
  const text = useMemo(() => format(doc.layout), [doc.layout])
  const problems = useMemo(
    () => (jsonDraft ? describeJsonProblems(jsonDraft.text, jsonDraft.problems) : []),
    [jsonDraft],
  )
  const editorRef = useRef<CodeEditor | null>(null)
  // A phone shows some 35 characters a line: long lines wrap rather than hide past the right edge.
  const narrow = useNarrow()
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
    store.discardJsonDraft()
  }, [doc.layout, text, store])

  const onMount: OnMount = (editor) => {
    editorRef.current = editor
    // The edit not applied when the view was left, else the design. (A model kept from an earlier
    // visit, same path, may hold older text.)
    const current = store.getSnapshot().jsonDraft?.text ?? format(store.doc.layout)
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
  }

  /** Back to the design's text: the edit that was not applied is dropped. */
  const discard = () => {
    store.discardJsonDraft()
    const editor = editorRef.current
    const model = editor?.getModel()
    if (editor && model) editor.executeEdits('designer', [{ range: model.getFullModelRange(), text }])
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
          defaultValue={jsonDraft?.text ?? text}
          onMount={onMount}
          onChange={onChange}
          options={{
            minimap: { enabled: false },
            fontSize: 13,
            scrollBeyondLastLine: false,
            automaticLayout: true,
            tabSize: 2,
            formatOnPaste: true,
            wordWrap: narrow ? 'on' : 'off',
            lineNumbersMinChars: narrow ? 3 : 5,
          }}
          loading="Loading the JSON editor…"
        />
      </div>
      <div aria-live="polite">
        {problems.length > 0 && (
          <div className="alert alert-warning mt-2 mb-0 small" data-testid="json-errors">
            <strong>Not applied — the design keeps its last valid version:</strong>
            <ul className="mb-1">
              {problems.slice(0, 8).map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
            <Button size="sm" variant="outline-secondary" onClick={discard}>
              Discard JSON edit
            </Button>
          </div>
        )}
      </div>
    </div>
  )
}
