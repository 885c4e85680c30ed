import { ATTRIBUTE_KEYS } from '../../../schemas/entities/attribute'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { Supplier, SupplierProducts } from '../../../schemas/entities/supplier'
import { supplierProductsProblem } from '../../../schemas/rules/serial-ranges'

/** A serial range row while editing: min and max are blank (null) until typed. */
export interface RangeRow {
  key: string
  prefix: string
  min: number | null
  max: number | null
}

/** A product row while editing: `typeId` is null for the empty row the user has yet to choose. */
export interface ProductRow {
  key: string
  typeId: number | null
  name: string | null
  ranges: RangeRow[]
}

let counter = 0
/** A key for a new row, unique for the page's life (rows have no server id). */
export const newKey = (prefix: string) => `${prefix}-${++counter}`

/** The rows of a supplier's SupplierProducts attribute (an absent or unreadable value is no rows). */
export function productRowsOf(supplier: Supplier): ProductRow[] {
  const raw = supplier.attributes.find((a) => a.key === ATTRIBUTE_KEYS.supplierProducts)?.value
  let list: SupplierProducts = []
  try {
    list = raw ? (JSON.parse(raw) as SupplierProducts) : []
  } catch {
    list = []
  }
  return list.map((p) => ({
    key: newKey('product'),
    typeId: p.id ?? null,
    name: p.name ?? null,
    ranges: p.serialRanges.map((r) => ({
      key: newKey('range'),
      prefix: r.prefix ?? '',
      min: r.min ?? null,
      max: r.max ?? null,
    })),
  }))
}

/** The SupplierProducts value of the rows: ranges get local ids 1..n per product (SPEC §3). */
export function productsValue(rows: readonly ProductRow[]): SupplierProducts {
  return rows.map((row) => ({
    id: row.typeId,
    name: row.name,
    serialRanges: row.ranges.map((r, i) => ({
      id: i + 1,
      prefix: r.prefix.trim() || null,
      min: r.min,
      max: r.max,
    })),
  }))
}

/** Whether a product type carries NoSerialNumberPrefix (its ranges need no prefix). */
export const hasNoPrefix = (type: ProductTypeListItem | undefined) =>
  Boolean(type?.attributes.some((a) => a.key === ATTRIBUTE_KEYS.noSerialNumberPrefix))

/**
 * The SPEC §5 supplier rules over the rows, with the shared rule function the server uses too: the
 * first broken rule's text, and the keys of its product row and range and the fields to mark.
 */
export function productRowsProblem(rows: readonly ProductRow[], types: readonly ProductTypeListItem[]) {
  const byId = new Map(types.map((t) => [t.id, t]))
  const problem = supplierProductsProblem(
    productsValue(rows),
    (id) => hasNoPrefix(byId.get(id)),
    (id) => byId.get(id)?.name ?? String(id),
  )
  if (!problem) return undefined
  const product = rows[problem.product!]
  return {
    message: problem.message,
    marks: {
      productKey: product.key,
      rangeKey: problem.range == null ? undefined : product.ranges[problem.range].key,
      fields: problem.fields,
    },
  }
}
