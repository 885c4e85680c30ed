import { useState, type ReactNode } from 'react'
import type { FieldProps } from '@rjsf/utils'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { TableColumn } from '../../schemas/form-layout'
import {
  COLUMN_KINDS,
  columnKindLabel,
  createColumn,
  moveColumn,
  removeColumn,
  updateColumn,
  type ColumnKind,
} from '../model'
import { TableColumnEditor } from './table-column-editor'

/**
 * The inspector's editor of a table's columns (issue #14), an rjsf field registered by name: add a column
 * of an allowed kind, reorder by dragging (pointer or keyboard, @dnd-kit as on the canvas) or with the
 * move up/down buttons, open one column to edit its label, variable and limits, remove it. Every change
 * is one new `columns` list, so one undo step.
 */

const keyOf = (column: TableColumn, i: number) => column.id ?? `${column.variable}-${i}`

interface ItemProps {
  column: TableColumn
  index: number
  count: number
  open: boolean
  sortId: string
  onMove(to: number): void
  onRemove(): void
  onToggle(): void
  children?: ReactNode
}

function ColumnItem(p: ItemProps) {
  const { setNodeRef, attributes, listeners, transform, transition, setActivatorNodeRef } = useSortable({
    id: p.sortId,
  })
  const name = p.column.label || p.column.variable
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className="list-group-item px-2 py-1"
    >
      <div className="d-flex align-items-center gap-1">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="btn btn-sm btn-link text-body-secondary px-1"
          aria-label={`Drag column ${name}`}
          {...attributes}
          {...listeners}
        >
          ⠿
        </button>
        <button
          type="button"
          className="btn btn-sm btn-link text-start flex-grow-1 px-1"
          aria-expanded={p.open}
          onClick={p.onToggle}
        >
          {name} <span className="badge text-bg-light border">{columnKindLabel(p.column)}</span>
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary px-1"
          aria-label={`Move column ${name} up`}
          disabled={p.index === 0}
          onClick={() => p.onMove(p.index - 1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary px-1"
          aria-label={`Move column ${name} down`}
          disabled={p.index === p.count - 1}
          onClick={() => p.onMove(p.index + 1)}
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger px-1"
          aria-label={`Remove column ${name}`}
          disabled={p.count <= 1}
          onClick={p.onRemove}
        >
          ✕
        </button>
      </div>
      {p.children}
    </li>
  )
}

export function TableColumnsField(props: FieldProps) {
  const columns = (props.formData as TableColumn[] | undefined) ?? []
  const [open, setOpen] = useState<string | null>(null)
  const [kind, setKind] = useState<ColumnKind>('testField:numeric')
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const change = (next: TableColumn[]) => props.onChange(next, props.fieldPathId.path)
  const ids = columns.map(keyOf)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      change(moveColumn(columns, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))))
  }
  const calculated = columns.filter((c) => c.type === 'calculated').map((c) => c.variable)
  return (
    <fieldset className="mb-3" aria-label="Columns">
      <legend className="form-label fs-6 mb-1">Columns</legend>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul className="list-group mb-2">
            {columns.map((column, i) => (
              <ColumnItem
                key={ids[i]}
                column={column}
                index={i}
                count={columns.length}
                sortId={ids[i]}
                open={open === ids[i]}
                onMove={(to) => change(moveColumn(columns, i, to))}
                onRemove={() => change(removeColumn(columns, i))}
                onToggle={() => setOpen(open === ids[i] ? null : ids[i])}
              >
                {open === ids[i] && (
                  <TableColumnEditor
                    column={column}
                    others={columns.filter((_, j) => j !== i).map((c) => c.variable)}
                    calculated={calculated}
                    idPrefix={`${props.fieldPathId.$id}-${ids[i]}`}
                    onPatch={(patch) => change(updateColumn(columns, i, patch))}
                  />
                )}
              </ColumnItem>
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <div className="input-group input-group-sm">
        <select
          className="form-select"
          aria-label="Kind of column to add"
          value={kind}
          onChange={(e) => setKind(e.target.value as ColumnKind)}
        >
          {COLUMN_KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => {
            const column = createColumn(kind, columns)
            change([...columns, column])
            setOpen(keyOf(column, columns.length))
          }}
        >
          Add column
        </button>
      </div>
    </fieldset>
  )
}
