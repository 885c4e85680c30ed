import { firstSchemaError } from '../../../runtime/crud-form'
import {
  SERIAL_PREFIX_SEPARATOR,
  locationWriteSchema,
  type DeviceOwner,
  type DeviceOwnerListItem,
} from '../../../schemas/entities/device-owner'
import { MESSAGES } from '../../../schemas/messages'
import { calibrationContactsCheck, duplicateLocationsError } from '../../../schemas/rules/owner-lists'
import { ownerSerialRangesCheck, type SerialRangeField } from '../../../schemas/rules/serial-ranges'

export interface RangeRow {
  key: string
  prefix: string
  min: number | null
  max: number | null
}
/** A location row: stored ones keep their id; new ones get ids ≤ 0 (SPEC §3). */
export interface LocationRow {
  key: string
  id: number
  name: string
  storedName: string | null
}
export interface ContactRow {
  key: string
  email: string
}

/** Everything the owner screen edits. */
export interface OwnerForm {
  name: string
  parentId: number | null
  ranges: RangeRow[]
  locations: LocationRow[]
  contacts: ContactRow[]
  /** Stored locations removed in the grid, deleted on save. */
  deletedLocations: LocationRow[]
}

let counter = 0
/** A row key unique for the page's life. */
export const rowKey = (kind: string) => `${kind}-${++counter}`

export const emptyOwnerForm = (): OwnerForm => ({
  name: '',
  parentId: null,
  ranges: [],
  locations: [],
  contacts: [],
  deletedLocations: [],
})

/** The form of a loaded owner. */
export function ownerFormOf(owner: DeviceOwner): OwnerForm {
  return {
    name: owner.name,
    parentId: owner.parent?.id ?? null,
    ranges: owner.testEquipmentSerialRanges.map((r) => ({
      key: rowKey('range'),
      prefix: r.prefix,
      min: r.min,
      max: r.max,
    })),
    locations: owner.locations.map((l) => ({
      key: rowKey('location'),
      id: l.id,
      name: l.name,
      storedName: l.name,
    })),
    contacts: owner.calibrationReminderContacts.map((email) => ({ key: rowKey('contact'), email })),
    deletedLocations: [],
  }
}

/** The ranges as the API carries them (blank ranges are dropped by the shared rule). */
export const rangesBody = (form: OwnerForm) =>
  form.ranges.map((r, i) => ({ id: i + 1, prefix: r.prefix.trim() || null, min: r.min, max: r.max }))

/** The owner screen's tabs (SPEC §2). */
export type OwnerTab = 'test-equipment' | 'locations' | 'calibration-reminders'

/** A broken owner rule: its text, the tab that holds the fault, and the serial range fields to mark. */
export interface OwnerFormProblem {
  message: string
  tab?: OwnerTab
  range?: { key: string; fields: SerialRangeField[] }
}

/**
 * SPEC §5 "Device owner" rules beyond the schema's name rule, in screen order, with the shared rule
 * functions the server applies too. Returns the first broken rule and where it is.
 */
export function ownerFormProblem(
  form: OwnerForm,
  owners: readonly DeviceOwnerListItem[],
  selfId: number | null,
): OwnerFormProblem | undefined {
  const name = form.name.trim().toLowerCase()
  if (owners.some((o) => o.id !== selfId && o.name.trim().toLowerCase() === name))
    return { message: MESSAGES.owner.nameTaken }
  const ranges = ownerSerialRangesCheck(rangesBody(form), SERIAL_PREFIX_SEPARATOR)
  if (ranges.problem) {
    const { message, range, fields } = ranges.problem
    return { message, tab: 'test-equipment', range: { key: form.ranges[range!].key, fields } }
  }
  for (const location of form.locations) {
    const invalid = firstSchemaError(locationWriteSchema, { name: location.name.trim() })
    if (invalid) return { message: invalid, tab: 'locations' }
  }
  const dups = duplicateLocationsError(form.locations.map((l) => l.name))
  if (dups) return { message: dups, tab: 'locations' }
  const contacts = calibrationContactsCheck(form.contacts.map((c) => c.email))
  if (contacts.error) return { message: contacts.error, tab: 'calibration-reminders' }
  return undefined
}

/** {@link ownerFormProblem}'s text alone. */
export const ownerFormError = (...args: Parameters<typeof ownerFormProblem>) =>
  ownerFormProblem(...args)?.message
