import { useCallback, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useResource } from '../../api/use-resource'
import { emptyValues } from '../../../runtime/compiler'
import { fromServerData } from '../../../runtime/pass-fail'
import { load, parseDataEntryQuery, type DataEntryQuery, type Loaded } from './data-entry-load'
import { categoryOf, mappingsOf } from './data-entry-model'
import { saveDataEntry, useSaveFeedback, type SaveFeedback } from './use-data-entry-save'
import { useOutboxReopen } from './use-outbox-reopen'
import { useQueuedNotice } from './use-queued-notice'
import { useDataEntryNavigation } from './use-data-entry-navigation'
import { entryIds, labelOfVariable, useDataEntryView } from './use-data-entry-view'
import { useCalibrationOverrides } from './use-calibration-overrides'
import { recordHistoryValue } from '../../components/record-values'
import { draftScopeOf, useDataEntryDraft } from './use-data-entry-draft'
import { useRefusalFocus } from './save-refusal'
import type { RecordFormHandle } from '../../../runtime/form'

export type { UploadSummary } from './use-data-entry-save'

type Values = Record<string, unknown>

/** Loads /DataEntry and puts the record's values (or a fresh form's) into the form. */
function useDataEntryResource(query: DataEntryQuery, setValue: (v: Values) => void, reset: () => void) {
  const { recordId, recordTypeId, productTypeId, supplierId, ownerId } = query
  return useResource(
    async (signal) => {
      const loaded = await load(query, signal)
      setValue(
        loaded.record
          ? // Stored n/a reads back as '-' (SPEC §4); the form (and its header result) shows n/a again.
            fromServerData(loaded.layout, { ...emptyValues(loaded.layout), ...loaded.record.data })
          : emptyValues(loaded.layout),
      )
      reset()
      return loaded
    },
    // Not `edit`: Edit keeps the loaded record, only what is shown changes.
    [recordId, recordTypeId, productTypeId, supplierId, ownerId],
  )
}

/** The chosen product type's name, or the stored record's. */
const productTypeNameOf = (data: Loaded | undefined, id: number | null | undefined) =>
  data?.productTypes.find((t) => t.id === id)?.name ?? data?.record?.productTypeName ?? null

/** What the page shows from what it loaded: the layout and what the record was judged with. */
function loadedParts(data: Loaded | undefined) {
  const record = data?.record ?? null
  return {
    title: data?.layout.title ?? '',
    layout: data?.layout,
    /** The product type's test parameters (issue #14.4), for the form's limits, conditions and formulas. */
    params: data?.params,
    parameters: data?.parameters ?? [],
    /** A stored record's test equipment as it was when used (issue #15.2). */
    equipmentUsed: record?.testEquipmentUsed,
    recordType: data?.recordType,
    /** The layout revision a stored record was captured and judged with (issue #12). */
    layoutRevision: record?.layoutVersion ?? null,
    /** A stored record's content revision, which a review decides on (If-Match). */
    revision: record?.revision,
  }
}

/** A user's change to the form: shown, the notice cleared, and kept as the form's draft (issue #18.1). */
function useDraftedChange(
  data: Loaded | undefined,
  ids: ReturnType<typeof entryIds>,
  readOnly: boolean,
  value: Values,
  setValue: (v: Values) => void,
  feedback: Pick<SaveFeedback, 'setNotice' | 'setError'>,
) {
  const { setNotice, setError } = feedback
  const reopenedSaved = useOutboxReopen(data, setValue, setError)
  const kept = useDataEntryDraft(
    draftScopeOf(ids, data?.record?.recordId ?? null, !!data && !readOnly),
    value,
    setValue,
  )
  const { touch } = kept
  const draft = useMemo(
    () => ({
      ...kept,
      saved: () => {
        kept.saved()
        reopenedSaved()
      },
    }),
    [kept, reopenedSaved],
  )
  const onChange = useCallback(
    (next: Values) => {
      setValue(next)
      setNotice(null)
      touch()
    },
    [setValue, setNotice, touch],
  )
  return { draft, onChange }
}

/**
 * Controller of /DataEntry (SPEC §2 "Data entry", §4 "Data entry"): loads the record type, its layout
 * (the captured revision for an existing record) and the record; keeps the values, Lock Items, the
 * serial checks and the header result; saves through the category's call; then shows the summary
 * (or, for Despatch, clears the serial group and stays).
 */
export function useDataEntry() {
  const [params] = useSearchParams()
  const query = useMemo(() => parseDataEntryQuery(params), [params])
  const [value, setValue] = useState<Values>({})
  const [locked, setLocked] = useState(false)
  const feedback = useSaveFeedback()
  const { setError } = feedback
  const resource = useDataEntryResource(query, setValue, feedback.reset)
  // A record saved without a connection: its warning gives way to 'sent' once the outbox sent it.
  useQueuedNotice(feedback)
  const data = resource.data
  const existing = data?.record != null
  const readOnly = existing && !query.edit
  const layout = data?.layout
  const category = categoryOf(data?.recordType)
  const mappings = useMemo(() => mappingsOf(data?.recordType), [data?.recordType])
  const record = data?.record
  const historyValue = useMemo(
    () => (record && layout ? recordHistoryValue(record, layout) : undefined),
    [record, layout],
  )
  const ids = entryIds(query, data)
  const gate = useCalibrationOverrides(mappings, `${query.recordId}:${query.recordTypeId}`)
  const view = useDataEntryView(data, ids, mappings, category, value)
  const productTypeName = productTypeNameOf(data, ids.productTypeId)
  const { draft, onChange } = useDraftedChange(data, ids, readOnly, value, setValue, feedback)
  // The form and the error banner, where a refused Save takes the user (audit h-entry F4).
  const formRef = useRef<RecordFormHandle>(null)
  const errorBox = useRef<HTMLDivElement>(null)
  useRefusalFocus(feedback.refusal, formRef, errorBox)
  const save = () =>
    saveDataEntry({
      data,
      readOnly,
      category,
      existing,
      ids,
      productTypeName,
      value,
      setValue,
      feedback,
      overrides: gate.calibration.overrides,
      onSaved: draft.saved,
      form: formRef.current,
    })

  const navigation = useDataEntryNavigation({
    layout,
    existing,
    ids,
    restart: (values) => {
      setValue(values)
      feedback.reset()
      gate.reset()
      setLocked(false)
    },
  })

  return {
    loading: resource.loading,
    loadError: resource.error,
    ...loadedParts(data),
    /** The calibration gate's page side (issue #15.1), for the form's testEquipment widgets. */
    calibration: gate.calibration,
    category,
    value,
    onChange,
    readOnly,
    existing,
    /** The record shown (`?record=`), for its history panel. */
    recordId: query.recordId,
    /** How that panel reads the record's values: as /Records/{id} shows them. */
    historyValue,
    editing: existing && query.edit,
    locked,
    toggleLocked: () => setLocked((l) => !l),
    ...view,
    labelOf: (variable: string) => labelOfVariable(layout, variable),
    saving: feedback.saving,
    error: feedback.error,
    notice: feedback.notice,
    fieldErrors: feedback.fieldErrors,
    /** The RecordForm's handle: what its boxes show that is not a value yet, and focusing a field. */
    formRef,
    /** Around the error banner, which a refusal naming no field focuses. */
    errorBox,
    save,
    summary: feedback.summary,
    ...navigation,
    /** The browser-kept draft of this form (issue #18.1). */
    draft,
    dismissError: () => setError(null),
  }
}

export type DataEntryController = ReturnType<typeof useDataEntry>
