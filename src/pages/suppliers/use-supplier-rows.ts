import { useCallback, useState, type Dispatch, type SetStateAction } from 'react'
import type { BannerVariant } from '../../components/banner'
import { MESSAGES } from '../../../schemas/messages'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import { newKey, type ProductRow, type RangeRow } from './supplier-products'

/** A banner of the supplier screen: a refused product type, a failed check or save. */
export interface Notice {
  variant: BannerVariant
  text: string
}

/**
 * The product rows and their serial ranges: add, choose and remove products (a product type only once),
 * add, change and remove ranges; which rows are expanded and which was added last (to focus it).
 */
export function useSupplierRows(
  rows: ProductRow[],
  setRows: Dispatch<SetStateAction<ProductRow[]>>,
  types: readonly ProductTypeListItem[],
  setNotice: (notice: Notice) => void,
) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({})
  const [lastAdded, setLastAdded] = useState<string | null>(null)

  const addProduct = useCallback(() => {
    const key = newKey('product')
    setRows((old) => [{ key, typeId: null, name: null, ranges: [] }, ...old])
    setLastAdded(key)
  }, [setRows])

  const chooseProduct = (key: string, typeId: number | null) => {
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

  const removeProduct = (key: string) => setRows((old) => old.filter((r) => r.key !== key))

  const addRange = (productKey: string) => {
    const range: RangeRow = { key: newKey('range'), prefix: '', min: null, max: null }
    setRows((old) => old.map((r) => (r.key === productKey ? { ...r, ranges: [range, ...r.ranges] } : r)))
    setExpanded((old) => ({ ...old, [productKey]: true }))
  }

  const updateRange = (productKey: string, rangeKey: string, patch: Partial<RangeRow>) =>
    setRows((old) =>
      old.map((r) =>
        r.key === productKey
          ? { ...r, ranges: r.ranges.map((x) => (x.key === rangeKey ? { ...x, ...patch } : x)) }
          : r,
      ),
    )

  const removeRange = (productKey: string, rangeKey: string) =>
    setRows((old) =>
      old.map((r) =>
        r.key === productKey ? { ...r, ranges: r.ranges.filter((x) => x.key !== rangeKey) } : r,
      ),
    )

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
    lastAdded,
  }
}
