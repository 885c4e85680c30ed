import { ATTRIBUTE_KEYS } from '../../../schemas/entities/attribute'
import type { ProductTypeListItem, RecordTypeRef } from '../../../schemas/entities/product-type'
import type { RecordType } from '../../../schemas/entities/record-type'
import type { Supplier, SupplierProducts } from '../../../schemas/entities/supplier'
import type { CaptureType } from '../../../schemas/form-layout'

/** SPEC §9 record modes of /AddRecord. */
export const RECORD_MODES = ['Standard', 'Calibration'] as const
export type RecordMode = (typeof RECORD_MODES)[number]

/** SPEC §8 "Add record warnings", word for word. */
export const ADD_RECORD_WARNINGS = {
  noProductTypes: 'The selected supplier does not have any associated product types',
  noRecordTypes: 'The selected product type does not have any associated record types',
  noForm: 'Selected record type does not have an associated data entry form.',
} as const

/** An item of a select: id and the text shown. */
export interface Choice {
  id: number
  name: string
}

/** A record type offered in the record type select, with how it may be captured. */
export interface RecordTypeChoice extends Choice {
  captureType: CaptureType
  category: string | null
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name)

function parseList<T>(raw: string | null | undefined): T[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? (value as T[]) : []
  } catch {
    // An unreadable attribute offers nothing, which the page reports with the SPEC warning.
    return []
  }
}

/**
 * The product types of a supplier: its SupplierProducts, named from the product type list when the
 * attribute lacks a name. Types the user cannot see (scoped list) are still offered by their stored name.
 */
export function supplierProductTypes(supplier: Supplier, types: readonly ProductTypeListItem[]): Choice[] {
  const byId = new Map(types.map((t) => [t.id, t]))
  const products = parseList<SupplierProducts[number]>(
    supplier.attributes.find((a) => a.key === ATTRIBUTE_KEYS.supplierProducts)?.value,
  )
  const seen = new Set<number>()
  const out: Choice[] = []
  for (const p of products) {
    if (p.id == null || seen.has(p.id)) continue
    seen.add(p.id)
    out.push({ id: p.id, name: byId.get(p.id)?.name ?? p.name ?? String(p.id) })
  }
  return out.sort(byName)
}

/** Normalises a stored capture type; anything unknown is treated as form capture. */
const captureOf = (value: string | null | undefined): CaptureType =>
  value === 'file' || value === 'both' ? value : 'form'

/** The record types of a product type, from its RecordTypeAttribute (SPEC §3). */
export function productTypeRecordTypes(type: ProductTypeListItem | undefined): RecordTypeChoice[] {
  if (!type) return []
  return parseList<RecordTypeRef>(type.attributes.find((a) => a.key === ATTRIBUTE_KEYS.recordTypes)?.value)
    .filter((r) => Number.isInteger(r.id))
    .map((r) => ({
      id: r.id,
      name: r.name,
      captureType: captureOf(r.captureType),
      category: r.category ?? null,
    }))
}

/** Calibration mode lists every record type of category Calibration. */
export function calibrationRecordTypes(types: readonly RecordType[]): RecordTypeChoice[] {
  return types
    .filter((t) => t.units === 'Calibration')
    .map((t) => ({
      id: t.id,
      name: t.name,
      captureType: captureOf(t.captureType),
      category: t.units ?? null,
    }))
    .sort(byName)
}

/** SPEC §2: CSV upload appears for file or both capture, 'Enter Data' for form or both. */
export const acceptsFile = (capture: CaptureType) => capture === 'file' || capture === 'both'
export const acceptsForm = (capture: CaptureType) => capture === 'form' || capture === 'both'

/** What the user has chosen on /AddRecord. */
export interface Selection {
  mode: RecordMode
  supplierId: number | null
  ownerId: number | null
  productTypeId: number | null
  recordTypeId: number | null
}

/** The /DataEntry address for a selection (SPEC §2 query parameters). */
export function dataEntryUrl(selection: Selection): string {
  const params = new URLSearchParams()
  if (selection.mode === 'Standard' && selection.productTypeId != null)
    params.set('producttype', String(selection.productTypeId))
  if (selection.recordTypeId != null) params.set('recordtype', String(selection.recordTypeId))
  if (selection.mode === 'Standard' && selection.supplierId != null)
    params.set('supplier', String(selection.supplierId))
  if (selection.mode === 'Calibration' && selection.ownerId != null)
    params.set('owner', String(selection.ownerId))
  return `/DataEntry?${params.toString()}`
}

/** Sorted choices of a list of named items. */
export const choicesOf = (items: readonly Choice[]): Choice[] =>
  items.map(({ id, name }) => ({ id, name })).sort(byName)
