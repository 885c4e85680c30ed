import { useDroppable } from '@dnd-kit/core'
import { SortableContext, useSortable } from '@dnd-kit/sortable'
import type { Control, ControlPath } from '../../schemas/form-layout'
import { isContainer } from '../../schemas/form-layout'
import { ControlLook } from './control-look'
import { controlName, kindLabel } from './control-name'
import { CardTools } from './card-tools'
import { containerId, controlId, type StepMove } from './drop-target'
import { selectControlIssues, type DesignerDocument } from '../model'

/** What a canvas control can ask for; the design surface turns each into a command. */
export interface CanvasActions {
  select(path: ControlPath): void
  step(path: ControlPath, move: StepMove): void
  duplicate(path: ControlPath): void
  remove(path: ControlPath): void
}

interface ListProps {
  doc: DesignerDocument
  parent: ControlPath
  controls: readonly Control[]
  /** Rows lay their children side by side, in Bootstrap columns. */
  horizontal?: boolean
  /** The selected control's id. */
  selected: string | null
  actions: CanvasActions
  emptyText: string
}

// Nothing shifts while dragging: a line marks where the drop goes, which reads better in nested lists.
const noShift = () => null

/** One container's list of controls (the form itself, a group or a row) and its drop area. */
export function CanvasList({ doc, parent, controls, horizontal, selected, actions, emptyText }: ListProps) {
  const { setNodeRef, isOver } = useDroppable({ id: containerId(doc, parent) })
  // Keys and drag ids follow the controls' stable ids, so a moved card keeps its element and focus.
  const ids = controls.map((control) => `c:${control.id ?? ''}`)
  return (
    <SortableContext items={ids} strategy={noShift}>
      <div
        ref={setNodeRef}
        className={`designer-list${horizontal ? ' row g-2' : ''}${isOver ? ' drop-inside' : ''}`}
        data-testid={`drop-in:${parent.join('.')}`}
      >
        {controls.map((control, i) => (
          <ControlCard
            key={ids[i]}
            doc={doc}
            control={control}
            path={[...parent, i]}
            inRow={horizontal === true}
            selected={selected}
            actions={actions}
          />
        ))}
        {controls.length === 0 && <div className="designer-empty">{emptyText}</div>}
      </div>
    </SortableContext>
  )
}

interface CardProps {
  doc: DesignerDocument
  control: Control
  path: ControlPath
  inRow: boolean
  selected: string | null
  actions: CanvasActions
}

/** A control on the canvas: drag handle, move/duplicate/delete buttons, and how it will look. */
function ControlCard({ doc, control, path, inRow, selected, actions }: CardProps) {
  const id = controlId(doc, path)
  const { setNodeRef, attributes, listeners, isDragging, isOver, setActivatorNodeRef } = useSortable({ id })
  const name = controlName(control)
  const isSelected = selected !== null && selected === control.id
  const variable = 'variable' in control ? control.variable : undefined
  const problems = selectControlIssues(doc, path)
  return (
    <div className={inRow ? ('col' in control && control.col ? `col-${control.col}` : 'col') : undefined}>
      <div
        ref={setNodeRef}
        className={[
          'designer-card',
          isContainer(control) ? `designer-${control.type}` : '',
          isSelected ? 'selected' : '',
          isDragging ? 'dragging' : '',
          isOver ? (inRow ? 'drop-left' : 'drop-before') : '',
          problems.length ? 'has-problems' : '',
        ].join(' ')}
        data-testid={`control-${path.join('.')}`}
        data-control-id={control.id}
        aria-label={`${kindLabel(control)}: ${name}`}
        role="group"
        onClick={(e) => {
          e.stopPropagation()
          actions.select(path)
        }}
      >
        <div className="designer-card-bar">
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="designer-handle"
            aria-label={`Drag ${name}`}
            title="Drag to move (or focus and press Space, then the arrow keys)"
            {...attributes}
            {...listeners}
          >
            ⠿
          </button>
          <span className="designer-kind">{kindLabel(control)}</span>
          {variable && <code className="designer-variable">{variable}</code>}
          <CardTools doc={doc} path={path} name={name} actions={actions} />
        </div>
        {problems.length > 0 && (
          <ul className="designer-card-problems" aria-label={`Problems of ${name}`}>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        {isContainer(control) ? (
          <div className="designer-container-body">
            {control.label && <div className="designer-group-title">{control.label}</div>}
            <CanvasList
              doc={doc}
              parent={path}
              controls={control.children}
              horizontal={control.type === 'row'}
              selected={selected}
              actions={actions}
              emptyText={
                control.type === 'row'
                  ? 'Drop controls here to place them side by side'
                  : 'Drop controls here'
              }
            />
          </div>
        ) : (
          <div className="designer-look">
            <ControlLook control={control} />
          </div>
        )}
      </div>
    </div>
  )
}
