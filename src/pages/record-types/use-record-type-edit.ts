import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useUnsavedChanges } from '../../components/use-unsaved-changes'
import { createDocument } from '../../../designer/model'
import { DesignerStore, pendingEditMessages, useDesignerState } from '../../../designer/ui'
import type { RuntimeServices } from '../../../runtime/form'
import { describeError } from '../../api/client'
import { createRuntimeServices } from '../../api/runtime-services'
import { recordTypeIssues } from './record-type-draft'
import { saveRecordType } from './record-type-save'
import { useRecordTypeFields } from './use-record-type-fields'
import { snapshotOf, useRecordTypeLoad } from './use-record-type-load'
import { useRecordTypeMappings } from './use-record-type-mappings'

/** Not a SPEC text: the preview's answer to an upload. */
export const PREVIEW_UPLOAD_MESSAGE = 'Uploads are not stored in preview.'

/**
 * Controller of /RecordTypes/{id} (SPEC §2, §4 "Record type editor", §5 "Record type save"): name,
 * capture type and category with their rules, the field mappings and components (kept in the
 * designer's document so they undo with it and follow variable renames), the designer store, the
 * save order of DESIGN (record type, then the layout attribute, then the mappings), and cancel.
 */
export function useRecordTypeEdit(id: number | null) {
  const navigate = useNavigate()
  const [store] = useState(() => new DesignerStore(createDocument()))
  const state = useDesignerState(store)
  const doc = state.history.present
  // Edits a designer view holds that are not valid yet (the JSON view's text, a variable typed in the
  // inspector): unsaved, and they stop a save by name instead of being dropped by it.
  const pending = useMemo(() => pendingEditMessages(doc, state), [doc, state])
  const [submitted, setSubmitted] = useState(false)
  const { setFields, ...editable } = useRecordTypeFields(store, doc, submitted, pending)
  const { fields } = editable
  const [error, setError] = useState<string | null>(null)
  const [warning, setWarning] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // A new record type created by a save whose attributes then failed: the next save updates it.
  const created = useRef<number | null>(null)
  // What was loaded (or the empty design): the design is unsaved while it differs (issue #11.25).
  const [baseline, setBaseline] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  const resource = useRecordTypeLoad(id, { store, setFields, setWarning, setBaseline })
  // The layout revision this editor holds: what it loaded, then what its own saves stored (sent as
  // If-Match, so a save over another configurator's newer one is refused and the document kept).
  const revision = useRef<number | null>(null)
  const loaded = resource.data?.original
  useEffect(() => {
    revision.current = loaded?.layoutRevision ?? null
  }, [loaded])
  const dirty = !saved && ((baseline !== null && snapshotOf(fields, doc) !== baseline) || pending.length > 0)
  const unsaved = useUnsavedChanges(dirty)
  const mappings = useRecordTypeMappings(store, doc)

  const previewServices = useMemo<RuntimeServices>(
    () => ({
      ...createRuntimeServices({ recordTypeId: id ?? undefined }),
      uploadDocument: () => Promise.reject(new Error(PREVIEW_UPLOAD_MESSAGE)),
    }),
    [id],
  )

  const save = async () => {
    setSubmitted(true)
    setError(null)
    const current = store.doc
    if (pendingEditMessages(current, store.getSnapshot()).length > 0) return
    if (recordTypeIssues(fields, current.mappings, current.layout).length > 0) return
    setSaving(true)
    try {
      await saveRecordType({ id, created, revision, original: loaded ?? null, fields, doc: current })
      setSaved(true)
      // Saved: leaving loses nothing now.
      unsaved.allowLeave()
      navigate(id == null ? '/RecordTypes?success=true' : '/RecordTypes')
    } catch (e) {
      // The design stays as the user left it (a 409 says to reload; nothing here discards their work).
      setError(describeError(e))
      setSaving(false)
    }
  }

  return {
    loading: resource.loading,
    loadError: resource.error,
    productTypes: resource.data?.productTypes ?? [],
    /**
     * The stored name of a loaded type with records (the server keeps its category, so the editor offers
     * no change), or null.
     */
    categoryLockedName: resource.data?.original?.hasRecords ? resource.data.original.name : null,
    store,
    doc,
    ...editable,
    ...mappings,
    previewServices,
    error,
    warning,
    clearError: () => setError(null),
    clearWarning: () => setWarning(null),
    saving,
    save,
    /** Unsaved changes to the record type or its design: leaving asks first, in this dialog. */
    dirty,
    unsavedDialog: unsaved.dialog,
    cancel: () => navigate('/RecordTypes'),
  }
}

export type RecordTypeEditController = ReturnType<typeof useRecordTypeEdit>
