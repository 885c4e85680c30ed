import { useCallback, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import type { BannerVariant } from '../../components/banner'
import { MESSAGES } from '../../../schemas/messages'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import { suppliersApi } from './suppliers-api'
import {
  newKey,
  productRowsError,
  productRowsOf,
  productsValue,
  type ProductRow,
  type RangeRow,
} from './supplier-products'

export interface Notice {
  variant: BannerVariant
  text: string
}

/**
 * Controller of the supplier edit screen (SPEC §2, §4 "Supplier save", §5 "Supplier"): loads the
 * supplier and the product types, keeps the product/serial-range rows, checks the SPEC rules before
 * any call and saves in the SPEC order.
 * @param id the route id: a supplier id, or null to create.
 */
export function useSupplierEdit(id: number | null) {
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [rows, setRows] = useState<ProductRow[]>([])
  const [notice, setNotice] = useState<Notice | null>(null)
  const [saving, setSaving] = useState(false)
  const [expanded, setExpanded] = useState<Record<string, boolean>>({})
  const [lastAdded, setLastAdded] = useState<string | null>(null)

  const resource = useResource(
    async (signal) => {
      const [types, supplier] = await Promise.all([
        suppliersApi.productTypes(signal),
        id == null ? Promise.resolve(null) : suppliersApi.get(id, signal),
      ])
      if (supplier) {
        setName(supplier.name)
        setRows(productRowsOf(supplier))
      }
      return { types: [...types].sort((a, b) => a.name.localeCompare(b.name)) as ProductTypeListItem[] }
    },
    [id],
  )
  const types = resource.data?.types ?? []

  /** SPEC §2: disabled while an empty (unchosen) product row exists. */
  const canAddProduct = !rows.some((r) => r.typeId == null)

  const addProduct = useCallback(() => {
    const key = newKey('product')
    setRows((old) => [{ key, typeId: null, name: null, ranges: [] }, ...old])
    setLastAdded(key)
  }, [])

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

  /** Checks the rows (the name was checked by the form's schema), then creates or updates. */
  const save = async (formName: string) => {
    const error = productRowsError(rows, types)
    if (error) {
      setNotice({ variant: 'error', text: error })
      return
    }
    setNotice(null)
    setSaving(true)
    try {
      const clean = formName.trim()
      if (id == null) {
        const newId = await suppliersApi.create(clean)
        await suppliersApi.saveProducts(newId, productsValue(rows))
        navigate('/Suppliers?success=true')
      } else {
        await suppliersApi.rename(id, clean)
        await suppliersApi.updateProducts(id, productsValue(rows))
        navigate('/Suppliers')
      }
    } catch (e) {
      setNotice({ variant: 'error', text: describeError(e) })
      setSaving(false)
    }
  }

  return {
    loading: resource.loading,
    loadError: resource.error,
    types,
    name,
    setName,
    rows,
    notice,
    clearNotice: () => setNotice(null),
    saving,
    canAddProduct,
    addProduct,
    chooseProduct,
    removeProduct,
    addRange,
    updateRange,
    removeRange,
    expanded,
    setExpanded,
    lastAdded,
    save,
    cancel: () => navigate('/Suppliers'),
  }
}

export type SupplierEditController = ReturnType<typeof useSupplierEdit>
