import { useMemo } from 'react'
import Form from 'react-bootstrap/Form'
import { actionsColumn, DataGrid, PAGE_SIZES, type ColumnDef } from '../../../runtime/grid'
import { serialRangeSchema } from '../../../schemas/entities/serial-range'
import type { SerialRangeField } from '../../../schemas/rules/serial-ranges'
import { ActionButton } from '../../components/row-actions'
import type { ProductRow, RangeRow } from './supplier-products'
import type { RowMarks } from './use-supplier-rows'

const titles = serialRangeSchema.properties
const toNumber = (text: string) => (text.trim() === '' ? null : Number(text))

/**
 * The serial ranges of one supplier product: prefix (text), min and max (numeric), delete (not when
 * read-only); 3 a page. The fields a failed save found at fault are marked invalid.
 */
export function SerialRangesGrid({
  product,
  marks,
  shownRange,
  onChange,
  onRemove,
  readOnly,
}: {
  product: ProductRow
  /** This product's marks, if a failed save found a range of it at fault. */
  marks?: RowMarks | null
  /** The range whose page to show: one just added or marked. */
  shownRange?: string | null
  readOnly?: boolean
  onChange: (rangeKey: string, patch: Partial<RangeRow>) => void
  onRemove: (rangeKey: string) => void
}) {
  const columns = useMemo<ColumnDef<RangeRow, unknown>[]>(() => {
    const marked = (key: string, field: SerialRangeField) =>
      marks?.rangeKey === key && marks.fields.includes(field)
    return [
      {
        id: 'prefix',
        header: titles.prefix.title,
        enableSorting: false,
        cell: ({ row }) => (
          <Form.Control
            size="sm"
            aria-label={titles.prefix.title}
            isInvalid={marked(row.original.key, 'prefix')}
            aria-invalid={marked(row.original.key, 'prefix') || undefined}
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
            isInvalid={marked(row.original.key, key)}
            aria-invalid={marked(row.original.key, key) || undefined}
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
    ]
  }, [onChange, onRemove, readOnly, marks])
  return (
    <DataGrid
      label={`Serial ranges of ${product.name ?? 'new product type'}`}
      columns={columns}
      data={product.ranges}
      getRowId={(r) => r.key}
      pageSize={PAGE_SIZES.serialRanges}
      emptyText="No serial ranges yet: use 'Add new serial range'."
      showRowId={shownRange}
    />
  )
}
