import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { SURVEY_REPAIR_URL_TYPES, type SurveyRepairForm } from '../../../schemas/entities/fault-repair'
import { MESSAGES } from '../../../schemas/messages'
import { surveyRepairApi } from './survey-repair-api'
import { loadOriginal } from './survey-repair-load'
import { saveSurveyRepair } from './survey-repair-save'

type UrlType = (typeof SURVEY_REPAIR_URL_TYPES)[number]
/** The form while editing: every field may still be blank. */
export type SurveyRepairDraft = Partial<SurveyRepairForm>

/** The URL's type (SPEC §5), defaulting to item for a new entry; null when invalid. */
export function urlTypeOf(raw: string | null, isNew: boolean): UrlType | null {
  if (raw == null || raw === '') return isNew ? 'item' : null
  return (SURVEY_REPAIR_URL_TYPES as readonly string[]).includes(raw) ? (raw as UrlType) : null
}

/** SPEC §4 "Survey/repair editing": switching between item and descriptive drops the other kind's fields. */
export function switchKind(previous: SurveyRepairDraft, next: SurveyRepairDraft): SurveyRepairDraft {
  if (previous.kind === next.kind) return next
  const { descriptiveType, productTypeId, ...rest } = next
  if (next.kind === 'item') return { ...rest, productTypeId }
  if (next.kind === 'descriptive') return { ...rest, descriptiveType }
  return rest
}

/**
 * Controller of /SurveyRepairTypes/{id}?type=item|rdesc|fdesc (and /FaultRepairTypes): loads the item or
 * descriptive, and saves it where its kind lives (an item in its product type's list, a descriptive in
 * the configuration of its category).
 */
export function useSurveyRepairEdit(base: string, id: number | null) {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const rawType = params.get('type')
  const urlType = urlTypeOf(rawType, id == null)
  const rawProd = params.get('prod')
  // SPEC §5: a product in the URL must be a product type id ('prod=abc' is refused, not ignored).
  const prodInvalid = rawProd != null && rawProd !== '' && !/^[1-9]\d{0,8}$/.test(rawProd)
  const prod = prodInvalid || !rawProd ? undefined : Number(rawProd)
  const [form, setForm] = useState<SurveyRepairDraft>({})
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const resource = useResource(
    async (signal) => {
      if (!urlType) throw new Error(MESSAGES.surveyRepair.invalidUrlType)
      if (prodInvalid) throw new Error(MESSAGES.surveyRepair.productInvalid)
      const productTypes = await surveyRepairApi.productTypes(signal)
      if (urlType === 'item' && prod !== undefined && !productTypes.some((t) => t.id === prod))
        throw new Error(MESSAGES.surveyRepair.productInvalid)
      const original = id == null ? null : await loadOriginal(id, urlType, prod, signal)
      setForm(
        original ??
          // A new entry without a type in its URL starts on the placeholder: Save asks for the kind.
          (!rawType
            ? {}
            : urlType === 'item'
              ? { kind: 'item', productTypeId: prod }
              : { kind: 'descriptive', descriptiveType: urlType === 'fdesc' ? 'Fault' : 'Repair' }),
      )
      return { productTypes: [...productTypes].sort((a, b) => a.name.localeCompare(b.name)), original }
    },
    [urlType, rawType, id, prod, prodInvalid],
  )

  const change = (next: SurveyRepairDraft) => setForm((old) => switchKind(old, next))

  /** Called by the form with schema-valid data. */
  const save = async (data: SurveyRepairForm) => {
    const original = resource.data?.original ?? null
    setError(null)
    setSaving(true)
    try {
      await saveSurveyRepair(original, data, id)
      navigate(id == null ? `${base}?success=true` : base)
    } catch (e) {
      setError(describeError(e))
      setSaving(false)
    }
  }

  return {
    invalidUrl: urlType == null,
    loading: resource.loading,
    loadError: resource.error,
    productTypes: resource.data?.productTypes ?? [],
    form,
    change,
    save,
    saving,
    error,
    clearError: () => setError(null),
    cancel: () => navigate(base),
  }
}
