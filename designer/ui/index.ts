/** The React form designer: canvas, palette, inspector, JSON view (lazy), preview and its store. */
export { FormDesigner, type FormDesignerProps, type DesignerTab } from './designer'
export {
  DesignerStore,
  useDesignerDoc,
  useDesignerState,
  type DesignerState,
  type ApplyOptions,
} from './designer-store'
export { hasPendingEdits, pendingEditMessages, type PendingEdits, type JsonDraft } from './pending-edits'
export { historyShortcut } from './toolbar'
