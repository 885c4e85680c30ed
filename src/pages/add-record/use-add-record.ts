import { recordTypeLayout } from '../../../schemas/entities/record-type-layout'
import { useMemo, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useResource } from '../../api/use-resource'
import { sessionAtom } from '../../session/session-atoms'
import { categoryFilterOf, readableCategories } from '../../../schemas/records'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { RecordType } from '../../../schemas/entities/record-type'
import type { Supplier } from '../../../schemas/entities/supplier'
import { addRecordApi } from './add-record-api'
import {
  acceptsFile,
  acceptsForm,
  ADD_RECORD_WARNINGS,
  calibrationRecordTypes,
  choicesOf,
  dataEntryUrl,
  productTypeRecordTypes,
  supplierProductTypes,
  type Choice,
  type RecordMode,
  type RecordTypeChoice,
  type Selection,
} from './add-record-model'

interface StandardData {
  mode: 'Standard'
  suppliers: Supplier[]
  productTypes: ProductTypeListItem[]
}
interface CalibrationData {
  mode: 'Calibration'
  owners: Choice[]
  recordTypes: RecordTypeChoice[]
}

/**
 * Controller of /AddRecord (SPEC §2 "Add record", §8 "Add record warnings"): the Standard/Calibration mode
 * (fixed to Standard with the session's supplier for supplier users), the chain supplier → product type →
 * record type (or owner → record type), what the chosen record type can capture, and the warnings.
 */
export function useAddRecord() {
  const session = useAtomValue(sessionAtom)
  const fixedSupplierId = session?.supplierId ?? null
  const supplierFixed = fixedSupplierId != null

  const [mode, setModeState] = useState<RecordMode>('Standard')
  const [supplierId, setSupplierId] = useState<number | null>(fixedSupplierId)
  const [ownerId, setOwnerId] = useState<number | null>(null)
  const [productTypeId, setProductTypeId] = useState<number | null>(null)
  const [recordTypeId, setRecordTypeId] = useState<number | null>(null)

  const base = useResource<StandardData | CalibrationData>(
    async (signal) => {
      if (mode === 'Calibration') {
        const [owners, types] = await Promise.all([
          addRecordApi.owners(signal),
          addRecordApi.recordTypes(signal),
        ])
        return { mode, owners: choicesOf(owners), recordTypes: calibrationRecordTypes(types) }
      }
      const [suppliers, productTypes] = await Promise.all([
        supplierFixed
          ? addRecordApi.supplier(fixedSupplierId, signal).then((s) => [s])
          : addRecordApi.suppliers(signal),
        addRecordApi.productTypes(signal),
      ])
      return { mode, suppliers: [...suppliers].sort((a, b) => a.name.localeCompare(b.name)), productTypes }
    },
    [mode, fixedSupplierId],
  )
  // While a mode switch reloads, the old mode's data must not feed the new mode's selects.
  const data = base.data?.mode === mode ? base.data : undefined
  const standard = data?.mode === 'Standard' ? data : undefined
  const calibration = data?.mode === 'Calibration' ? data : undefined

  const supplier = standard?.suppliers.find((s) => s.id === supplierId)
  const productTypes = useMemo(
    () => (supplier && standard ? supplierProductTypes(supplier, standard.productTypes) : []),
    [supplier, standard],
  )
  // Only the categories the user may submit — the ones it may read (issue #11.2; the server refuses others).
  const allowed = readableCategories(session?.view ?? 'none', session?.recordViewCategories ?? [])
  const mayCapture = (r: RecordTypeChoice) => {
    const category = categoryFilterOf(r.category)
    return !category || allowed.includes(category)
  }
  const recordTypes = useMemo<RecordTypeChoice[]>(() => {
    if (calibration) return ownerId == null ? [] : calibration.recordTypes.filter(mayCapture)
    if (!standard || productTypeId == null) return []
    return productTypeRecordTypes(standard.productTypes.find((t) => t.id === productTypeId)).filter(
      mayCapture,
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `allowed` follows the session, listed below
  }, [calibration, standard, ownerId, productTypeId, session?.view, session?.recordViewCategories])
  const recordTypeChoice = recordTypes.find((r) => r.id === recordTypeId)

  const detail = useResource<RecordType | null>(
    (signal) =>
      recordTypeId == null ? Promise.resolve(null) : addRecordApi.recordType(recordTypeId, signal),
    [recordTypeId],
  )
  const recordType = detail.data?.id === recordTypeId ? (detail.data ?? undefined) : undefined
  const layout = useMemo(() => recordTypeLayout(recordType), [recordType])
  const capture = recordTypeChoice?.captureType ?? null
  const detailReady = recordType !== undefined && !detail.loading

  const warnings: string[] = []
  if (standard && supplier && productTypes.length === 0) warnings.push(ADD_RECORD_WARNINGS.noProductTypes)
  if (standard && productTypeId != null && recordTypes.length === 0)
    warnings.push(ADD_RECORD_WARNINGS.noRecordTypes)
  if (capture && acceptsForm(capture) && detailReady && !layout) warnings.push(ADD_RECORD_WARNINGS.noForm)

  const selection: Selection = { mode, supplierId, ownerId, productTypeId, recordTypeId }

  /** Switching mode starts the choice again (SPEC §2: Calibration picks an owner and hides Product Type). */
  const setMode = (next: RecordMode) => {
    if (supplierFixed || next === mode) return
    setModeState(next)
    setSupplierId(null)
    setOwnerId(null)
    setProductTypeId(null)
    setRecordTypeId(null)
  }
  const chooseSupplier = (id: number | null) => {
    if (supplierFixed) return
    setSupplierId(id)
    setProductTypeId(null)
    setRecordTypeId(null)
  }
  const chooseOwner = (id: number | null) => {
    setOwnerId(id)
    setRecordTypeId(null)
  }
  const chooseProductType = (id: number | null) => {
    setProductTypeId(id)
    setRecordTypeId(null)
  }

  return {
    loading: base.loading,
    loadError: base.error,
    detailError: detail.error,
    detailLoading: recordTypeId != null && !detailReady && !detail.error,
    supplierFixed,
    mode,
    setMode,
    suppliers: standard ? choicesOf(standard.suppliers) : [],
    supplierName: supplier?.name ?? null,
    owners: calibration?.owners ?? [],
    productTypes,
    recordTypes,
    selection,
    chooseSupplier,
    chooseOwner,
    chooseProductType,
    chooseRecordType: setRecordTypeId,
    recordType: recordTypeChoice ?? null,
    layout,
    warnings,
    /** SPEC §2: CSV upload for file or both capture (Standard mode: the upload names a supplier and type). */
    showCsvUpload: Boolean(capture && acceptsFile(capture) && detailReady && mode === 'Standard'),
    /** SPEC §2: 'Enter Data' for form or both capture with a layout. */
    showEnterData: Boolean(capture && acceptsForm(capture) && layout),
    dataEntryUrl: dataEntryUrl(selection),
  }
}

export type AddRecordController = ReturnType<typeof useAddRecord>
