import { useState } from 'react'
import type { RecordMode, Selection } from './add-record-model'

/**
 * The choices of /AddRecord: the mode and the chain supplier → product type → record type (or owner →
 * record type). A choice clears the ones after it; a supplier user's supplier stays fixed.
 */
export function useAddRecordSelection(fixedSupplierId: number | null) {
  const supplierFixed = fixedSupplierId != null
  const [mode, setModeState] = useState<RecordMode>('Standard')
  const [supplierId, setSupplierId] = useState<number | null>(fixedSupplierId)
  const [ownerId, setOwnerId] = useState<number | null>(null)
  const [productTypeId, setProductTypeId] = useState<number | null>(null)
  const [recordTypeId, setRecordTypeId] = useState<number | null>(null)
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
    selection,
    setMode,
    chooseSupplier,
    chooseOwner,
    chooseProductType,
    chooseRecordType: setRecordTypeId,
  }
}
