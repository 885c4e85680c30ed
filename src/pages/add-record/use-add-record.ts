import { useMemo } from 'react'
import { useAtomValue } from 'jotai'
import { sessionAtom } from '../../session/session-atoms'
import { categoryFilterOf, readableCategories } from '../../../schemas/records'
import {
  acceptsFile,
  acceptsForm,
  ADD_RECORD_WARNINGS,
  choicesOf,
  dataEntryUrl,
  productTypeRecordTypes,
  supplierProductTypes,
  type RecordTypeChoice,
} from './add-record-model'
import { useAddRecordLists, useChosenRecordType } from './use-add-record-data'
import { useAddRecordSelection } from './use-add-record-selection'

/**
 * Controller of /AddRecord (SPEC §2 "Add record", §8 "Add record warnings"): the Standard/Calibration mode
 * (fixed to Standard with the session's supplier for supplier users), the chain supplier → product type →
 * record type (or owner → record type), what the chosen record type can capture, and the warnings.
 */
export function useAddRecord() {
  const session = useAtomValue(sessionAtom)
  const fixedSupplierId = session?.supplierId ?? null
  const supplierFixed = fixedSupplierId != null
  const { selection, ...choose } = useAddRecordSelection(fixedSupplierId)
  const { mode, supplierId, ownerId, productTypeId, recordTypeId } = selection
  const { standard, calibration, ...lists } = useAddRecordLists(mode, fixedSupplierId)

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

  const detail = useChosenRecordType(recordTypeId)
  const { layout, ready: detailReady } = detail
  const capture = recordTypeChoice?.captureType ?? null

  const warnings: string[] = []
  if (standard && supplier && productTypes.length === 0) warnings.push(ADD_RECORD_WARNINGS.noProductTypes)
  if (standard && productTypeId != null && recordTypes.length === 0)
    warnings.push(ADD_RECORD_WARNINGS.noRecordTypes)
  if (capture && acceptsForm(capture) && detailReady && !layout) warnings.push(ADD_RECORD_WARNINGS.noForm)

  return {
    loading: lists.loading,
    loadError: lists.error,
    detailError: detail.error,
    detailLoading: recordTypeId != null && !detailReady && !detail.error,
    supplierFixed,
    mode,
    suppliers: standard ? choicesOf(standard.suppliers) : [],
    supplierName: supplier?.name ?? null,
    owners: calibration?.owners ?? [],
    productTypes,
    recordTypes,
    selection,
    ...choose,
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
