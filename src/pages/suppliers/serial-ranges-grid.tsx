import { useMemo } from 'react'
import Form from 'react-bootstrap/Form'
import { actionsColumn, DataGrid, PAGE_SIZES, type ColumnDef } from '../../../runtime/grid'
import { serialRangeSchema } from '../../../schemas/entities/serial-range'
import { ActionButton } from '../../components/row-actions'
import type { ProductRow, RangeRow } from './supplier-products'

const titles = serialRangeSchema.properties
const toNumber = (text: string) => (text.trim() === '' ? null : Number(text))

/** The serial ranges of one supplier product: prefix (text), min and max (numeric), delete (not when read-only); 3 a page. */
export function SerialRangesGrid({
  product,
  onChange,
  onRemove,
  readOnly,
}: {
  product: ProductRow
  readOnly?: boolean
  onChange: (rangeKey: string, patch: Partial<RangeRow>) => void
  onRemove: (rangeKey: string) => void
}) {
  const columns = useMemo<ColumnDef<RangeRow, unknown>[]>(
    () => [
      {
        id: 'prefix',
        header: titles.prefix.title,
        enableSorting: false,
        cell: ({ row }) => (
          <Form.Control
            size="sm"
            aria-label={titles.prefix.title}
            value={row.original.prefix}
            onChange={(e) => onChange(row.original.key, { prefix: e.target.value })}
          />
        ),
      },
      ...(['min', 'max'] as const).map((key): ColumnDef<RangeRow, unknown> => ({
        id: key,
        header: titles[key].title,
        enableSorting: false,
        cell: ({ row }) => (
          <Form.Control
            size="sm"
            type="number"
            min={0}
            step={1}
            aria-label={titles[key].title}
            value={row.original[key] ?? ''}
            onChange={(e) => onChange(row.original.key, { [key]: toNumber(e.target.value) })}
          />
        ),
      })),
      ...(readOnly
        ? []
        : [
            actionsColumn<RangeRow>(({ row }) => (
              <ActionButton
                variant="outline-danger"
                label="Delete serial range"
                onClick={() => onRemove(row.original.key)}
              >
                Delete
              </ActionButton>
            )),
          ]),
    ],
    [onChange, onRemove, readOnly],
  )
  return (
    <DataGrid
      label={`Serial ranges of ${product.name ?? 'new product type'}`}
      columns={columns}
      data={product.ranges}
      getRowId={(r) => r.key}
      pageSize={PAGE_SIZES.serialRanges}
      emptyText="No serial ranges yet: use 'Add new serial range'."
      showRowId={product.ranges[0]?.key}
    />
  )
}
