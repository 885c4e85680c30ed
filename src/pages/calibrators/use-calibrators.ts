import { useState } from 'react'
import { api, ApiError, describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import type { BannerVariant } from '../../components/banner'
import { useUnsavedChanges } from '../../components/use-unsaved-changes'
import { firstSchemaError } from '../../../runtime/crud-form'
import { calibratorWriteSchema, type Calibrator } from '../../../schemas/entities/calibrator'
import { MESSAGES } from '../../../schemas/messages'

/** SPEC §8 texts of this screen. */
export const CALIBRATOR_ERRORS = {
  load: 'Unable to load data at this time',
  save: 'Unable to save calibrator at this time',
} as const

/** A grid row: saved (id) or new (id null), shown or in edit with a draft name (SPEC §4 "Calibrator rows"). */
export interface CalibratorRow {
  key: string
  id: number | null
  name: string
  editing: boolean
  draft: string
}

let counter = 0
const rowOf = (c: Calibrator): CalibratorRow => ({
  key: `c-${c.id}`,
  id: c.id,
  name: c.name,
  editing: false,
  draft: c.name,
})

/** A failed call's text: the server's own answer to bad input, else the screen's SPEC text. */
const failure = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status !== undefined && e.status < 500 ? describeError(e) : fallback

/** The saved calibrators; a failure reads as the screen's SPEC §8 load text. */
async function loadCalibrators(signal: AbortSignal): Promise<Calibrator[]> {
  return api.get<Calibrator[]>('itr', '/api/calibrators', { signal }).catch((e: unknown) => {
    if (signal.aborted) throw e
    throw new Error(CALIBRATOR_ERRORS.load)
  })
}

/** Creates (a new row) or renames (a saved one) the row's calibrator; answers the row's saved fields. */
async function writeCalibrator(row: CalibratorRow, name: string): Promise<Partial<CalibratorRow>> {
  if (row.id == null) {
    const id = await api.post<number>('itr', '/api/calibrators', { name })
    return { id, name, draft: name, editing: false }
  }
  await api.put<void>('itr', `/api/calibrators/${row.id}`, { name })
  return { name, draft: name, editing: false }
}

/**
 * Controller of /Calibrators: an editable grid where only the name is edited; an unsaved row is
 * deleted locally without any call.
 */
export function useCalibrators() {
  const [rows, setRows] = useState<CalibratorRow[]>([])
  const [notice, setNotice] = useState<{ variant: BannerVariant; text: string } | null>(null)
  const [busyKey, setBusyKey] = useState<string | null>(null)
  const resource = useResource(async (signal) => {
    const list = await loadCalibrators(signal)
    setRows(list.map(rowOf))
    return list
  }, [])

  // A row in edit whose name differs from the saved one (a new row from blank): leaving asks first.
  const dirty = rows.some((r) => r.editing && r.draft.trim() !== r.name)
  const unsaved = useUnsavedChanges(dirty)

  const patch = (key: string, p: Partial<CalibratorRow>) =>
    setRows((old) => old.map((r) => (r.key === key ? { ...r, ...p } : r)))

  const add = () => {
    const key = `new-${++counter}`
    setRows((old) => [{ key, id: null, name: '', editing: true, draft: '' }, ...old])
    return key
  }

  const save = async (row: CalibratorRow) => {
    const body = { name: row.draft.trim() }
    const invalid = firstSchemaError(calibratorWriteSchema, body)
    if (invalid) return setNotice({ variant: 'error', text: invalid })
    setBusyKey(row.key)
    try {
      patch(row.key, await writeCalibrator(row, body.name))
      setNotice({ variant: 'success', text: MESSAGES.calibrator.saved(body.name) })
    } catch (e) {
      setNotice({ variant: 'error', text: failure(e, CALIBRATOR_ERRORS.save) })
    } finally {
      setBusyKey(null)
    }
  }

  const cancel = (row: CalibratorRow) =>
    row.id == null
      ? setRows((old) => old.filter((r) => r.key !== row.key))
      : patch(row.key, { editing: false, draft: row.name })

  /** Deletes a saved calibrator; an unsaved row only leaves the grid, with no call. */
  const remove = async (row: CalibratorRow) => {
    if (row.id == null) {
      setRows((old) => old.filter((r) => r.key !== row.key))
      setNotice({ variant: 'warning', text: MESSAGES.calibrator.notSaved })
      return
    }
    setBusyKey(row.key)
    try {
      await api.delete<void>('itr', `/api/calibrators/${row.id}`)
      setRows((old) => old.filter((r) => r.key !== row.key))
      setNotice({ variant: 'success', text: MESSAGES.calibrator.deleted(row.name) })
    } catch (e) {
      setNotice({ variant: 'error', text: failure(e, CALIBRATOR_ERRORS.save) })
    } finally {
      setBusyKey(null)
    }
  }

  return {
    loading: resource.loading,
    loadError: resource.error,
    reload: resource.reload,
    rows,
    notice,
    clearNotice: () => setNotice(null),
    busyKey,
    add,
    edit: (row: CalibratorRow) => patch(row.key, { editing: true, draft: row.name }),
    setDraft: (row: CalibratorRow, draft: string) => patch(row.key, { draft }),
    save,
    cancel,
    remove,
    /** Unsaved row edits: leaving asks first, in this dialog. */
    dirty,
    unsavedDialog: unsaved.dialog,
  }
}

export type CalibratorsController = ReturnType<typeof useCalibrators>
