import { useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useUnsavedChanges } from '../../components/use-unsaved-changes'
import { createDocument, openDocument, selectVariables, setMappings } from '../../../designer/model'
import { DesignerStore, useDesignerDoc } from '../../../designer/ui'
import type { RuntimeServices } from '../../../runtime/form'
import { SENSOR_TYPE_BY_CAPTURE } from '../../../schemas/entities/data-point-type'
import {
  RECORD_TYPE_ATTRIBUTES,
  RECORD_TYPE_DESCRIPTION,
  type RecordType,
} from '../../../schemas/entities/record-type'
import {
  FORM_LAYOUT_MESSAGES,
  NEW_RECORD_TYPE,
  RECORD_CATEGORIES,
  allowedCaptureTypes,
  applyCategory,
} from '../../../schemas/form-layout'
import type {
  Component,
  FieldMappings,
  MappingField,
  RecordCategory,
  RecordTypeIssue,
} from '../../../schemas/form-layout'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { createRuntimeServices } from '../../api/runtime-services'
import { recordTypesApi } from './record-types-api'
import { layoutToSave, mappingsToSave, recordTypeIssues, type RecordTypeFields } from './record-type-draft'

/** Not a SPEC text: shown when a stored layout or mapping cannot be read (the designer starts empty). */
export const unreadableFormMessage = (detail: string) =>
  `The stored data entry form could not be read, the designer starts empty: ${detail}`

/** Not a SPEC text: the preview's answer to an upload. */
export const PREVIEW_UPLOAD_MESSAGE = 'Uploads are not stored in preview.'

const isCategory = (value: unknown): value is RecordCategory =>
  (RECORD_CATEGORIES as readonly unknown[]).includes(value)

function fieldsOf(type: RecordType): RecordTypeFields {
  const category = isCategory(type.units) ? type.units : NEW_RECORD_TYPE.category
  const captureType = type.captureType === 'form' || category === 'Calibration' ? 'form' : 'file'
  return { name: type.name, captureType, category }
}

/** Without empty keys: a cleared input removes its mapping. */
function withMapping(mappings: FieldMappings, field: MappingField, value: string): FieldMappings {
  const next: Record<string, unknown> = { ...mappings }
  if (value === '') delete next[field]
  else next[field] = value
  return next as FieldMappings
}

/**
 * Controller of /RecordTypes/{id} (SPEC §2, §4 "Record type editor", §5 "Record type save"): name,
 * capture type and category with their rules, the field mappings and components (kept in the
 * designer's document so they undo with it and follow variable renames), the designer store, the
 * save order of DESIGN (record type, then the layout attribute, then the mappings), and cancel.
 */
export function useRecordTypeEdit(id: number | null) {
  const navigate = useNavigate()
  const [store] = useState(() => new DesignerStore(createDocument()))
  const doc = useDesignerDoc(store)
  const [fields, setFields] = useState<RecordTypeFields>({ name: '', ...NEW_RECORD_TYPE })
  const [submitted, setSubmitted] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [warning, setWarning] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // A new record type created by a save whose attributes then failed: the next save updates it.
  const created = useRef<number | null>(null)
  // What was loaded (or the empty design): the design is unsaved while it differs (issue #11.25).
  const [baseline, setBaseline] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  const resource = useResource(
    async (signal) => {
      const [productTypes, type] = await Promise.all([
        recordTypesApi.productTypes(signal),
        id == null ? null : recordTypesApi.get(id, signal),
      ])
      if (type) {
        setFields(fieldsOf(type))
        const attribute = (key: string) => type.attributes.find((a) => a.key === key)?.value ?? null
        const opened = openDocument(
          attribute(RECORD_TYPE_ATTRIBUTES.layout),
          attribute(RECORD_TYPE_ATTRIBUTES.mappings),
        )
        if (opened.ok) store.reset(opened.doc)
        else {
          store.reset(createDocument())
          setWarning(unreadableFormMessage(opened.issues.map((i) => `${i.path} ${i.message}`).join('; ')))
        }
      }
      setBaseline(snapshotOf(type ? fieldsOf(type) : { name: '', ...NEW_RECORD_TYPE }, store.doc))
      return {
        original: type,
        productTypes: [...productTypes].sort((a, b) => a.name.localeCompare(b.name)),
      }
    },
    [id],
  )
  const dirty = !saved && baseline !== null && snapshotOf(fields, doc) !== baseline
  const unsaved = useUnsavedChanges(dirty)

  const variables = useMemo(() => selectVariables(doc), [doc])
  const issues: RecordTypeIssue[] = useMemo(
    () => (submitted ? recordTypeIssues(fields, doc.mappings, doc.layout) : []),
    [submitted, fields, doc],
  )

  /** Messages under one input: save issues, plus (beyond SPEC) a mapped variable the layout lacks. */
  const messagesFor = (field: string): string[] => {
    const out = issues.filter((i) => i.field === field).map((i) => i.message)
    return [...new Set(out)]
  }

  /** A mapped variable the layout no longer has (form capture), flagged while typing. */
  const missingVariable = (value: string | undefined): string | null => {
    const v = value?.trim()
    if (!v || fields.captureType === 'file' || variables.includes(v)) return null
    return FORM_LAYOUT_MESSAGES.recordType.variableNotFound(v)
  }

  const setName = (name: string) => setFields((f) => ({ ...f, name }))

  const setCaptureType = (captureType: 'file' | 'form') => {
    if (allowedCaptureTypes(fields.category).includes(captureType)) setFields((f) => ({ ...f, captureType }))
  }

  const setCategory = (category: RecordCategory) => {
    const next = applyCategory({ ...fields, mappings: store.doc.mappings }, category)
    setFields({ name: fields.name, captureType: next.captureType === 'form' ? 'form' : 'file', category })
    store.apply((d) => setMappings(d, next.mappings))
  }

  const setMapping = (field: MappingField, value: string) =>
    store.apply((d) => setMappings(d, withMapping(d.mappings, field, value)), {
      coalesceKey: `mapping:${field}`,
    })

  const components: Component[] = doc.mappings.components ?? []
  const setComponents = (list: Component[], coalesceKey?: string) =>
    store.apply((d) => setMappings(d, { ...d.mappings, components: list }), { coalesceKey })

  const addComponent = () => {
    const nextId = components.reduce((m, c) => Math.max(m, c.id), 0) + 1
    setComponents([...components, { id: nextId, serialField: '', productType: null }])
  }
  const updateComponent = (rowId: number, patch: Partial<Component>, coalesceKey?: string) =>
    setComponents(
      components.map((c) => (c.id === rowId ? { ...c, ...patch } : c)),
      coalesceKey,
    )
  const removeComponent = (rowId: number) => setComponents(components.filter((c) => c.id !== rowId))

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
    if (recordTypeIssues(fields, current.mappings, current.layout).length > 0) return
    setSaving(true)
    try {
      const original = resource.data?.original ?? null
      const body = {
        name: fields.name.trim(),
        sensorTypeId: SENSOR_TYPE_BY_CAPTURE[fields.captureType],
        valueType: original?.valueType ?? 'string',
        units: fields.category,
        description: RECORD_TYPE_DESCRIPTION,
      }
      let recordTypeId = id ?? created.current
      if (recordTypeId == null) {
        recordTypeId = await recordTypesApi.create(body)
        created.current = recordTypeId
      } else {
        await recordTypesApi.update(recordTypeId, body)
        // SPEC §7: editing deletes, then re-posts, the mapping and layout attributes.
        await recordTypesApi.deleteAttribute(recordTypeId, RECORD_TYPE_ATTRIBUTES.mappings)
        await recordTypesApi.deleteAttribute(recordTypeId, RECORD_TYPE_ATTRIBUTES.layout)
      }
      // The layout first: the server checks the mappings against the stored layout.
      const layout = layoutToSave(current.layout)
      if (layout) {
        await recordTypesApi.addAttribute(recordTypeId, {
          key: RECORD_TYPE_ATTRIBUTES.layout,
          value: JSON.stringify(layout),
          name: 'Data Entry Form',
          description: 'Form layout of the data entry form',
        })
      }
      await recordTypesApi.addAttribute(recordTypeId, {
        key: RECORD_TYPE_ATTRIBUTES.mappings,
        value: JSON.stringify(mappingsToSave(fields.category, current.mappings)),
        name: 'Field Mappings',
        description: 'Which variable carries each piece of record data',
      })
      setSaved(true)
      // Saved: leaving loses nothing now.
      unsaved.allowLeave()
      navigate(id == null ? '/RecordTypes?success=true' : '/RecordTypes')
    } catch (e) {
      setError(describeError(e))
      setSaving(false)
    }
  }

  return {
    loading: resource.loading,
    loadError: resource.error,
    productTypes: resource.data?.productTypes ?? [],
    store,
    doc,
    fields,
    variables,
    issues,
    messagesFor,
    missingVariable,
    setName,
    setCaptureType,
    setCategory,
    setMapping,
    components,
    addComponent,
    updateComponent,
    removeComponent,
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

/** The parts of a record type a user edits, as one comparable text. */
function snapshotOf(fields: RecordTypeFields, doc: { layout: unknown; mappings: unknown }): string {
  return JSON.stringify([fields, doc.layout, doc.mappings])
}
