import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import type { BannerVariant } from '../../components/banner'
import { ATTRIBUTE_KEYS } from '../../../schemas/entities/attribute'
import type { Mapping, ProductType, RecordTypeRef } from '../../../schemas/entities/product-type'
import { MESSAGES } from '../../../schemas/messages'
import { productTypesApi } from './product-types-api'

/** A record type row of the edit grid; `id` null until a record type is chosen. */
export interface RecordTypeRow {
  key: string
  id: number | null
}

/** The form's own fields beside the schema-driven name. */
export interface ProductTypeForm {
  name: string
  isSubComponent: boolean
  parentId: number | null
  noPrefix: boolean
  recordTypes: RecordTypeRow[]
}

/** Not a SPEC text: a ticked sub component needs its parent. */
export const PARENT_REQUIRED = 'Select the parent product type of this sub component.'

let counter = 0
const key = () => `record-type-${++counter}`

function recordTypesOf(type: ProductType): RecordTypeRow[] {
  const raw = type.attributes.find((a) => a.key === ATTRIBUTE_KEYS.recordTypes)?.value
  try {
    return ((raw ? JSON.parse(raw) : []) as RecordTypeRef[]).map((r) => ({ key: key(), id: r.id }))
  } catch {
    return []
  }
}

/** SPEC §5 "Product type" rules the grid and checkboxes add to the schema's name rule. */
export function productTypeFormError(form: ProductTypeForm): string | undefined {
  if (form.recordTypes.some((r) => r.id == null)) return MESSAGES.productType.emptyRecordType
  if (form.isSubComponent && form.parentId == null) return PARENT_REQUIRED
  return undefined
}

/**
 * Controller of /ProductTypes/{id} (SPEC §2, §4 "Product type save"): name, sub component with parent,
 * the no-prefix checkbox and the record type rows; saves in the SPEC order.
 */
export function useProductTypeEdit(id: number | null) {
  const navigate = useNavigate()
  const [form, setForm] = useState<ProductTypeForm>({
    name: '',
    isSubComponent: false,
    parentId: null,
    noPrefix: false,
    recordTypes: [],
  })
  const [notice, setNotice] = useState<{ variant: BannerVariant; text: string } | null>(null)
  const [saving, setSaving] = useState(false)

  const resource = useResource(
    async (signal) => {
      const [types, recordTypes, type, mappings] = await Promise.all([
        productTypesApi.list(signal),
        productTypesApi.recordTypes(signal),
        id == null ? null : productTypesApi.get(id, signal),
        id == null ? ([] as Mapping[]) : productTypesApi.parentMappings(id, signal),
      ])
      if (type) {
        setForm({
          name: type.name,
          isSubComponent: type.parent > 0,
          parentId: type.parent > 0 ? type.parent : null,
          noPrefix: type.attributes.some((a) => a.key === ATTRIBUTE_KEYS.noSerialNumberPrefix),
          recordTypes: recordTypesOf(type),
        })
      }
      return {
        // SPEC §2: the Parent dropdown excludes the type itself.
        parents: types.filter((t) => t.id !== id).sort((a, b) => a.name.localeCompare(b.name)),
        recordTypes: [...recordTypes].sort((a, b) => a.name.localeCompare(b.name)),
        original: type,
        mapping: mappings[0] ?? null,
      }
    },
    [id],
  )

  const update = (patch: Partial<ProductTypeForm>) => setForm((f) => ({ ...f, ...patch }))
  /** Adds an empty row after the others (issue #11.26: where the list goes on), and answers its key. */
  const addRecordType = () => {
    const added = key()
    update({ recordTypes: [...form.recordTypes, { key: added, id: null }] })
    return added
  }
  const setRecordType = (rowKey: string, value: number | null) =>
    update({ recordTypes: form.recordTypes.map((r) => (r.key === rowKey ? { ...r, id: value } : r)) })
  const removeRecordType = (rowKey: string) =>
    update({ recordTypes: form.recordTypes.filter((r) => r.key !== rowKey) })

  const save = async (name: string) => {
    const next = { ...form, name: name.trim() }
    const error = productTypeFormError(next)
    if (error) return setNotice({ variant: 'error', text: error })
    const loaded = resource.data
    setNotice(null)
    setSaving(true)
    try {
      const parentId = next.isSubComponent ? next.parentId : null
      const recordTypeIds = next.recordTypes.map((r) => r.id!) as number[]
      const original = loaded?.original ?? null
      const body = {
        name: next.name,
        description: original?.description ?? next.name,
        assetTypeKey: original?.assetTypeKey ?? null,
        assetManufacturerId: original?.assetManufacturerId ?? null,
      }
      if (id == null) {
        const newId = await productTypesApi.create(body)
        if (parentId != null) await productTypesApi.setParent(parentId, newId)
        await productTypesApi.setRecordTypes(newId, recordTypeIds)
        if (next.noPrefix) await productTypesApi.addNoPrefix(newId)
        navigate('/ProductTypes?success=true')
        return
      }
      await productTypesApi.update(id, body)
      const oldParent = original && original.parent > 0 ? original.parent : null
      if (oldParent !== parentId) {
        // SPEC §4 "replace the parent mapping": the loaded mapping goes by DELETE /api/Mapping when another
        // parent takes its place; a parent removed outright by the child DELETE with its subject id.
        const mapping = loaded?.mapping
        if (oldParent != null && parentId != null && mapping) await productTypesApi.deleteMapping(mapping)
        else if (oldParent != null) await productTypesApi.removeParent(oldParent, mapping?.subjectId ?? id)
        if (parentId != null) await productTypesApi.setParent(parentId, id)
      }
      await productTypesApi.setRecordTypes(id, recordTypeIds)
      const hadNoPrefix = Boolean(
        original?.attributes.some((a) => a.key === ATTRIBUTE_KEYS.noSerialNumberPrefix),
      )
      if (next.noPrefix && !hadNoPrefix) await productTypesApi.addNoPrefix(id)
      if (!next.noPrefix && hadNoPrefix) await productTypesApi.removeNoPrefix(id)
      navigate('/ProductTypes')
    } catch (e) {
      setNotice({ variant: 'error', text: describeError(e) })
      setSaving(false)
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
    notice,
    clearNotice: () => setNotice(null),
    saving,
    save,
    cancel: () => navigate('/ProductTypes'),
  }
}

export type ProductTypeEditController = ReturnType<typeof useProductTypeEdit>
