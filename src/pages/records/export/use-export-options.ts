import { categoryFilterOf } from '../../../../schemas/records'
import { useResource } from '../../../api/use-resource'
import { exportOptionsApi } from './export-api'

export interface Option {
  value: string
  label: string
}

const none = <T>(p: Promise<T[]>) => p.catch((): T[] => [])
const sorted = (list: Option[]) => [...list].sort((a, b) => a.label.localeCompare(b.label))
const names = (list: string[]) => sorted([...new Set(list)].map((n) => ({ value: n, label: n })))

/**
 * The choices of the export dialog's selects: record types (with their category, so a section can
 * narrow them), product types, supplier and customer names, survey/repair items and descriptives.
 */
export function useExportOptions() {
  return useResource(async (signal) => {
    const [recordTypes, productTypes, suppliers, customers, faultRepair] = await Promise.all([
      none(exportOptionsApi.recordTypes(signal)),
      none(exportOptionsApi.productTypes(signal)),
      none(exportOptionsApi.suppliers(signal)),
      none(exportOptionsApi.customers(signal)),
      none(exportOptionsApi.faultRepairTypes(signal)),
    ])
    return {
      recordTypes: recordTypes
        .map((t) => ({ value: String(t.id), label: t.name, category: categoryFilterOf(t.units) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      productTypes: sorted(productTypes.map((p) => ({ value: String(p.id), label: p.name }))),
      suppliers: names(suppliers.map((s) => s.name)),
      customers: names(customers.map((c) => c.name)),
      items: names(faultRepair.filter((f) => f.faultRepairType === 'Item').map((f) => f.name)),
      faultDescriptives: names(faultRepair.filter((f) => f.descriptiveType === 'Fault').map((f) => f.name)),
      repairDescriptives: names(faultRepair.filter((f) => f.descriptiveType === 'Repair').map((f) => f.name)),
    }
  }, [])
}

export type ExportOptions = NonNullable<ReturnType<typeof useExportOptions>['data']>
