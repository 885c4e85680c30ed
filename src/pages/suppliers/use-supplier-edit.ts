import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { useUnsavedChanges } from '../../components/use-unsaved-changes'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import { suppliersApi } from './suppliers-api'
import { productRowsProblem, productRowsOf, productsValue, type ProductRow } from './supplier-products'
import { useSupplierRows, type Notice } from './use-supplier-rows'

/** The name and rows as the unsaved-changes check compares them (row keys left out). */
const snapshotOf = (name: string, rows: readonly ProductRow[]) =>
  JSON.stringify({ name: name.trim(), products: productsValue(rows) })

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
  // What was loaded (or the empty form): the form is unsaved while it differs (issue #11.25).
  const [baseline, setBaseline] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  // A new supplier whose products failed to save after it was created: the next Save updates it.
  const [createdId, setCreatedId] = useState<number | null>(null)

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
      setBaseline(supplier ? snapshotOf(supplier.name, productRowsOf(supplier)) : snapshotOf('', []))
      return { types: [...types].sort((a, b) => a.name.localeCompare(b.name)) as ProductTypeListItem[] }
    },
    [id],
  )
  const types = resource.data?.types ?? []

  const dirty = !saved && baseline !== null && snapshotOf(name, rows) !== baseline
  const unsaved = useUnsavedChanges(dirty)

  const edits = useSupplierRows(rows, setRows, types, setNotice)

  /** Saved: leaving loses nothing now. */
  const leaveSaved = () => {
    setSaved(true)
    unsaved.allowLeave()
  }

  /** Checks the rows (the name was checked by the form's schema), then creates or updates. */
  const save = async (formName: string) => {
    const problem = productRowsProblem(rows, types)
    edits.mark(problem?.marks ?? null)
    if (problem) {
      setNotice({ variant: 'error', text: problem.message })
      return
    }
    setNotice(null)
    setSaving(true)
    const clean = formName.trim()
    const existing = id ?? createdId
    let created: number | null = null
    try {
      if (existing == null) {
        created = await suppliersApi.create(clean)
        await suppliersApi.saveProducts(created, productsValue(rows))
      } else {
        await suppliersApi.rename(existing, clean)
        await suppliersApi.updateProducts(existing, productsValue(rows))
      }
      leaveSaved()
      navigate(id == null ? '/Suppliers?success=true' : '/Suppliers')
    } catch (e) {
      // Created, but its products were refused: say so, and let the next Save update that supplier
      // instead of creating a second one (the admin walk of 29 Nov found two "Contoso Switchgear").
      if (created != null) setCreatedId(created)
      const text =
        created != null
          ? `Supplier "${clean}" was created, but its products could not be saved: ${describeError(e)} Correct this and Save again to finish.`
          : describeError(e)
      setNotice({ variant: 'error', text })
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
    ...edits,
    save,
    cancel: () => navigate('/Suppliers'),
    /** Unsaved changes: leaving asks first, in this dialog. */
    dirty,
    unsavedDialog: unsaved.dialog,
  }
}

export type SupplierEditController = ReturnType<typeof useSupplierEdit>
