import { loadLayout } from '../form-layout/migrations'
import type { FormLayout } from '../form-layout/layout-schema'
import { RECORD_TYPE_ATTRIBUTES, type RecordType } from './record-type'

/**
 * The record type's current form layout, migrated and checked, or null when it has none (or an unreadable
 * one, which data entry could not render either).
 */
export function recordTypeLayout(recordType: RecordType | undefined): FormLayout | null {
  const raw = recordType?.attributes.find((a) => a.key === RECORD_TYPE_ATTRIBUTES.layout)?.value
  if (!raw) return null
  try {
    const loaded = loadLayout(JSON.parse(raw))
    return loaded.ok ? loaded.layout : null
  } catch {
    return null
  }
}
