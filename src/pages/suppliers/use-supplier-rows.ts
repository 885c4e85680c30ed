import { useCallback, useState, type Dispatch, type SetStateAction } from 'react'
import type { BannerVariant } from '../../components/banner'
import { MESSAGES } from '../../../schemas/messages'
import { unmarkEdited } from '../../components/field-marks'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { SerialRangeField } from '../../../schemas/rules/serial-ranges'
import { newKey, type ProductRow, type RangeRow } from './supplier-products'

/** A banner of the supplier screen: a refused product type, a failed check or save. */
export interface Notice {
  variant: BannerVariant
  text: string
}

/** Where the last failed save found a broken rule: the product row, and the range and its fields. */
export interface RowMarks {
  productKey: string
  rangeKey?: string
  fields: SerialRangeField[]
}

/**
 * The product rows and their serial ranges: add, choose and remove products (a product type only once),
 * add, change and remove ranges; which rows are expanded, which rows each grid shows (a row just added,
 * or the one a failed save marked), and the marks, each dropped once its field or row is edited.
 */
export function useSupplierRows(
  rows: ProductRow[],
  setRows: Dispatch<SetStateAction<ProductRow[]>>,
  types: readonly ProductTypeListItem[],
  setNotice: (notice: Notice) => void,
) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({})
  const [shownProduct, setShownProduct] = useState<string | null>(null)
  // Sticky: a grid shows a row's page when the key changes, and keeps the page while the user edits.
  const [shownRange, setShownRange] = useState<string | null>(null)
  const [marks, setMarks] = useState<RowMarks | null>(null)
  const [markedAt, setMarkedAt] = useState(0)

  const addProduct = useCallback(() => {
    const key = newKey('product')
    setRows((old) => [{ key, typeId: null, name: null, ranges: [] }, ...old])
    setShownProduct(key)
  }, [setRows])

  /** Marks a broken rule's row and fields, expands the product and shows both rows' pages. */
  const mark = useCallback((next: RowMarks | null) => {
    setMarks(next)
    if (!next) return
    setMarkedAt((n) => n + 1)
    setShownProduct(next.productKey)
    if (next.rangeKey) {
      setShownRange(next.rangeKey)
      setExpanded((old) => ({ ...old, [next.productKey]: true }))
    }
  }, [])
  const unmarkProduct = (key: string) => setMarks((m) => (m?.productKey === key && !m.rangeKey ? null : m))

  const chooseProduct = (key: string, typeId: number | null) => {
    unmarkProduct(key)
    const type = types.find((t) => t.id === typeId)
    if (type && rows.some((r) => r.key !== key && r.typeId === type.id)) {
      // SPEC §5: a product type already on the supplier is refused and the row is reset.
      setNotice({ variant: 'warning', text: MESSAGES.supplier.duplicateProduct(type.name) })
      setRows((old) => old.map((r) => (r.key === key ? { ...r, typeId: null, name: null } : r)))
      return
    }
    setRows((old) =>
      old.map((r) => (r.key === key ? { ...r, typeId: type?.id ?? null, name: type?.name ?? null } : r)),
    )
  }

  const removeProduct = (key: string) => {
    setMarks((m) => (m?.productKey === key ? null : m))
    setRows((old) => old.filter((r) => r.key !== key))
  }

  const addRange = (productKey: string) => {
    const range: RangeRow = { key: newKey('range'), prefix: '', min: null, max: null }
    setRows((old) => old.map((r) => (r.key === productKey ? { ...r, ranges: [range, ...r.ranges] } : r)))
    setExpanded((old) => ({ ...old, [productKey]: true }))
    setShownRange(range.key)
  }

  const updateRange = (productKey: string, rangeKey: string, patch: Partial<RangeRow>) => {
    setMarks((m) => (m?.rangeKey === rangeKey ? unmarkEdited(m, patch) : m))
    setRows((old) =>
      old.map((r) =>
        r.key === productKey
          ? { ...r, ranges: r.ranges.map((x) => (x.key === rangeKey ? { ...x, ...patch } : x)) }
          : r,
      ),
    )
  }

  const removeRange = (productKey: string, rangeKey: string) => {
    setMarks((m) => (m?.rangeKey === rangeKey ? null : m))
    setRows((old) =>
      old.map((r) =>
        r.key === productKey ? { ...r, ranges: r.ranges.filter((x) => x.key !== rangeKey) } : r,
      ),
    )
  }

  return {
    /** SPEC §2: disabled while an empty (unchosen) product row exists. */
    canAddProduct: !rows.some((r) => r.typeId == null),
    addProduct,
    chooseProduct,
    removeProduct,
    addRange,
    updateRange,
    removeRange,
    expanded,
    setExpanded,
    shownProduct,
    shownRange,
    marks,
    /** Counts the failed saves that marked a field: the view moves focus on each. */
    markedAt,
    mark,
  }
}
