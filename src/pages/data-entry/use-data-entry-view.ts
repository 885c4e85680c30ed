import { useMemo } from 'react'
import { useAtomValue } from 'jotai'
import { canOpenAtom } from '../../session/session-atoms'
import { createRuntimeServices } from '../../api/runtime-services'
import { findControlByVariable, type FieldMappings, type FormLayout } from '../../../schemas/form-layout'
import type { DataEntryQuery, Loaded } from './data-entry-load'
import { headerResult, serialCheck, serialRules, serialVariables, type Category } from './data-entry-model'

/** The supplier, owner, product type and record type an entry is for. */
export interface EntryIds {
  supplierId: number | null
  ownerId: number | null
  productTypeId: number | null
  recordTypeId: number | null
}

/** An existing record keeps its own ids; a new entry takes them from the query. */
export function entryIds(query: DataEntryQuery, data: Loaded | undefined): EntryIds {
  const record = data?.record ?? null
  return {
    supplierId: record ? (record.supplierId ?? null) : query.supplierId,
    ownerId: record ? (record.deviceOwnerId ?? null) : query.ownerId,
    productTypeId: record ? (record.productTypeId ?? null) : query.productTypeId,
    recordTypeId: data?.recordType.id ?? query.recordTypeId,
  }
}

/** The label a variable's control shows, or the variable itself. */
export function labelOfVariable(layout: FormLayout | undefined, variable: string): string {
  const control = layout ? findControlByVariable(layout, variable)?.control : undefined
  return control && 'label' in control && control.label ? control.label : variable
}

/** The /DataEntry query that starts a duplicate: a new record of the same type for the same ids. */
export function duplicateQuery(ids: EntryIds): URLSearchParams {
  const next = new URLSearchParams()
  if (ids.productTypeId != null) next.set('producttype', String(ids.productTypeId))
  if (ids.recordTypeId != null) next.set('recordtype', String(ids.recordTypeId))
  if (ids.supplierId != null) next.set('supplier', String(ids.supplierId))
  if (ids.ownerId != null) next.set('owner', String(ids.ownerId))
  return next
}

/**
 * What the form shows besides its values: the runtime services for the entry's ids, the SPEC §4 serial
 * check status per serial variable and the header result.
 */
export function useDataEntryView(
  data: Loaded | undefined,
  ids: EntryIds,
  mappings: FieldMappings,
  category: Category,
  value: Record<string, unknown>,
) {
  const layout = data?.layout
  const recordsPage = useAtomValue(canOpenAtom)('/Records')
  const services = useMemo(
    () =>
      createRuntimeServices(
        {
          supplierId: ids.supplierId ?? undefined,
          ownerId: ids.ownerId ?? undefined,
          productTypeId: ids.productTypeId ?? undefined,
          recordTypeId: ids.recordTypeId ?? undefined,
        },
        { recordsPage },
      ),
    [ids.supplierId, ids.ownerId, ids.productTypeId, ids.recordTypeId, recordsPage],
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
  const serialChecks = Object.fromEntries(serials.map((v) => [v, serialCheck(value[v], rules[v])]))
  const result = layout ? headerResult(layout, mappings, category, value) : null
  return { services, serialChecks, result }
}
