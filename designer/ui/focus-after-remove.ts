import type { ControlPath } from '../../schemas/form-layout'
import { controlAt } from '../model'
import type { DesignerDocument } from '../model'

/**
 * Whose drag handle takes the keyboard focus after the control at `path` was removed (`doc` is the
 * document without it): the control that took its place (the next one), else the one before it, else
 * the container it was in; null when the form is empty now (the canvas takes the focus).
 */
export function controlToFocusAfterRemove(doc: DesignerDocument, path: ControlPath): string | null {
  const controls = doc.layout.controls
  const parent = path.slice(0, -1)
  const index = path[path.length - 1]
  const candidates: ControlPath[] = [path, [...parent, index - 1]]
  if (parent.length > 0) candidates.push(parent)
  for (const at of candidates) {
    if (at[at.length - 1] < 0) continue
    const control = controlAt(controls, at)
    if (control?.id) return control.id
  }
  return null
}
