import { useCallback, useState } from 'react'
import { describeError } from '../../api/client'
import { emptyValues } from '../../../runtime/compiler'
import { frequencyProblems, validateRecord, type RecordFormHandle } from '../../../runtime/form'
import { toServerData } from '../../../runtime/pass-fail'
import { listVariables, type FormLayout } from '../../../schemas/form-layout'
import { isUnreachable } from '../../api/submit-record'
import { dataEntryApi } from './data-entry-api'
import { queueSubmission } from './outbox-entry'
import { DATA_ENTRY_TEXTS, type Loaded } from './data-entry-load'
import { clearSerialGroup, mappingsOf, submitRoute, type Category } from './data-entry-model'
import type { EntryIds } from './use-data-entry-view'
import { overridesToSend } from './use-calibration-overrides'
import { refusedFields, type SaveRefusal } from './save-refusal'

/** What the 'Upload Complete' summary shows. */
export interface UploadSummary {
  productTypeName: string | null
  recordTypeName: string
}

/**
 * The feedback around a save: the saving flag, the error and notice banners, field errors, what the last
 * refusal refused (where the page takes the user) and the summary.
 */
export function useSaveFeedback() {
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  // The outbox keys of the records this page saved without a connection, until the outbox settles them.
  const [queued, setQueued] = useState<readonly string[]>([])
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null)
  const [summary, setSummary] = useState<UploadSummary | null>(null)
  // A fresh form (after a load or for a duplicate) shows neither the summary nor old field errors.
  const reset = useCallback(() => {
    setSummary(null)
    setFieldErrors({})
    setRefusal(null)
  }, [])
  return {
    saving,
    setSaving,
    error,
    setError,
    notice,
    setNotice,
    queued,
    setQueued,
    fieldErrors,
    setFieldErrors,
    refusal,
    setRefusal,
    summary,
    setSummary,
    reset,
  }
}

/** The feedback state and setters {@link useSaveFeedback} answers. */
export type SaveFeedback = ReturnType<typeof useSaveFeedback>

/** What a save of /DataEntry needs from its controller. */
export interface SaveInput {
  data: Loaded | undefined
  readOnly: boolean
  category: Category
  existing: boolean
  ids: EntryIds
  productTypeName: string | null
  value: Record<string, unknown>
  setValue: (update: (v: Record<string, unknown>) => Record<string, unknown>) => void
  feedback: SaveFeedback
  /** Override reasons by test equipment id (issue #15.1). */
  overrides?: Readonly<Record<number, string>>
  /** The record is stored (its draft goes, issue #18.1). */
  onSaved?: () => void
  /** The open form: what its boxes show that is not a value yet refuses the Save (audit h-entry F1, F2). */
  form?: Pick<RecordFormHandle, 'entryProblems'> | null
}

/**
 * The values a new record sends: its layout's variables only. A draft or outbox entry kept under an earlier
 * revision of the layout may hold others, which the server refuses (docs/decisions.md "Record data holds
 * the form's fields"); an edit sends back every field of the record it loaded, which the server accepts.
 */
export function layoutFieldsOnly(
  layout: Pick<FormLayout, 'controls'>,
  value: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const variables = new Set(listVariables(layout))
  return Object.fromEntries(Object.entries(value).filter(([name]) => variables.has(name)))
}

/**
 * Saves the entry through the category's call (SPEC §4): validates first, then shows the summary, or for a
 * new Despatch record clears the serial group and stays. A refusal, the browser's or the server's, says
 * which fields it refused (`setRefusal`), so the page can take the user to the first.
 */
export async function saveDataEntry(input: SaveInput): Promise<void> {
  const { data, value, feedback: f, ids } = input
  const layout: FormLayout | undefined = data?.layout
  if (!data || !layout || input.readOnly || f.saving) return
  const problems = {
    // The frequency the server would refuse, marked on its field before any call (audit s7 D4).
    ...frequencyProblems(layout, mappingsOf(data.recordType).calibrationFrequencyField, value),
    ...validateRecord(layout, value, data.params),
  }
  f.setFieldErrors(problems)
  // A box showing what is not a value (a date '31-11-2026', a number '0.4e') is refused too: the record
  // still holds the value from before, which the box no longer shows. The form shows its message already.
  const refused = [...Object.keys(problems), ...Object.keys(input.form?.entryProblems() ?? {})]
  if (refused.length > 0) {
    f.setError(DATA_ENTRY_TEXTS.invalid)
    f.setRefusal({ variables: refused })
    return
  }
  f.setError(null)
  f.setNotice(null)
  f.setSaving(true)
  const overrides = overridesToSend(layout, value, input.overrides ?? {})
  const body = {
    supplierId: ids.supplierId,
    deviceOwnerId: ids.ownerId,
    productTypeId: ids.productTypeId,
    recordTypeId: data.recordType.id,
    fileName: null,
    data: toServerData(layout, input.existing ? value : layoutFieldsOnly(layout, value), data.params),
    // Only when a configurator or admin gave one (issue #15.1): other saves send what they always did.
    ...(overrides.length ? { calibrationOverrides: overrides } : {}),
  }
  const route = submitRoute(input.category, input.existing)
  // Kept in the outbox while it is sent (issue #18.2): a closed tab or a lost answer loses nothing.
  const queued = await queueSubmission(route, body, data, value)
  try {
    await dataEntryApi.submit(route, body, data.record?.recordId, queued.key, data.record?.revision)
    await queued.sent()
    input.onSaved?.()
    if (input.category === 'Despatch' && !input.existing) {
      // SPEC §4: no summary; the serial group is cleared for the next item.
      input.setValue((v) => clearSerialGroup(layout, v, emptyValues(layout)))
      f.setNotice(DATA_ENTRY_TEXTS.despatchSaved)
    } else {
      f.setSummary({ productTypeName: input.productTypeName, recordTypeName: data.recordType.name })
    }
  } catch (e) {
    if (queued.kept && isUnreachable(e)) {
      // No connection: the outbox sends it when the connection returns; the form starts afresh. The page
      // watches its key, to say when it was sent (use-queued-notice.ts).
      await queued.waiting()
      input.onSaved?.()
      input.setValue(() => emptyValues(layout))
      f.setNotice(DATA_ENTRY_TEXTS.queued)
      f.setQueued((keys) => [...keys, queued.key])
    } else {
      await queued.sent()
      // The fields the server names are marked as the browser's checks mark them; none: the banner only.
      const named = refusedFields(e, listVariables(layout))
      f.setFieldErrors(named)
      f.setError(describeError(e))
      f.setRefusal({ variables: Object.keys(named) })
    }
  } finally {
    f.setSaving(false)
  }
}
