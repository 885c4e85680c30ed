import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ApiError, describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { similarNames } from '../../../schemas/rules/similarity'
import { calibrationContactsCheck } from '../../../schemas/rules/owner-lists'
import { OWNER_ERRORS, ownersApi } from './owners-api'
import {
  emptyOwnerForm,
  ownerFormError,
  ownerFormOf,
  rangesBody,
  rowKey,
  type ContactRow,
  type LocationRow,
  type OwnerForm,
  type RangeRow,
} from './owner-form'

/** The route id: 'New', a positive integer, or anything else (SPEC §5 'Invalid owner ID: {id}'). */
export function parseOwnerId(raw: string | undefined): { id: number | null; invalid: boolean } {
  if ((raw ?? '').toLowerCase() === 'new') return { id: null, invalid: false }
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? { id, invalid: false } : { id: null, invalid: true }
}

/** A failed step's text: the server's answer to bad input, else the step's SPEC §8 text. */
const failure = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status !== undefined && e.status < 500 ? describeError(e) : fallback

async function step(run: () => Promise<unknown>, fallback: string) {
  try {
    await run()
  } catch (e) {
    throw new Error(failure(e, fallback))
  }
}

/**
 * Controller of /Owners/{id}: the owner, its test-equipment serial ranges, locations and calibration
 * reminder contacts; the SPEC §5 rules before any call, then the saves in order.
 */
export function useOwnerEdit(id: number | null) {
  const navigate = useNavigate()
  const [form, setForm] = useState<OwnerForm>(emptyOwnerForm)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const resource = useResource(
    async (signal) => {
      const owners = await ownersApi.list(signal).catch((e: unknown) => {
        if (signal.aborted) throw e
        throw new Error(OWNER_ERRORS.loadOwners)
      })
      // SPEC §5: the owner page needs at least one owner in the owners list.
      if (owners.length === 0) throw new Error(OWNER_ERRORS.loadOwners)
      const owner =
        id == null
          ? null
          : await ownersApi.get(id, signal).catch((e: unknown) => {
              if (signal.aborted) throw e
              throw new Error(OWNER_ERRORS.loadOwner)
            })
      setForm(owner ? ownerFormOf(owner) : emptyOwnerForm())
      return { owners, owner }
    },
    [id],
  )
  const owners = useMemo(() => resource.data?.owners ?? [], [resource.data])
  const owner = resource.data?.owner ?? null
  const others = useMemo(() => owners.filter((o) => o.id !== id), [owners, id])

  const update = (patch: Partial<OwnerForm>) => setForm((f) => ({ ...f, ...patch }))
  const similar = useMemo(() => similarNames(form.name, others), [form.name, others])

  const ranges = {
    add: () =>
      update({ ranges: [{ key: rowKey('range'), prefix: '', min: null, max: null }, ...form.ranges] }),
    change: (key: string, patch: Partial<RangeRow>) =>
      update({ ranges: form.ranges.map((r) => (r.key === key ? { ...r, ...patch } : r)) }),
    remove: (key: string) => update({ ranges: form.ranges.filter((r) => r.key !== key) }),
  }
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

  /** Called with schema-valid name and parent; checks the lists, then saves step by step. */
  const save = async (name: string, parentId: number | null) => {
    const next = { ...form, name: name.trim(), parentId }
    const invalid = ownerFormError(next, owners, id)
    if (invalid) return setError(invalid)
    setError(null)
    setSaving(true)
    let ownerId = id
    try {
      const body = { name: next.name, parentId: next.parentId }
      if (ownerId == null) {
        const created = await ownersApi.create(body).catch((e: unknown) => {
          throw new Error(failure(e, OWNER_ERRORS.update))
        })
        ownerId = created
      } else if (next.name !== owner?.name || next.parentId !== (owner?.parent?.id ?? null)) {
        // PATCH only for a change: an unchanged owner (e.g. one not created in ITR) is not rewritten.
        await step(() => ownersApi.update(ownerId!, body), OWNER_ERRORS.update)
      }
      const at = ownerId
      await step(() => ownersApi.setRanges(at, rangesBody(next)), OWNER_ERRORS.ranges)
      await step(async () => {
        for (const gone of next.deletedLocations) await ownersApi.deleteLocation(at, gone.id)
        for (const l of next.locations) {
          if (l.id <= 0) await ownersApi.addLocation(at, l.name.trim())
          else if (l.name.trim() !== l.storedName) await ownersApi.renameLocation(at, l.id, l.name.trim())
        }
      }, OWNER_ERRORS.locations)
      const kept = calibrationContactsCheck(next.contacts.map((c) => c.email)).contacts ?? []
      await step(() => ownersApi.setContacts(at, kept), OWNER_ERRORS.contacts)
      navigate('/Owners')
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setSaving(false)
      // A new owner that was created stays created: continue on its own page so a second save edits it.
      if (id == null && ownerId != null) navigate(`/Owners/${ownerId}`, { replace: true })
    }
  }

  return {
    loading: resource.loading,
    loadError: resource.error,
    owner,
    owners: others,
    /** SPEC §2: the name is editable only when creating, or for owners created in ITR. */
    nameEditable: id == null || Boolean(owner?.createdInItr),
    similar,
    form,
    update,
    ranges,
    locations,
    contacts,
    error,
    clearError: () => setError(null),
    saving,
    save,
  }
}

export type OwnerEditController = ReturnType<typeof useOwnerEdit>
