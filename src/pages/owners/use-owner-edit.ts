import { useEffect, useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useResource } from '../../api/use-resource'
import { unmarkEdited } from '../../components/field-marks'
import { useUnsavedChanges } from '../../components/use-unsaved-changes'
import { similarNames } from '../../../schemas/rules/similarity'
import { OWNER_ERRORS, ownersApi } from './owners-api'
import {
  emptyOwnerForm,
  ownerFormOf,
  ownerFormProblem,
  type OwnerForm,
  type OwnerFormProblem,
  type OwnerTab,
  type RangeRow,
} from './owner-form'
import { saveOwner, type OwnerSaveProgress } from './owner-save'
import { useOwnerRows } from './use-owner-rows'

/** The route id: 'New', a positive integer, or anything else (SPEC §5 'Invalid owner ID: {id}'). */
export function parseOwnerId(raw: string | undefined): { id: number | null; invalid: boolean } {
  if ((raw ?? '').toLowerCase() === 'new') return { id: null, invalid: false }
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? { id, invalid: false } : { id: null, invalid: true }
}

/** The form as the unsaved-changes check compares it (row keys left out). */
const snapshotOf = (form: OwnerForm) =>
  JSON.stringify({
    name: form.name.trim(),
    parentId: form.parentId,
    ranges: form.ranges.map(({ prefix, min, max }) => ({ prefix, min, max })),
    locations: form.locations.map(({ id, name }) => ({ id, name: name.trim() })),
    contacts: form.contacts.map((c) => c.email.trim()),
    deleted: form.deletedLocations.map((l) => l.id),
  })

/**
 * Controller of /Owners/{id}: the owner, its test-equipment serial ranges, locations and calibration
 * reminder contacts; the SPEC §5 rules before any call, then the saves in order.
 */
export function useOwnerEdit(id: number | null) {
  const navigate = useNavigate()
  const [form, setForm] = useState<OwnerForm>(emptyOwnerForm)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // What was loaded (or the empty form): the form is unsaved while it differs (issue #11.25).
  const [baseline, setBaseline] = useState<string | null>(null)
  const [stored, setStored] = useState(false)
  // A new owner created by a save whose later step failed: its page is opened (without asking).
  const [moveTo, setMoveTo] = useState<number | null>(null)

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
      const loaded = owner ? ownerFormOf(owner) : emptyOwnerForm()
      setForm(loaded)
      setBaseline(snapshotOf(loaded))
      return { owners, owner }
    },
    [id],
  )
  const owners = useMemo(() => resource.data?.owners ?? [], [resource.data])
  const owner = resource.data?.owner ?? null
  const others = useMemo(() => owners.filter((o) => o.id !== id), [owners, id])

  const dirty = !stored && moveTo == null && baseline !== null && snapshotOf(form) !== baseline
  const unsaved = useUnsavedChanges(dirty)
  useEffect(() => {
    // After the render that stopped asking (the guard's own effect has run).
    if (moveTo == null) return
    navigate(`/Owners/${moveTo}`, { replace: true })
    setMoveTo(null)
  }, [moveTo, navigate])

  const update = (patch: Partial<OwnerForm>) => setForm((f) => ({ ...f, ...patch }))
  const similar = useMemo(() => similarNames(form.name, others), [form.name, others])

  const rows = useOwnerRows(form, update)
  const [tab, setTab] = useState<OwnerTab>('test-equipment')
  // The range a failed save marked and its fields; each mark goes once its field is edited.
  const [rangeMarks, setRangeMarks] = useState<OwnerFormProblem['range'] | null>(null)
  // Sticky: the ranges grid shows this row's page when the key changes (a range added or marked).
  const [shownRange, setShownRange] = useState<string | null>(null)
  const [markedAt, setMarkedAt] = useState(0)
  const ranges = {
    add: () => setShownRange(rows.ranges.add()),
    change: (key: string, patch: Partial<RangeRow>) => {
      setRangeMarks((m) => (m?.key === key ? unmarkEdited(m, patch) : m))
      rows.ranges.change(key, patch)
    },
    remove: (key: string) => {
      setRangeMarks((m) => (m?.key === key ? null : m))
      rows.ranges.remove(key)
    },
  }

  /** Called with schema-valid name and parent; checks the lists, then saves step by step. */
  const save = async (name: string, parentId: number | null) => {
    const next = { ...form, name: name.trim(), parentId }
    const problem = ownerFormProblem(next, owners, id)
    setRangeMarks(problem?.range ?? null)
    if (problem) {
      if (problem.tab) setTab(problem.tab)
      if (problem.range) {
        setShownRange(problem.range.key)
        setMarkedAt((n) => n + 1)
      }
      return setError(problem.message)
    }
    setError(null)
    setSaving(true)
    const saved: OwnerSaveProgress = { ownerId: id }
    try {
      await saveOwner(next, owner, saved)
      setStored(true)
      // Saved: leaving loses nothing now.
      unsaved.allowLeave()
      navigate('/Owners')
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setSaving(false)
      // A new owner that was created stays created: continue on its own page so a second save edits it.
      if (id == null && saved.ownerId != null) setMoveTo(saved.ownerId)
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
    ...rows,
    ranges,
    /** The tab shown: the user's choice, or the one a failed save found at fault. */
    tab,
    setTab,
    rangeMarks,
    shownRange,
    /** Counts the failed saves that marked a range: the view moves focus on each. */
    markedAt,
    error,
    clearError: () => setError(null),
    saving,
    save,
    /** Unsaved changes: leaving asks first, in this dialog. */
    dirty,
    unsavedDialog: unsaved.dialog,
  }
}

export type OwnerEditController = ReturnType<typeof useOwnerEdit>
