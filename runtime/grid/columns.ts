import type { ColumnDef, RowData } from '@tanstack/react-table'
import type { ReactNode } from 'react'

/** Column widths of SPEC §9: the ID column is 80 px, action columns 140 to 150 px. */
export const COLUMN_WIDTHS = { id: 80, actions: 150 } as const

/** Extra settings a grid column may carry in `meta`. */
export interface GridColumnMeta {
  /** Fixed width in px. */
  width?: number
  /**
   * `width` is what the column prefers, not a floor: where the grid is short of room the column narrows to
   * its content's least width (its words or buttons wrapping) instead of widening the grid past its box.
   */
  shrink?: boolean
  /** Show a fuzzy text filter under the header (client mode) or send it to the server (server mode). */
  filter?: boolean
  /** Cell alignment. */
  align?: 'start' | 'end' | 'center'
  /**
   * A filter control of the column's own (a date range, a pass/fail toggle) instead of the fuzzy text
   * box. Its value is text, so it travels in {@link ListQuery.filter} like any other server filter.
   */
  renderFilter?: (filter: ColumnFilterControl) => ReactNode
  /** The column's name where its header is not text (a checkbox): the stacked phone layout labels cells with it. */
  label?: string
}

/** What a column's own filter control gets: the current value, a setter and the column's name. */
export interface ColumnFilterControl {
  value: string
  setValue: (value: string) => void
  /** The column's header text, for accessible names ('Filter by Status'). */
  label: string
}

/** A JSON Schema object with titled properties, as the entity schemas of schemas/entities are. */
interface TitledObjectSchema {
  properties: { readonly [key: string]: object }
}

type Key<T> = Extract<keyof T, string>

/** Options for one schema-derived column. */
export interface SchemaColumnOptions<T> {
  /** Header text; defaults to the property's schema title. */
  header?: string
  filter?: boolean
  width?: number
  sortable?: boolean
  cell?: ColumnDef<T, unknown>['cell']
}

/**
 * Columns for `keys` of an entity schema, headed by each property's `title`, so the grid says what
 * the schema says. An `id` column gets the SPEC §9 ID width.
 */
export function schemaColumns<T extends RowData>(
  schema: TitledObjectSchema,
  keys: readonly Key<T>[],
  options: Partial<Record<Key<T>, SchemaColumnOptions<T>>> = {},
): ColumnDef<T, unknown>[] {
  return keys.map((key) => {
    const o: SchemaColumnOptions<T> = options[key] ?? {}
    const meta: GridColumnMeta = {
      width: o.width ?? (key === 'id' ? COLUMN_WIDTHS.id : undefined),
      filter: o.filter ?? false,
    }
    return {
      id: key,
      accessorKey: key,
      header: o.header ?? (schema.properties[key] as { title?: string } | undefined)?.title ?? key,
      enableSorting: o.sortable ?? true,
      ...(o.cell ? { cell: o.cell } : {}),
      meta,
    } as ColumnDef<T, unknown>
  })
}

/** A non-sortable, non-filterable actions column of the SPEC §9 actions width. */
export function actionsColumn<T extends RowData>(
  cell: NonNullable<ColumnDef<T, unknown>['cell']>,
  header = 'Actions',
): ColumnDef<T, unknown> {
  const meta: GridColumnMeta = { width: COLUMN_WIDTHS.actions, align: 'end' }
  return { id: 'actions', header, enableSorting: false, enableColumnFilter: false, cell, meta }
}
