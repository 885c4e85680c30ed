import { ATTRIBUTE_KEYS } from '../../../schemas/entities/attribute'
import type { DeviceOwner } from '../../../schemas/entities/device-owner'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import { RECORD_TYPE_ATTRIBUTES, type RecordType } from '../../../schemas/entities/record-type'
import type { Supplier, SupplierProducts } from '../../../schemas/entities/supplier'
import {
  findControlByVariable,
  NA_TEXT,
  tableResult,
  walkControls,
  type Control,
  type FieldMappings,
  type FormLayout,
} from '../../../schemas/form-layout'
import { matchSerial, type RangeBounds } from '../../../schemas/records/serial-match'
import type { SubmitRoute } from './data-entry-api'

/** The record category of a record type (its units), as SPEC §3 stores it. */
export type Category = 'Test' | 'Despatch' | 'Problem Report' | 'Calibration'

export const categoryOf = (recordType: Pick<RecordType, 'units'> | undefined): Category =>
  recordType?.units === 'Despatch' ||
  recordType?.units === 'Problem Report' ||
  recordType?.units === 'Calibration'
    ? recordType.units
    : 'Test'

/**
 * SPEC §7 Submission: Calibration and Despatch have their own calls, Test and Problem Report use
 * upload-single, and an edited Problem Report is PUT to its record. Other edited records are stored as a
 * new record (the server only edits Problem Reports; a re-test is a new record, the old one is kept).
 */
export function submitRoute(category: Category, editingExisting: boolean): SubmitRoute {
  if (category === 'Problem Report' && editingExisting) return 'edit'
  if (category === 'Calibration') return 'calibration'
  if (category === 'Despatch') return 'despatch'
  return 'upload-single'
}

/** The record type's field mappings, or {} when it has none or they are unreadable. */
export function mappingsOf(recordType: RecordType | undefined): FieldMappings {
  const raw = recordType?.attributes.find((a) => a.key === RECORD_TYPE_ATTRIBUTES.mappings)?.value
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as FieldMappings) : {}
  } catch {
    return {}
  }
}

/** A result as the header icon shows it: '-' while nothing has been answered. */
export type HeaderResult = 'Pass' | 'Fail' | '-'

const resultText = (value: unknown): string | null => {
  if (value && typeof value === 'object' && 'passOrFail' in value) return String(value.passOrFail)
  if (typeof value === 'boolean') return value ? 'Pass' : 'Fail'
  return value == null ? null : String(value)
}

const answered = (value: unknown): boolean => {
  if (value && typeof value === 'object' && 'passOrFail' in value) {
    const v = value as { value: unknown; passOrFail: unknown }
    return v.passOrFail !== '-' || (v.value !== null && v.value !== '')
  }
  return false
}

/** A measurement table (issue #14) with one answered test cell. */
const tableAnswered = (rows: unknown): boolean =>
  Array.isArray(rows) &&
  rows.some((row) => typeof row === 'object' && row !== null && Object.values(row).some(answered))

/**
 * SPEC §2: the header's pass/fail status for Test records with a result variable (the mapping's
 * resultField); null when there is no icon. A group result is '-' until one of its tests has an answer,
 * since a fresh group starts at 'Fail' (SPEC §4) before anything was tested; a measurement table's the
 * same, then its own result.
 */
export function headerResult(
  layout: FormLayout,
  mappings: FieldMappings,
  category: Category,
  data: Readonly<Record<string, unknown>>,
): HeaderResult | null {
  const variable = mappings.resultField
  if (category !== 'Test' || !variable) return null
  const found = findControlByVariable(layout, variable)
  if (!found) return null
  const { control } = found
  // A table's result is read from its judged rows (the server's record result too, audit s9 F9).
  if (control.type === 'table') {
    const rows = data[variable]
    return Array.isArray(rows) && tableAnswered(rows) ? tableResult(rows) : '-'
  }
  if (control.type === 'group') {
    const tests = [...walkControls(control.children)].map((v) => v.control)
    const anyAnswer = tests.some(
      (c) =>
        (c.type === 'testField' && answered(data[c.variable])) ||
        (c.type === 'table' && tableAnswered(data[c.variable])),
    )
    if (!anyAnswer) return '-'
  }
  const text = resultText(data[variable])
  if (text === 'Pass' || text === NA_TEXT) return 'Pass'
  if (text === 'Fail') return 'Fail'
  return '-'
}

/** Variables of the layout's serial lookup controls, in form order. */
export function serialVariables(layout: Pick<FormLayout, 'controls'>): string[] {
  const out: string[] = []
  for (const { control } of walkControls(layout.controls))
    if (control.type === 'serial') out.push(control.variable)
  return out
}

/** Serial ranges a serial variable is checked against, with whether its prefix may be left out. */
export interface SerialRule {
  ranges: RangeBounds[]
  prefixOptional: boolean
}

const parseProducts = (supplier: Supplier): SupplierProducts => {
  try {
    const raw = supplier.attributes.find((a) => a.key === ATTRIBUTE_KEYS.supplierProducts)?.value
    const list: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(list) ? (list as SupplierProducts) : []
  } catch {
    return []
  }
}

const bounds = (ranges: readonly { prefix?: string | null; min?: number | null; max?: number | null }[]) =>
  ranges
    .filter((r) => r.min != null && r.max != null)
    .map((r) => ({ prefix: r.prefix ?? '', min: r.min as number, max: r.max as number }))

/**
 * The rule of each serial variable (DESIGN.md §5): the record's serial and other serials within the
 * supplier's ranges for the product type, a component's serial within the ranges of the component's
 * product type, and in Calibration within the owner's test-equipment ranges.
 */
export function serialRules(input: {
  variables: readonly string[]
  mappings: FieldMappings
  productTypeId: number | null
  supplier?: Supplier
  owner?: DeviceOwner
  productTypes: readonly ProductTypeListItem[]
}): Record<string, SerialRule> {
  const rules: Record<string, SerialRule> = {}
  if (input.owner) {
    const rule = { ranges: bounds(input.owner.testEquipmentSerialRanges), prefixOptional: false }
    for (const v of input.variables) rules[v] = rule
    return rules
  }
  if (!input.supplier) return rules
  const products = parseProducts(input.supplier)
  const ruleOf = (typeId: number | null | undefined): SerialRule => ({
    ranges: bounds(products.find((p) => p.id === typeId)?.serialRanges ?? []),
    prefixOptional: Boolean(
      input.productTypes
        .find((t) => t.id === typeId)
        ?.attributes.some((a) => a.key === ATTRIBUTE_KEYS.noSerialNumberPrefix),
    ),
  })
  const components = new Map((input.mappings.components ?? []).map((c) => [c.serialField, c.productType?.id]))
  for (const v of input.variables)
    rules[v] = ruleOf(components.has(v) ? components.get(v) : input.productTypeId)
  return rules
}

/**
 * SPEC §4 serial check status: null while empty, false once entered, true when the verification (the
 * serial falls in one of its rule's ranges) passes. Without a rule (not loaded yet) it stays false.
 */
export function serialCheck(value: unknown, rule: SerialRule | undefined): boolean | null {
  const text = typeof value === 'string' ? value.trim() : ''
  if (!text) return null
  if (!rule) return false
  return matchSerial(text, rule.ranges, rule.prefixOptional) !== undefined
}

/**
 * SPEC §4 Despatch: after a save the serial group values are cleared, so the next item can be scanned
 * with the rest (job, customer, batch) kept. The serial group is every serial control, and every value
 * control in a group that holds one.
 */
export function clearSerialGroup(
  layout: FormLayout,
  data: Readonly<Record<string, unknown>>,
  empty: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const next = { ...data }
  const clear = (control: Control) => {
    if ('variable' in control && typeof control.variable === 'string' && control.variable)
      next[control.variable] = empty[control.variable] ?? null
  }
  const hasSerial = (controls: readonly Control[]) =>
    [...walkControls(controls)].some((v) => v.control.type === 'serial')
  for (const { control } of walkControls(layout.controls)) {
    if (control.type === 'serial') clear(control)
    if (control.type === 'group' && hasSerial(control.children)) {
      clear(control)
      for (const inner of walkControls(control.children)) clear(inner.control)
    }
  }
  return next
}
