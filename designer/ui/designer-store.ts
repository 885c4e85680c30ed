import { useSyncExternalStore } from 'react'
import { pathOfControlId, type ControlPath, type LayoutIssue } from '../../schemas/form-layout'
import { canRedo, canUndo, controlAt, createHistory, record, redo, replaceLayout, undo } from '../model'
import type { DesignerDocument, History } from '../model'
import { pruneVariableDrafts, type PendingEdits } from './pending-edits'

/**
 * What the designer's views read: the undo history (its `present` is the document), the selection, and
 * the edits a view holds that are not valid yet (beside the history, not in it: see pending-edits.ts).
 */
export interface DesignerState extends PendingEdits {
  readonly history: History<DesignerDocument>
  /**
   * The id of the control the inspector shows, or null. An id, not a place: after a move, an undo or a
   * JSON edit the selection stays on the same control wherever it now is (issue #13.4).
   */
  readonly selected: string | null
}

/** A control to select: its id, or its path in the document as it is after the change. */
export type SelectTarget = string | ControlPath | null

/** How `apply` records an edit. */
export interface ApplyOptions {
  /** Edits with the same key within a second are one undo step (typing a label). */
  coalesceKey?: string
  /** The control to select afterwards (e.g. a control just dropped); the current one when absent. */
  select?: SelectTarget
}

type Listener = () => void

/** The path of the selected control in `doc`, or null. */
export function selectedPathOf(doc: DesignerDocument, selected: string | null): ControlPath | null {
  return selected ? (pathOfControlId(doc.layout.controls, selected) ?? null) : null
}

/**
 * The one source of truth of a designer session: every view (canvas, inspector, JSON view, mapping
 * inputs of the record-type page) edits the document through `apply` with a pure command of
 * designer/model, so each edit is one undo step whichever view made it. A plain external store read
 * with `useSyncExternalStore`, so views re-render only when the snapshot changes.
 */
export class DesignerStore {
  private state: DesignerState
  private readonly listeners = new Set<Listener>()

  constructor(
    doc: DesignerDocument,
    /** Clock for coalescing; replaced in tests. */
    private readonly now: () => number = () => Date.now(),
  ) {
    this.state = { history: createHistory(doc), selected: null, jsonDraft: null, variableDrafts: {} }
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): DesignerState => this.state

  /** The current document. */
  get doc(): DesignerDocument {
    return this.state.history.present
  }

  /**
   * Runs a command on the current document and records the result. A command that changes nothing
   * (returns its input) adds no undo step. Answers the new document.
   */
  apply(command: (doc: DesignerDocument) => DesignerDocument, options: ApplyOptions = {}): DesignerDocument {
    const next = command(this.doc)
    const history = record(this.state.history, next, { coalesceKey: options.coalesceKey, at: this.now() })
    const selected = options.select !== undefined ? options.select : this.state.selected
    this.moveTo(history, selected)
    return next
  }

  /**
   * The JSON view's edit: applied only when the text is a valid layout, which ends any JSON draft;
   * otherwise the design stays as it was, the text and its errors are kept as the JSON draft (counted
   * as unsaved, refused by Save, shown again when the JSON view reopens) and the errors come back.
   */
  replaceLayoutJson(json: string): LayoutIssue[] {
    const result = replaceLayout(this.doc, json)
    if (!result.ok) {
      this.set({ ...this.state, jsonDraft: { text: json, problems: result.errors } })
      return result.errors
    }
    this.discardJsonDraft()
    // Re-indenting or re-ordering keys is not a change of the design.
    if (JSON.stringify(result.doc.layout) === JSON.stringify(this.doc.layout)) return []
    this.apply(() => result.doc, { coalesceKey: 'json' })
    return []
  }

  /** Forgets the JSON view's edit that was not applied (the design keeps its last valid version). */
  discardJsonDraft = (): void => {
    if (this.state.jsonDraft) this.set({ ...this.state, jsonDraft: null })
  }

  /**
   * Keeps (or, with null, forgets) a variable typed in the inspector for control `id` that is not valid
   * yet, so the page counts it as unsaved and Save names it instead of dropping it.
   */
  setVariableDraft(id: string, text: string | null): void {
    const drafts = this.state.variableDrafts
    if (text === null ? !(id in drafts) : drafts[id] === text) return
    const variableDrafts = { ...drafts }
    if (text === null) delete variableDrafts[id]
    else variableDrafts[id] = text
    this.set({ ...this.state, variableDrafts })
  }

  undo = (): void => {
    if (!canUndo(this.state.history)) return
    this.moveTo(undo(this.state.history), this.state.selected)
  }

  redo = (): void => {
    if (!canRedo(this.state.history)) return
    this.moveTo(redo(this.state.history), this.state.selected)
  }

  /** Starts over with `doc` (a record type just loaded): no undo steps, nothing selected or pending. */
  reset(doc: DesignerDocument): void {
    this.set({ history: createHistory(doc), selected: null, jsonDraft: null, variableDrafts: {} })
  }

  select = (target: SelectTarget): void => {
    const selected = this.resolve(this.doc, target)
    if (selected !== this.state.selected) this.set({ ...this.state, selected })
  }

  /** The path of the selected control in the current document, or null. */
  get selectedPath(): ControlPath | null {
    return selectedPathOf(this.doc, this.state.selected)
  }

  /** The id a target names in `doc`, or null when no control there has it. */
  private resolve(doc: DesignerDocument, target: SelectTarget): string | null {
    if (target === null) return null
    if (typeof target === 'string') return pathOfControlId(doc.layout.controls, target) ? target : null
    return controlAt(doc.layout.controls, target)?.id ?? null
  }

  /** A new place in the history: the selection resolved in it, drafts of controls now gone dropped. */
  private moveTo(history: History<DesignerDocument>, selected: SelectTarget) {
    const doc = history.present
    this.set({
      ...this.state,
      history,
      selected: this.resolve(doc, selected),
      variableDrafts: pruneVariableDrafts(doc, this.state.variableDrafts),
    })
  }

  private set(state: DesignerState) {
    const now = this.state
    if (
      state.history === now.history &&
      state.selected === now.selected &&
      state.jsonDraft === now.jsonDraft &&
      state.variableDrafts === now.variableDrafts
    )
      return
    this.state = state
    this.listeners.forEach((listener) => listener())
  }
}

/** The store's state, re-rendering the caller on every change. */
export function useDesignerState(store: DesignerStore): DesignerState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
}

/** The current document of the store. */
export function useDesignerDoc(store: DesignerStore): DesignerDocument {
  return useDesignerState(store).history.present
}
