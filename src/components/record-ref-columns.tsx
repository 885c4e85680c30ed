import type { ColumnDef } from '../../runtime/grid'
import { formatUtc } from './date-format'

/** What names a record in a list of records about something else (a device's usage, an impact case). */
export interface RecordRef {
  productSerialNumber?: string | null
  productTypeName?: string | null
  recordTypeName?: string | null
  supplierName?: string | null
  recordDate: string
}

type RefText = Exclude<keyof RecordRef, 'recordDate'>

const text = <T extends RecordRef>(id: RefText, header: string): ColumnDef<T, unknown> => ({
  id,
  accessorFn: (row) => row[id],
  header,
  enableSorting: false,
  cell: ({ getValue }) => (getValue() as string | null) || '—',
})

/**
 * The Serial, Product Type, Record Type, Supplier and Date columns of such a list (unsortable: these lists
 * are ordered by date by the server), one definition for the device's usage card and the impact case's
 * suspect records. `dateWidth`: the Date column's width in px.
 */
export function recordRefColumns<T extends RecordRef>(dateWidth: number): ColumnDef<T, unknown>[] {
  return [
    text<T>('productSerialNumber', 'Serial'),
    text<T>('productTypeName', 'Product Type'),
    text<T>('recordTypeName', 'Record Type'),
    text<T>('supplierName', 'Supplier'),
    {
      id: 'recordDate',
      header: 'Date',
      enableSorting: false,
      meta: { width: dateWidth },
      cell: ({ row }) => formatUtc(row.original.recordDate),
    },
  ]
}
