import { SENSOR_TYPE_BY_CAPTURE } from '../../../schemas/entities/data-point-type'
import {
  RECORD_TYPE_ATTRIBUTES,
  RECORD_TYPE_DESCRIPTION,
  type RecordType,
  type RecordTypeAttributeWrite,
  type RecordTypeWrite,
} from '../../../schemas/entities/record-type'
import { newMappingIssues, validateFieldMappings } from '../../../schemas/form-layout'
import type { FieldMappings, FormLayout } from '../../../schemas/form-layout'
import { layoutToSave, mappingsToSave, type RecordTypeFields } from './record-type-draft'

/** What one save of the record type editor writes. */
export interface RecordTypeSave {
  /** The record type edited, or null for a new one. */
  id: number | null
  /** A record type an earlier, failed save already created: the save updates it instead (see below). */
  created: { current: number | null }
  /**
   * The layout revision the editor holds (null: none stored yet): sent with every write as If-Match, so a
   * save over another configurator's newer one is refused (409) instead of silently replacing it. Each
   * layout the save stores moves it on, so this user's next save (a retry, another edit) is not refused.
   */
  revision: { current: number | null }
  original: RecordType | null
  fields: RecordTypeFields
  doc: { layout: FormLayout; mappings: FieldMappings }
}

/**
 * The SPEC §7 calls a save makes (record-types-api.ts `recordTypesApi` in the SPA; the server itself in
 * tests/api). Kept free of the SPA's HTTP client so the API tests run this very save against the server.
 */
export interface RecordTypeWriteCalls {
  create(body: RecordTypeWrite): Promise<number>
  update(id: number, body: RecordTypeWrite, revision?: number | null): Promise<void>
  addAttribute(
    id: number,
    body: RecordTypeAttributeWrite,
    revision?: number | null,
  ): Promise<{ layoutRevision: number | null } | undefined>
  deleteAttribute(id: number, key: string, revision?: number | null): Promise<void>
}

/** What a save has done so far, for the banner when a later call fails. */
interface SaveProgress {
  /** The parts this save stored, in order ('the record type details', 'the data entry form', …). */
  stored: string[]
  /** Attributes this save deleted and has not re-posted yet: the record type is without them now. */
  missing: string[]
}

const LAYOUT = 'data entry form'
const MAPPINGS = 'field mappings'

const list = (parts: readonly string[]) =>
  parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`

/**
 * The text of a save that failed part-way (as the owner page's 'Already saved: …'): the failure, what
 * this save already stored, and what the record type is without until Save is pressed again, so nobody
 * believes a failed save changed nothing, nor that the stored record type is still whole.
 */
function recordTypeSaveFailure(reason: string, progress: SaveProgress): string {
  if (progress.stored.length === 0) return reason
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`
  const without = progress.missing.length
    ? `; until then the record type has no ${progress.missing.join(' and no ')}`
    : ''
  return `${sentence} Already saved: ${list(progress.stored)}; the rest is not. Correct this and Save again to finish${without}.`
}

/**
 * Whether the mappings stored now still fit the new layout, as the server judges a posted layout
 * (`newMappingIssues`, with the old layout already deleted): true when none are stored or they cannot be
 * read (the server does not check those either).
 */
function storedMappingsFit(
  original: RecordType | null,
  fields: RecordTypeFields,
  layout: FormLayout,
): boolean {
  const text = original?.attributes.find((a) => a.key === RECORD_TYPE_ATTRIBUTES.mappings)?.value
  let value: unknown
  try {
    value = text ? JSON.parse(text) : undefined
  } catch {
    return true
  }
  const stored = validateFieldMappings(value)
  if (!stored.ok) return true
  const draft = { name: fields.name, captureType: fields.captureType, category: fields.category }
  return newMappingIssues({ ...draft, mappings: stored.mappings }, null, layout).length === 0
}

/**
 * The save of SPEC §5 "Record type save" with SPEC §7's calls: the record type, then each attribute
 * deleted and re-posted (editing) or posted (new). Each call is its own transaction on the server, so a
 * save cut off part-way (browser closed, connection lost) leaves what the calls before stored; the order
 * keeps that short:
 * - normally the layout (delete, post) then the mappings (delete, post): the record type is without its
 *   mappings, or its layout, only between one delete and the post that follows it;
 * - when the new layout drops a variable the stored mappings use (a renamed mapped variable), the server
 *   refuses that layout while those mappings are stored, so the mappings are deleted first, then the
 *   layout deleted and posted, then the mappings posted: the layout is still missing for one call only
 *   (the design is the larger work to lose), the mappings for three.
 * The mappings always come after the layout: the server checks them against the stored layout. A new
 * record type's id is kept in `created` as soon as it exists, so a retry does not create it twice. Every
 * write names the layout revision the editor holds (If-Match, audit s8 #5): the server answers 409
 * 'Someone else saved this record type since you opened it. …' when another save came first. A failure
 * after something was stored throws `recordTypeSaveFailure`'s text; the caller keeps the document, and
 * Save again completes the save (deleting a missing attribute is no error).
 */
export async function saveRecordTypeWith(
  recordTypesApi: RecordTypeWriteCalls,
  save: RecordTypeSave,
): Promise<void> {
  const progress: SaveProgress = { stored: [], missing: [] }
  try {
    await writeRecordType(recordTypesApi, save, progress)
  } catch (e) {
    if (progress.stored.length === 0) throw e
    throw new Error(recordTypeSaveFailure(e instanceof Error ? e.message : String(e), progress))
  }
}

async function writeRecordType(
  recordTypesApi: RecordTypeWriteCalls,
  save: RecordTypeSave,
  progress: SaveProgress,
): Promise<void> {
  const { id, created, revision, original, fields, doc } = save
  const body = {
    name: fields.name.trim(),
    sensorTypeId: SENSOR_TYPE_BY_CAPTURE[fields.captureType],
    valueType: original?.valueType ?? 'string',
    units: fields.category,
    description: RECORD_TYPE_DESCRIPTION,
    ...(fields.reviewPolicy ? { reviewPolicy: fields.reviewPolicy } : {}),
  }
  const layout = layoutToSave(doc.layout)

  let recordTypeId = id ?? created.current
  const editing = recordTypeId != null
  if (recordTypeId == null) {
    recordTypeId = await recordTypesApi.create(body)
    created.current = recordTypeId
    progress.stored.push(`the new record type "${body.name}"`)
  } else {
    // The first write checks the revision before anything changes: a refused save leaves all as it was.
    await recordTypesApi.update(recordTypeId, body, revision.current)
    progress.stored.push('the record type details')
  }
  const at = recordTypeId

  const stored = (part: string) => {
    progress.missing = progress.missing.filter((p) => p !== part)
    progress.stored.push(`the ${part}`)
  }
  const deleteLayout = async () => {
    await recordTypesApi.deleteAttribute(at, RECORD_TYPE_ATTRIBUTES.layout, revision.current)
    // No layout to post (a file capture without controls): the removal is what this save stores.
    if (layout) progress.missing.push(LAYOUT)
    else progress.stored.push(`the removal of the ${LAYOUT}`)
  }
  const postLayout = async () => {
    if (!layout) return
    const saved = await recordTypesApi.addAttribute(
      at,
      {
        key: RECORD_TYPE_ATTRIBUTES.layout,
        value: JSON.stringify(layout),
        name: 'Data Entry Form',
        description: 'Form layout of the data entry form',
      },
      revision.current,
    )
    // The revision this save stored is the one the editor now holds.
    if (typeof saved?.layoutRevision === 'number') revision.current = saved.layoutRevision
    stored(LAYOUT)
  }
  const deleteMappings = async () => {
    await recordTypesApi.deleteAttribute(at, RECORD_TYPE_ATTRIBUTES.mappings, revision.current)
    progress.missing.push(MAPPINGS)
  }
  const postMappings = async () => {
    await recordTypesApi.addAttribute(
      at,
      {
        key: RECORD_TYPE_ATTRIBUTES.mappings,
        value: JSON.stringify(mappingsToSave(fields.category, doc.mappings)),
        name: 'Field Mappings',
        description: 'Which variable carries each piece of record data',
      },
      revision.current,
    )
    stored(MAPPINGS)
  }

  if (!editing) {
    await postLayout()
    await postMappings()
  } else if (!layout || storedMappingsFit(original, fields, layout)) {
    // SPEC §7: editing deletes, then re-posts, the layout and mapping attributes; each one right after.
    await deleteLayout()
    await postLayout()
    await deleteMappings()
    await postMappings()
  } else {
    await deleteMappings()
    await deleteLayout()
    await postLayout()
    await postMappings()
  }
}
