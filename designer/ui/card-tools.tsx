import type { ControlPath } from '../../schemas/form-layout'
import type { DesignerDocument } from '../model'
import type { CanvasActions } from './canvas'
import { stepTarget, type StepMove } from './drop-target'

const MOVES: { move: StepMove; icon: string; text: (name: string) => string }[] = [
  { move: 'up', icon: '↑', text: (n) => `Move ${n} up` },
  { move: 'down', icon: '↓', text: (n) => `Move ${n} down` },
  { move: 'into', icon: '⤷', text: (n) => `Move ${n} into the container above` },
  { move: 'out', icon: '⤴', text: (n) => `Move ${n} out of its container` },
]

/**
 * A canvas card's tool buttons: step up, down, into or out (disabled where the step goes nowhere),
 * duplicate and delete. Clicks stay on the button: they do not also select the card.
 */
export function CardTools({
  doc,
  path,
  name,
  actions,
}: {
  doc: DesignerDocument
  path: ControlPath
  name: string
  actions: CanvasActions
}) {
  // One box, so on a narrow card the tools wrap to their own line together rather than one by one.
  return (
    <span className="designer-card-tools">
      {MOVES.map(({ move, icon, text }) => (
        <button
          key={move}
          type="button"
          className="designer-tool"
          aria-label={text(name)}
          title={text(name)}
          disabled={!stepTarget(doc, path, move)}
          onClick={(e) => {
            e.stopPropagation()
            actions.step(path, move)
          }}
        >
          {icon}
        </button>
      ))}
      <button
        type="button"
        className="designer-tool"
        aria-label={`Duplicate ${name}`}
        title={`Duplicate ${name}`}
        onClick={(e) => {
          e.stopPropagation()
          actions.duplicate(path)
        }}
      >
        <svg
          width="12"
          height="12"
          viewBox="0 0 16 16"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <rect x="5" y="5" width="9" height="9" rx="1.5" />
          <path d="M11 3.5V3a1.5 1.5 0 0 0-1.5-1.5H3A1.5 1.5 0 0 0 1.5 3v6.5A1.5 1.5 0 0 0 3 11h.5" />
        </svg>
      </button>
      <button
        type="button"
        className="designer-tool text-danger"
        aria-label={`Delete ${name}`}
        title={`Delete ${name}`}
        onClick={(e) => {
          e.stopPropagation()
          actions.remove(path)
        }}
      >
        ✕
      </button>
    </span>
  )
}
