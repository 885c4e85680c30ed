export { DataGrid, type DataGridProps, type ServerPaging } from './data-grid'
export {
  actionsColumn,
  schemaColumns,
  COLUMN_WIDTHS,
  type ColumnFilterControl,
  type GridColumnMeta,
  type SchemaColumnOptions,
} from './columns'
export { fuzzyFilter } from './fuzzy'
export { listParams, PAGE_SIZES, type ListPage, type ListQuery } from './list-query'
export type { ColumnDef, Row } from '@tanstack/react-table'
