import { sql, type SQL } from 'drizzle-orm'
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
import { rowsOf } from '../submissions/write/sql-batch'
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

/** What a record type's attribute rows say, parsed: kept across requests while the rows are unchanged. */
interface ParsedAttributes {
  /** The attribute rows' ids and row versions (`xmin`) as the database answered them. */
  stamp: string
  mappings: FieldMappings
  layout: FormLayout | null
}

/** How many record types' parsed attributes a database's cache keeps (the oldest dropped first). */
const DEFINITIONS_KEPT = 200

/**
 * Record types' parsed field mappings and layouts, for one database, across requests (issue #17.1): a
 * submission otherwise reads, parses and checks its record type's whole layout every time. Safe with
 * several instances and any writer: every read still asks the database, in the same statement, for the
 * stamp of the attribute rows — their ids and `xmin` (the transaction that wrote each row version; an
 * insert, update or delete of any row changes it) — and the cached entry is used only when that stamp
 * is the one it was parsed from; otherwise the rows come back in that statement and replace it. The
 * parsed objects are frozen: they are shared by every request that uses them.
 */
export class RecordDefinitionCache {
  private readonly parsed = new Map<number, ParsedAttributes>()

  /** The stamp the cached entry of a record type was parsed from (null: nothing cached). */
  stampOf(id: number): string | null {
    return this.parsed.get(id)?.stamp ?? null
  }

  /** The entry parsed from `stamp`, if that is the cached one. */
  get(id: number, stamp: string): ParsedAttributes | undefined {
    const entry = this.parsed.get(id)
    return entry?.stamp === stamp ? entry : undefined
  }

  set(id: number, entry: ParsedAttributes): ParsedAttributes {
    const frozen = deepFreeze(entry)
    this.parsed.delete(id)
    this.parsed.set(id, frozen)
    if (this.parsed.size > DEFINITIONS_KEPT) this.parsed.delete(this.parsed.keys().next().value!)
    return frozen
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** The record type's row as the definition statement answers it. */
interface DefinitionRow {
  id: number
  name: string
  sensor_type_id: number | null
  units: string | null
  review_policy: string
  stamp: string
  attributes: { key: string; value: string | null }[] | null
  revision: number | null
}

/** Its attribute rows' mappings and layout (a row of the right shape under another key is accepted too). */
function parseAttributes(stamp: string, rows: { key: string; value: string | null }[]): ParsedAttributes {
  const parsed = rows.map((a) => ({ key: a.key, value: parse(a.value) }))
  const byKey = (key: string) => parsed.find((a) => a.key === key)?.value
  const mappingsValue =
    byKey(RECORD_TYPE_ATTRIBUTE_KEYS.mappings) ?? parsed.find((a) => looksLikeMappings(a.value))?.value
  const layoutValue =
    byKey(RECORD_TYPE_ATTRIBUTE_KEYS.layout) ?? parsed.find((a) => looksLikeLayout(a.value))?.value
  const loaded = layoutValue === undefined ? undefined : loadLayout(layoutValue)
  return {
    stamp,
    mappings: isObject(mappingsValue) ? (mappingsValue as FieldMappings) : {},
    layout: loaded?.ok ? loaded.layout : null,
  }
}

/**
 * Reads record types with their field mappings and form layout from the attribute rows the record-type
 * calls write (keys FieldMappings and DataEntryForm; a row of the right shape under another key is
 * accepted too, for record types written by older tools).
 */
export class RecordDefinitions {
  private readonly cache = new Map<number, RecordDefinition>()

  /** `shared`: a database's cache kept across requests (the submission routes'); by default this object's. */
  constructor(
    private readonly db: Db,
    private readonly shared: RecordDefinitionCache = new RecordDefinitionCache(),
  ) {}

  /** Whether this object has read the record type already. */
  has(id: number): boolean {
    return this.cache.has(id)
  }

  /** The record type, or a 400 naming the id. Cached for the lifetime of this object (one request). */
  async get(id: number): Promise<RecordDefinition> {
    return this.cache.get(id) ?? (await this.read(id)).definition
  }

  /**
   * The record type (a 400 naming the id when there is none) and `extras`, further columns of the same
   * statement — a submission's first, which also asks its lookups' questions (server/submissions).
   */
  async read(id: number, extras: Record<string, SQL> = {}) {
    const known = this.shared.stampOf(id)
    const more = Object.entries(extras).map(([name, column]) => sql`, ${column} AS ${sql.identifier(name)}`)
    // The attribute rows' stamp, and the rows themselves only when it is not the cached one. Plain names:
    // the subqueries must bind to the outer row whatever drizzle would write. FOR KEY SHARE (the lock its
    // records' foreign key takes anyway) holds the category a submission read until it commits: a
    // category change waits for it (RecordTypesRepository.update).
    const [found] = rowsOf<DefinitionRow & Record<string, unknown>>(
      await this.db.execute(sql`SELECT d.id, d.name, d.sensor_type_id, d.units, d.review_policy, s.stamp,
          CASE WHEN s.stamp = ${known}::text THEN NULL ELSE (
            SELECT json_agg(json_build_object('key', ea.key, 'value', ea.value) ORDER BY ea.id)
            FROM entity_attributes ea
            WHERE ea.table_name = ${TABLE_NAMES.recordType} AND ea.entity_id = d.id) END AS attributes,
          (SELECT max(l.revision) FROM record_type_layouts l WHERE l.record_type_id = d.id) AS revision
          ${sql.join(more)}
        FROM data_point_types d, LATERAL (
          SELECT coalesce(string_agg(ea.id || '.' || ea.xmin::text, ',' ORDER BY ea.id), '') AS stamp
          FROM entity_attributes ea
          WHERE ea.table_name = ${TABLE_NAMES.recordType} AND ea.entity_id = d.id) s
        WHERE d.id = ${id}
        FOR KEY SHARE OF d`),
    )
    if (!found) throw badRequest(RECORD_MESSAGES.recordTypeNotFound(id))
    const category = categoryFilterOf(found.units)
    if (!category) throw badRequest(RECORD_MESSAGES.recordTypeNotFound(id))
    const attributes =
      this.shared.get(id, found.stamp) ??
      this.shared.set(id, parseAttributes(found.stamp, found.attributes ?? []))
    const definition: RecordDefinition = {
      id: Number(found.id),
      name: found.name,
      category,
      captureType: captureTypeOf(found.sensor_type_id),
      mappings: attributes.mappings,
      layout: attributes.layout,
      layoutRevision: found.revision == null ? null : Number(found.revision),
      reviewPolicy: found.review_policy as ReviewPolicy,
    }
    this.cache.set(id, definition)
    return { definition, extras: found as Record<string, unknown> }
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
