import { useMemo } from 'react'
import { useResource } from '../../api/use-resource'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import type { RecordType } from '../../../schemas/entities/record-type'
import { recordTypeLayout } from '../../../schemas/entities/record-type-layout'
import type { Supplier } from '../../../schemas/entities/supplier'
import { addRecordApi } from './add-record-api'
import {
  calibrationRecordTypes,
  choicesOf,
  type Choice,
  type RecordMode,
  type RecordTypeChoice,
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
 * The lists a mode chooses from: suppliers (only the session's for a supplier user) and product types
 * in Standard mode, owners and calibration record types in Calibration mode.
 */
export function useAddRecordLists(mode: RecordMode, fixedSupplierId: number | null) {
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
        fixedSupplierId != null
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
  return {
    loading: base.loading,
    error: base.error,
    standard: data?.mode === 'Standard' ? data : undefined,
    calibration: data?.mode === 'Calibration' ? data : undefined,
  }
}

/** The chosen record type in full, for its layout: ready once the one chosen has loaded. */
export function useChosenRecordType(recordTypeId: number | null) {
  const detail = useResource<RecordType | null>(
    (signal) =>
      recordTypeId == null ? Promise.resolve(null) : addRecordApi.recordType(recordTypeId, signal),
    [recordTypeId],
  )
  const recordType = detail.data?.id === recordTypeId ? (detail.data ?? undefined) : undefined
  const layout = useMemo(() => recordTypeLayout(recordType), [recordType])
  const ready = recordType !== undefined && !detail.loading
  return { layout, ready, error: detail.error }
}
