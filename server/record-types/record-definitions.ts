import { eq, sql } from 'drizzle-orm'
import { TABLE_NAMES } from '../../schemas/entities/attribute'
import { captureTypeOf } from '../../schemas/entities/data-point-type'
import {
  loadLayout,
  MAPPING_FIELD_LABELS,
  type FieldMappings,
  type FormLayout,
} from '../../schemas/form-layout/index'
import {
  categoryFilterOf,
  RECORD_MESSAGES,
  RECORD_TYPE_ATTRIBUTE_KEYS,
  type CategoryFilter,
} from '../../schemas/records/index'
import type { ReviewPolicy } from '../../schemas/records/review'
import { badRequest } from '../http-error'
import type { Db } from '../db/client'
import { dataPointTypes } from '../db/schema/index'
import { RecordTypesRepository } from './record-types'

/** What a submission needs to know about its record type. */
export interface RecordDefinition {
  id: number
  name: string
  category: CategoryFilter
  captureType: 'file' | 'form' | null
  mappings: FieldMappings
  /** The current form layout, or null for file-only types (or an unreadable layout). */
  layout: FormLayout | null
  /** Revision of the current layout; records keep it (DESIGN.md §5). */
  layoutRevision: number | null
  /** Issue #19: whether its records wait for a review (and an approval) before they count. */
  reviewPolicy: ReviewPolicy
}

const parse = (text: string | null): unknown => {
  try {
    return JSON.parse(text ?? '')
  } catch {
    return undefined
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

const MAPPING_KEYS = new Set([...Object.keys(MAPPING_FIELD_LABELS), 'components'])
const looksLikeMappings = (v: unknown) =>
  isObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => MAPPING_KEYS.has(k))
const looksLikeLayout = (v: unknown) => isObject(v) && Array.isArray(v.controls)

/**
 * Reads record types with their field mappings and form layout from the attribute rows the record-type
 * calls write (keys FieldMappings and DataEntryForm; a row of the right shape under another key is
 * accepted too, for record types written by older tools).
 */
export class RecordDefinitions {
  private readonly cache = new Map<number, RecordDefinition>()

  constructor(private readonly db: Db) {}

  /** The record type, or a 400 naming the id. Cached for the lifetime of this object (one request). */
  async get(id: number): Promise<RecordDefinition> {
    const cached = this.cache.get(id)
    if (cached) return cached
    // One statement (a submission's first): the row, its attribute rows and its current layout revision.
    const [found] = await this.db
      .select({
        row: dataPointTypes,
        // Plain names: drizzle writes a column of a single-table select without its table, which inside
        // these subqueries would bind to the subquery's own table.
        attributes: sql<{ key: string; value: string | null }[] | null>`(
          SELECT json_agg(json_build_object('key', ea.key, 'value', ea.value) ORDER BY ea.id)
          FROM entity_attributes ea
          WHERE ea.table_name = ${TABLE_NAMES.recordType} AND ea.entity_id = data_point_types.id)`,
        revision: sql<number | null>`(SELECT max(l.revision) FROM record_type_layouts l
          WHERE l.record_type_id = data_point_types.id)`,
      })
      .from(dataPointTypes)
      .where(eq(dataPointTypes.id, id))
    if (!found) throw badRequest(RECORD_MESSAGES.recordTypeNotFound(id))
    const { row } = found
    const category = categoryFilterOf(row.units)
    if (!category) throw badRequest(RECORD_MESSAGES.recordTypeNotFound(id))
    const attributes = found.attributes ?? []
    const parsed = attributes.map((a) => ({ key: a.key, value: parse(a.value) }))
    const byKey = (key: string) => parsed.find((a) => a.key === key)?.value
    const mappingsValue =
      byKey(RECORD_TYPE_ATTRIBUTE_KEYS.mappings) ?? parsed.find((a) => looksLikeMappings(a.value))?.value
    const layoutValue =
      byKey(RECORD_TYPE_ATTRIBUTE_KEYS.layout) ?? parsed.find((a) => looksLikeLayout(a.value))?.value
    const loaded = layoutValue === undefined ? undefined : loadLayout(layoutValue)
    const definition: RecordDefinition = {
      id: row.id,
      name: row.name,
      category,
      captureType: captureTypeOf(row.sensorTypeId),
      mappings: isObject(mappingsValue) ? (mappingsValue as FieldMappings) : {},
      layout: loaded?.ok ? loaded.layout : null,
      layoutRevision: found.revision == null ? null : Number(found.revision),
      reviewPolicy: row.reviewPolicy as ReviewPolicy,
    }
    this.cache.set(id, definition)
    return definition
  }

  /**
   * The record type with the layout of one stored revision (DESIGN.md §5: a record keeps the revision it
   * was captured with, and an edit is checked against that one, not the current layout). The current
   * definition when the revision is null or no longer stored.
   */
  async atRevision(id: number, revision: number | null): Promise<RecordDefinition> {
    const current = await this.get(id)
    if (revision == null || revision === current.layoutRevision) return current
    const row = await new RecordTypesRepository(this.db).layoutRevision(id, revision)
    if (!row) return current
    const loaded = loadLayout(row.layout)
    return { ...current, layout: loaded.ok ? loaded.layout : null, layoutRevision: revision }
  }
}
