import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import type { BannerVariant } from '../../components/banner'
import { useUnsavedChanges } from '../../components/use-unsaved-changes'
import type { Mapping } from '../../../schemas/entities/product-type'
import { productTypesApi } from './product-types-api'
import {
  emptyProductTypeForm,
  newRecordTypeRow,
  productTypeFormError,
  productTypeFormOf,
  productTypeSnapshot,
  type ProductTypeForm,
} from './product-type-form'
import { PartlySavedError, saveProductType } from './product-type-save'
import type { ParameterRow } from './parameter-rows'
import type { ProductTypeParameters } from '../../../schemas/entities/test-parameter'

/**
 * Not a SPEC text: the banner of a new product type whose later save step failed (its page is then the
 * new product type's, so Save again updates it).
 */
export function partlySavedMessage(e: PartlySavedError, name: string): string {
  const notTried = e.notTried.length ? ` Not saved yet: ${e.notTried.join(', ')}.` : ''
  return (
    `Product type "${name}" was created (ID ${e.id}), but ${e.failed} could not be saved: ` +
    `${describeError(e.reason)}${notTried} Correct this and Save again to finish.`
  )
}

const NO_PARAMETERS: ProductTypeParameters = { own: [], resolved: [] }

/** What the page loads: the lists, the stored type (its form) with its parent mapping and parameters. */
async function loadProductType(id: number | null, signal: AbortSignal) {
  const [types, recordTypes, type, mappings, parameters] = await Promise.all([
    productTypesApi.list(signal),
    productTypesApi.recordTypes(signal),
    id == null ? null : productTypesApi.get(id, signal),
    id == null ? ([] as Mapping[]) : productTypesApi.parentMappings(id, signal),
    id == null ? NO_PARAMETERS : productTypesApi.parameters(id, signal),
  ])
  return {
    form: type ? productTypeFormOf(type, parameters.own) : null,
    // SPEC §2: the Parent dropdown excludes the type itself.
    parents: types.filter((t) => t.id !== id).sort((a, b) => a.name.localeCompare(b.name)),
    recordTypes: [...recordTypes].sort((a, b) => a.name.localeCompare(b.name)),
    original: type,
    mapping: mappings[0] ?? null,
    ownParameters: parameters.own,
    // Inherited values (set on a parent), shown beside the grid so a sub-type can override them.
    inherited: parameters.resolved.filter((p) => p.fromId !== id),
  }
}

/**
 * Controller of /ProductTypes/{id} (SPEC §2, §4 "Product type save"): name, sub component with parent,
 * the no-prefix checkbox, the record type rows and the test parameters; saves in the SPEC order.
 */
export function useProductTypeEdit(id: number | null) {
  const navigate = useNavigate()
  const [form, setForm] = useState<ProductTypeForm>(emptyProductTypeForm)
  const [notice, setNotice] = useState<{ variant: BannerVariant; text: string } | null>(null)
  const [saving, setSaving] = useState(false)
  // What was loaded (or the empty form): the form is unsaved while it differs (issue #11.25).
  const [baseline, setBaseline] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  // A new product type created by a save whose later step failed: its page is opened in place of
  // /ProductTypes/New, keeping the form as the user left it, so the next save updates it.
  const [moveTo, setMoveTo] = useState<number | null>(null)
  const keepForm = useRef<number | null>(null)

  const resource = useResource(
    async (signal) => {
      const { form: stored, ...loaded } = await loadProductType(id, signal)
      if (stored && id !== keepForm.current) setForm(stored)
      setBaseline(productTypeSnapshot(stored ?? emptyProductTypeForm()))
      return loaded
    },
    [id],
  )

  const dirty = !saved && moveTo == null && baseline !== null && productTypeSnapshot(form) !== baseline
  const unsaved = useUnsavedChanges(dirty)
  useEffect(() => {
    // After the render that stopped asking (the guard's own effect has run): the move loses nothing.
    if (moveTo == null) return
    keepForm.current = moveTo
    navigate(`/ProductTypes/${moveTo}`, { replace: true })
    setMoveTo(null)
  }, [moveTo, navigate])

  const update = (patch: Partial<ProductTypeForm>) => setForm((f) => ({ ...f, ...patch }))
  /** Adds an empty row after the others (issue #11.26: where the list goes on), and answers its key. */
  const addRecordType = () => {
    const added = newRecordTypeRow()
    update({ recordTypes: [...form.recordTypes, added] })
    return added.key
  }
  const setRecordType = (rowKey: string, value: number | null) =>
    update({ recordTypes: form.recordTypes.map((r) => (r.key === rowKey ? { ...r, id: value } : r)) })
  const removeRecordType = (rowKey: string) =>
    update({ recordTypes: form.recordTypes.filter((r) => r.key !== rowKey) })

  const setParameters = (parameters: ParameterRow[]) => update({ parameters })

  const save = async (name: string) => {
    const next = { ...form, name: name.trim() }
    const names = new Map((resource.data?.recordTypes ?? []).map((r) => [r.id, r.name]))
    const error = productTypeFormError(next, (rt) => names.get(rt) ?? String(rt))
    if (error) return setNotice({ variant: 'error', text: error })
    const loaded = resource.data
    setNotice(null)
    setSaving(true)
    try {
      await saveProductType(id, next, loaded)
      setSaved(true)
      // Saved: leaving loses nothing now.
      unsaved.allowLeave()
      navigate(id == null ? '/ProductTypes?success=true' : '/ProductTypes')
    } catch (e) {
      setSaving(false)
      if (e instanceof PartlySavedError) {
        setNotice({ variant: 'error', text: partlySavedMessage(e, next.name) })
        setMoveTo(e.id)
      } else setNotice({ variant: 'error', text: describeError(e) })
    }
  }

  return {
    loading: resource.loading,
    loadError: resource.error,
    parents: resource.data?.parents ?? [],
    recordTypeOptions: resource.data?.recordTypes ?? [],
    form,
    update,
    addRecordType,
    setRecordType,
    removeRecordType,
    inheritedParameters: resource.data?.inherited ?? [],
    setParameters,
    notice,
    clearNotice: () => setNotice(null),
    saving,
    save,
    cancel: () => navigate('/ProductTypes'),
    /** Unsaved changes: leaving asks first, in this dialog. */
    dirty,
    unsavedDialog: unsaved.dialog,
  }
}

export type ProductTypeEditController = ReturnType<typeof useProductTypeEdit>
