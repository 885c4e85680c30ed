import type { Dispatch, SetStateAction } from 'react'
import { createDocument, openDocument } from '../../../designer/model'
import type { DesignerStore } from '../../../designer/ui'
import { RECORD_TYPE_ATTRIBUTES, type RecordType } from '../../../schemas/entities/record-type'
import { NEW_RECORD_TYPE, RECORD_CATEGORIES, type RecordCategory } from '../../../schemas/form-layout'
import { useResource } from '../../api/use-resource'
import { recordTypesApi } from './record-types-api'
import type { RecordTypeFields } from './record-type-draft'

/** Not a SPEC text: shown when a stored layout or mapping cannot be read (the designer starts empty). */
export const unreadableFormMessage = (detail: string) =>
  `The stored data entry form could not be read, the designer starts empty: ${detail}`

const isCategory = (value: unknown): value is RecordCategory =>
  (RECORD_CATEGORIES as readonly unknown[]).includes(value)

function fieldsOf(type: RecordType): RecordTypeFields {
  const category = isCategory(type.units) ? type.units : NEW_RECORD_TYPE.category
  const captureType = type.captureType === 'form' || category === 'Calibration' ? 'form' : 'file'
  return { name: type.name, captureType, category, reviewPolicy: type.reviewPolicy }
}

/** The parts of a record type a user edits, as one comparable text. */
export function snapshotOf(fields: RecordTypeFields, doc: { layout: unknown; mappings: unknown }): string {
  return JSON.stringify([fields, doc.layout, doc.mappings])
}

/** Where the loaded record type goes: its fields, the designer, a warning, and the unsaved baseline. */
export interface RecordTypeLoadTargets {
  store: DesignerStore
  setFields: (fields: RecordTypeFields) => void
  setWarning: (warning: string) => void
  setBaseline: Dispatch<SetStateAction<string | null>>
}

/**
 * Loads the record type (none for a new one) and the product types; puts its fields and design into
 * the editor, and takes what was loaded as the baseline the unsaved check compares with.
 */
export function useRecordTypeLoad(id: number | null, targets: RecordTypeLoadTargets) {
  const { store, setFields, setWarning, setBaseline } = targets
  return useResource(
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
}
