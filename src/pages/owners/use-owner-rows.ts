import { rowKey, type ContactRow, type LocationRow, type OwnerForm, type RangeRow } from './owner-form'

/** Add, change and remove for the owner's serial ranges, locations and contacts (new rows go first). */
export function useOwnerRows(form: OwnerForm, update: (patch: Partial<OwnerForm>) => void) {
  const ranges = {
    /** Adds an empty range first and answers its key. */
    add: () => {
      const key = rowKey('range')
      update({ ranges: [{ key, prefix: '', min: null, max: null }, ...form.ranges] })
      return key
    },
    change: (key: string, patch: Partial<RangeRow>) =>
      update({ ranges: form.ranges.map((r) => (r.key === key ? { ...r, ...patch } : r)) }),
    remove: (key: string) => update({ ranges: form.ranges.filter((r) => r.key !== key) }),
  }
  // New locations get ids below zero: the save adds them, where positive ids are renamed.
  const nextLocationId = () => Math.min(0, ...form.locations.map((l) => l.id)) - 1
  const locations = {
    /** SPEC §2: disabled while a blank entry exists. */
    canAdd: !form.locations.some((l) => l.name.trim() === ''),
    add: () =>
      update({
        locations: [
          { key: rowKey('location'), id: nextLocationId(), name: '', storedName: null },
          ...form.locations,
        ],
      }),
    change: (key: string, name: string) =>
      update({ locations: form.locations.map((l) => (l.key === key ? { ...l, name } : l)) }),
    remove: (row: LocationRow) =>
      update({
        locations: form.locations.filter((l) => l.key !== row.key),
        deletedLocations: row.id > 0 ? [...form.deletedLocations, row] : form.deletedLocations,
      }),
  }
  const contacts = {
    canAdd: !form.contacts.some((c) => c.email.trim() === ''),
    add: () => update({ contacts: [{ key: rowKey('contact'), email: '' }, ...form.contacts] }),
    change: (key: string, email: string) =>
      update({ contacts: form.contacts.map((c) => (c.key === key ? { ...c, email } : c)) }),
    remove: (row: ContactRow) => update({ contacts: form.contacts.filter((c) => c.key !== row.key) }),
  }
  return { ranges, locations, contacts }
}
