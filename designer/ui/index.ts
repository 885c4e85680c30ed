/** The React form designer: canvas, palette, inspector, JSON view (lazy), preview and its store. */
export { FormDesigner, type FormDesignerProps, type DesignerTab } from './designer'
export {
  DesignerStore,
  useDesignerDoc,
  useDesignerState,
  type DesignerState,
  type ApplyOptions,
} from './designer-store'
export { historyShortcut } from './toolbar'
