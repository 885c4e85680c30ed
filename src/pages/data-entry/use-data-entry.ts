import { useCallback, useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { emptyValues } from '../../../runtime/compiler'
import { validateRecord } from '../../../runtime/form'
import { fromServerData, toServerData } from '../../../runtime/pass-fail'
import { findControlByVariable } from '../../../schemas/form-layout'
import { dataEntryApi } from './data-entry-api'
import { DATA_ENTRY_TEXTS, load, parseDataEntryQuery } from './data-entry-load'
import {
  categoryOf,
  clearSerialGroup,
  headerResult,
  mappingsOf,
  serialCheck,
  serialRules,
  serialVariables,
  submitRoute,
} from './data-entry-model'
import { createRuntimeServices } from '../../api/runtime-services'

/** What the 'Upload Complete' summary shows. */
export interface UploadSummary {
  productTypeName: string | null
  recordTypeName: string
}

/**
 * Controller of /DataEntry (SPEC §2 "Data entry", §4 "Data entry"): loads the record type, its layout
 * (the captured revision for an existing record) and the record; keeps the values, Lock Items, the
 * serial checks and the header result; saves through the category's call; then shows the summary
 * (or, for Despatch, clears the serial group and stays).
 */
export function useDataEntry() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => parseDataEntryQuery(params), [params])
  const { recordId, recordTypeId: queryRecordTypeId, productTypeId: queryProductTypeId } = query
  const [value, setValue] = useState<Record<string, unknown>>({})
  const [locked, setLocked] = useState(false)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [summary, setSummary] = useState<UploadSummary | null>(null)

  const resource = useResource(
    async (signal) => {
      const loaded = await load(query, signal)
      setValue(
        loaded.record
          ? // Stored n/a reads back as '-' (SPEC §4); the form (and its header result) shows n/a again.
            fromServerData(loaded.layout, { ...emptyValues(loaded.layout), ...loaded.record.data })
          : emptyValues(loaded.layout),
      )
      setSummary(null)
      setFieldErrors({})
      return loaded
    },
    // Not `edit`: Edit keeps the loaded record, only what is shown changes.
    [recordId, queryRecordTypeId, queryProductTypeId, query.supplierId, query.ownerId],
  )
  const data = resource.data
  const record = data?.record ?? null
  const existing = record != null
  const readOnly = existing && !query.edit
  const layout = data?.layout
  const category = categoryOf(data?.recordType)
  const mappings = useMemo(() => mappingsOf(data?.recordType), [data?.recordType])

  const ids = {
    supplierId: record ? (record.supplierId ?? null) : query.supplierId,
    ownerId: record ? (record.deviceOwnerId ?? null) : query.ownerId,
    productTypeId: record ? (record.productTypeId ?? null) : query.productTypeId,
    recordTypeId: data?.recordType.id ?? query.recordTypeId,
  }
  const services = useMemo(
    () =>
      createRuntimeServices({
        supplierId: ids.supplierId ?? undefined,
        ownerId: ids.ownerId ?? undefined,
        productTypeId: ids.productTypeId ?? undefined,
        recordTypeId: ids.recordTypeId ?? undefined,
      }),
    [ids.supplierId, ids.ownerId, ids.productTypeId, ids.recordTypeId],
  )

  const serials = useMemo(() => (layout ? serialVariables(layout) : []), [layout])
  const rules = useMemo(
    () =>
      data
        ? serialRules({
            variables: serials,
            mappings,
            productTypeId: ids.productTypeId,
            supplier: data.supplier,
            owner: data.owner,
            productTypes: data.productTypes,
          })
        : {},
    [data, serials, mappings, ids.productTypeId],
  )
  /** SPEC §4 serial check status per serial variable. */
  const serialChecks = Object.fromEntries(serials.map((v) => [v, serialCheck(value[v], rules[v])]))

  const result = layout ? headerResult(layout, mappings, category, value) : null
  const productTypeName =
    data?.productTypes.find((t) => t.id === ids.productTypeId)?.name ?? record?.productTypeName ?? null

  const onChange = useCallback((next: Record<string, unknown>) => {
    setValue(next)
    setNotice(null)
  }, [])

  const save = async () => {
    if (!data || !layout || readOnly || saving) return
    const problems = validateRecord(layout, value)
    setFieldErrors(problems)
    if (Object.keys(problems).length > 0) {
      setError(DATA_ENTRY_TEXTS.invalid)
      return
    }
    setError(null)
    setNotice(null)
    setSaving(true)
    try {
      await dataEntryApi.submit(
        submitRoute(category, existing),
        {
          supplierId: ids.supplierId,
          deviceOwnerId: ids.ownerId,
          productTypeId: ids.productTypeId,
          recordTypeId: data.recordType.id,
          fileName: null,
          data: toServerData(layout, value),
        },
        record?.recordId,
      )
      if (category === 'Despatch' && !existing) {
        // SPEC §4: no summary; the serial group is cleared for the next item.
        setValue((v) => clearSerialGroup(layout, v, emptyValues(layout)))
        setNotice(DATA_ENTRY_TEXTS.despatchSaved)
      } else {
        setSummary({ productTypeName, recordTypeName: data.recordType.name })
      }
    } catch (e) {
      setError(describeError(e))
    } finally {
      setSaving(false)
    }
  }

  /** Back to where the user came from; home when the page was opened directly. */
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate('/Home')
  }

  /** SPEC §2: Edit reloads the page with edit=true. */
  const edit = () => {
    const next = new URLSearchParams(params)
    next.set('edit', 'true')
    setParams(next)
  }

  /** SPEC §4: a duplicate starts empty (checkbox false, group 'Fail', others null), same record type. */
  const addDuplicate = () => {
    if (!layout) return
    setValue(emptyValues(layout))
    setSummary(null)
    setFieldErrors({})
    setLocked(false)
    if (existing) {
      // The duplicate is a new record of the same type for the same supplier/owner and product type.
      const next = new URLSearchParams()
      if (ids.productTypeId != null) next.set('producttype', String(ids.productTypeId))
      if (ids.recordTypeId != null) next.set('recordtype', String(ids.recordTypeId))
      if (ids.supplierId != null) next.set('supplier', String(ids.supplierId))
      if (ids.ownerId != null) next.set('owner', String(ids.ownerId))
      navigate(`/DataEntry?${next.toString()}`)
    }
  }

  const labelOf = (variable: string) => {
    const control = layout ? findControlByVariable(layout, variable)?.control : undefined
    return control && 'label' in control && control.label ? control.label : variable
  }

  return {
    loading: resource.loading,
    loadError: resource.error,
    title: layout?.title ?? '',
    layout,
    recordType: data?.recordType,
    category,
    value,
    onChange,
    readOnly,
    existing,
    /** The record shown (`?record=`), for its history panel. */
    recordId: query.recordId,
    /** The layout revision a stored record was captured and judged with (issue #12). */
    layoutRevision: record?.layoutVersion ?? null,
    editing: existing && query.edit,
    locked,
    toggleLocked: () => setLocked((l) => !l),
    services,
    result,
    serialChecks,
    labelOf,
    saving,
    error,
    notice,
    fieldErrors,
    save,
    cancel: back,
    close: back,
    edit,
    summary,
    finish: () => navigate('/Home'),
    addDuplicate,
    addNew: () => navigate('/AddRecord'),
    dismissError: () => setError(null),
  }
}

export type DataEntryController = ReturnType<typeof useDataEntry>
