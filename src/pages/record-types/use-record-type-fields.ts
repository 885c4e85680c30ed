import { useMemo, useState } from 'react'
import { selectVariables, setMappings, type DesignerDocument } from '../../../designer/model'
import type { DesignerStore } from '../../../designer/ui'
import {
  FORM_LAYOUT_MESSAGES,
  NEW_RECORD_TYPE,
  allowedCaptureTypes,
  applyCategory,
  judgedVariables,
} from '../../../schemas/form-layout'
import type { RecordCategory, RecordTypeIssue } from '../../../schemas/form-layout'
import type { ReviewPolicy } from '../../../schemas/records'
import { recordTypeIssues, type RecordTypeFields } from './record-type-draft'

/**
 * Name, capture type and category with their rules (a category may change the capture type and the
 * mappings), and the save issues once a save was tried: `pending` (the designer's edits that are not
 * applied, pendingEditMessages) first, under the designer, then SPEC §5's.
 */
export function useRecordTypeFields(
  store: DesignerStore,
  doc: DesignerDocument,
  submitted: boolean,
  pending: readonly string[] = [],
) {
  const [fields, setFields] = useState<RecordTypeFields>({ name: '', ...NEW_RECORD_TYPE })
  const variables = useMemo(() => selectVariables(doc), [doc])
  // What the as-found mapping may name (issue #15.3): tests and groups, whose result the server judges.
  const resultVariables = useMemo(() => judgedVariables(doc.layout), [doc])
  const issues: RecordTypeIssue[] = useMemo(
    () =>
      submitted
        ? [
            ...pending.map((message) => ({ field: 'layout', message })),
            ...recordTypeIssues(fields, doc.mappings, doc.layout),
          ]
        : [],
    [submitted, fields, doc, pending],
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
  const setReviewPolicy = (reviewPolicy: ReviewPolicy) => setFields((f) => ({ ...f, reviewPolicy }))

  const setCaptureType = (captureType: 'file' | 'form') => {
    if (allowedCaptureTypes(fields.category).includes(captureType)) setFields((f) => ({ ...f, captureType }))
  }

  const setCategory = (category: RecordCategory) => {
    const next = applyCategory({ ...fields, mappings: store.doc.mappings }, category)
    setFields({
      name: fields.name,
      captureType: next.captureType === 'form' ? 'form' : 'file',
      category,
      reviewPolicy: fields.reviewPolicy,
    })
    store.apply((d) => setMappings(d, next.mappings))
  }

  return {
    fields,
    setFields,
    variables,
    resultVariables,
    issues,
    messagesFor,
    missingVariable,
    setName,
    setReviewPolicy,
    setCaptureType,
    setCategory,
  }
}
