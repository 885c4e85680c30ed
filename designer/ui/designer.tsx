import { lazy, Suspense, useMemo, useRef, useState } from 'react'
import Form from 'react-bootstrap/Form'
import Nav from 'react-bootstrap/Nav'
import Tab from 'react-bootstrap/Tab'
import type { RuntimeServices } from '../../runtime/form'
import { selectNamedIssues, setTitle } from '../model'
import { DesignSurface } from './design-surface'
import { FullScreenButton, JsonDraftNotice, LayoutProblems, useFullScreen } from './designer-chrome'
import type { DesignerStore } from './designer-store'
import { useDesignerState } from './designer-store'
import { describeJsonProblems } from './json-problems'
import { UndoRedoButtons, useHistoryShortcuts } from './toolbar'
import './designer.css'

// Monaco is big: the JSON view and Monaco load only when the JSON tab is first opened. The Preview's
// form runtime likewise loads with the Preview tab, so the canvas comes up on less code (issue #17).
const JsonView = lazy(() => import('./json-view'))
const Preview = lazy(() => import('./preview').then((m) => ({ default: m.Preview })))

export type DesignerTab = 'design' | 'json' | 'preview'

export interface FormDesignerProps {
  store: DesignerStore
  /** What the Preview's runtime reads reference lists through (uploads are not stored in preview). */
  previewServices: RuntimeServices
}

const TABS: { key: DesignerTab; label: string }[] = [
  { key: 'design', label: 'Design' },
  { key: 'json', label: 'JSON' },
  { key: 'preview', label: 'Preview' },
]

/**
 * The visual form designer of a record type: the layout's title, undo/redo, and three views of one
 * document — the Design canvas (palette, canvas, inspector), the JSON view and the Preview.
 */
export function FormDesigner({ store, previewServices }: FormDesignerProps) {
  const { history, jsonDraft } = useDesignerState(store)
  const doc = history.present
  const [tab, setTab] = useState<DesignerTab>('design')
  // Each visit to the JSON tab starts a fresh view: of the JSON draft (an edit not applied) if there is
  // one, else of the current design. Keyed, because a pane left and re-entered within its fade-out is
  // not unmounted, and would not reload its text.
  const [jsonVisit, setJsonVisit] = useState(0)
  const draftProblem = useMemo(
    () => (jsonDraft ? describeJsonProblems(jsonDraft.text, jsonDraft.problems.slice(0, 1))[0] : undefined),
    [jsonDraft],
  )
  const openTab = (k: string | null) => {
    if (!k) return
    if (k === 'json' && tab !== 'json') setJsonVisit((n) => n + 1)
    setTab(k as DesignerTab)
  }
  const root = useRef<HTMLDivElement>(null)
  useHistoryShortcuts(store, root)
  const issues = useMemo(() => selectNamedIssues(doc), [doc])
  const [fullScreen, setFullScreen] = useFullScreen()

  return (
    // Focusable, so a click on the canvas puts the keyboard here and Ctrl+Z reaches the designer.
    <div
      ref={root}
      className={`designer${fullScreen ? ' designer-fullscreen' : ''}`}
      aria-label="Form designer"
      role="region"
      tabIndex={-1}
    >
      <Tab.Container id="designer" activeKey={tab} onSelect={openTab}>
        <div className="designer-toolbar">
          <Nav variant="tabs">
            {TABS.map((t) => (
              <Nav.Item key={t.key}>
                <Nav.Link eventKey={t.key} as="button" type="button">
                  {t.label}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <Form.Group className="designer-title-input" controlId="designer-form-title">
            <Form.Label className="small mb-0 me-2 text-nowrap">Form title</Form.Label>
            <Form.Control
              size="sm"
              value={doc.layout.title}
              placeholder="Shown above the data entry form"
              onChange={(e) => store.apply((d) => setTitle(d, e.target.value), { coalesceKey: 'title' })}
            />
          </Form.Group>
          <UndoRedoButtons store={store} />
          <FullScreenButton fullScreen={fullScreen} onToggle={() => setFullScreen((f) => !f)} />
        </div>
        <LayoutProblems issues={issues} />
        {jsonDraft && tab !== 'json' && (
          <JsonDraftNotice
            problem={draftProblem}
            onOpen={() => openTab('json')}
            onDiscard={store.discardJsonDraft}
          />
        )}
        <Tab.Content>
          <Tab.Pane eventKey="design">
            <DesignSurface store={store} />
          </Tab.Pane>
          {/* Mounted while open: the JSON view reloads the text, the preview starts a fresh entry. */}
          <Tab.Pane eventKey="json" mountOnEnter unmountOnExit>
            <Suspense fallback={<p className="text-body-secondary">Loading the JSON editor…</p>}>
              <JsonView key={jsonVisit} store={store} />
            </Suspense>
          </Tab.Pane>
          <Tab.Pane eventKey="preview" mountOnEnter unmountOnExit>
            <Suspense fallback={<p className="text-body-secondary">Loading the preview…</p>}>
              <Preview store={store} services={previewServices} />
            </Suspense>
          </Tab.Pane>
        </Tab.Content>
      </Tab.Container>
    </div>
  )
}
