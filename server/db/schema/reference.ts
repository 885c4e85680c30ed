import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

/**
 * Reference data of SPEC §3: suppliers, product types, record types (the table only), device owners,
 * calibrators, customers, configuration rows and survey/repair items. SPEC's attribute model (key/value
 * rows on any entity) is the `entity_attributes` table; attributes with structure of their own
 * (SupplierProducts, RecordTypeAttribute, the fault/repair item list) live in real tables with foreign
 * keys and are exposed as attributes by the repositories.
 */

/** Suppliers (SPEC's asset manufacturers). */
export const assetManufacturers = pgTable(
  'asset_manufacturers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  // Pickers and grids show a supplier by its name alone, so two of one name could not be told apart.
  (t) => [uniqueIndex('asset_manufacturers_name_unique').on(sql`lower(${t.name})`)],
)

/**
 * Product types (asset models). Ids start at 100200 like the organisation's own services, so the
 * special type 100210 (never deletable, SPEC §9) is an ordinary row.
 */
export const assetModels = pgTable(
  'asset_models',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100200 }),
    name: text('name').notNull(),
    description: text('description'),
    assetTypeKey: text('asset_type_key'),
    assetManufacturerId: integer('asset_manufacturer_id').references(() => assetManufacturers.id, {
      onDelete: 'set null',
    }),
  },
  // Product types are chosen by name everywhere (pickers, filters, CSV and record pages).
  (t) => [uniqueIndex('asset_models_name_unique').on(sql`lower(${t.name})`)],
)

/** Parent mapping of a product type (a sub component has one parent). */
export const assetModelParents = pgTable(
  'asset_model_parents',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .unique()
      .references(() => assetModels.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => assetModels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('asset_model_parents_not_self', sql`${t.subjectId} <> ${t.parentId}`),
    index('asset_model_parents_parent_idx').on(t.parentId),
  ],
)

/** Product types a supplier makes: the rows behind the SupplierProducts attribute. */
export const supplierProducts = pgTable(
  'supplier_products',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => assetManufacturers.id, { onDelete: 'cascade' }),
    assetModelId: integer('asset_model_id')
      .notNull()
      .references(() => assetModels.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('supplier_products_unique').on(t.supplierId, t.assetModelId)],
)

/** A product type's own test parameters (issue #14.4); sub-types inherit them unless they set the key. */
export const assetModelParameters = pgTable(
  'asset_model_parameters',
  {
    id: serial('id').primaryKey(),
    assetModelId: integer('asset_model_id')
      .notNull()
      .references(() => assetModels.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    unit: text('unit'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('asset_model_parameters_key').on(t.assetModelId, t.key)],
)

/** Serial ranges of a supplier's product type; prefix is '' for NoSerialNumberPrefix types. */
export const supplierSerialRanges = pgTable(
  'supplier_serial_ranges',
  {
    id: serial('id').primaryKey(),
    supplierProductId: integer('supplier_product_id')
      .notNull()
      .references(() => supplierProducts.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull().default(''),
    min: integer('min').notNull(),
    max: integer('max').notNull(),
  },
  (t) => [
    check('supplier_serial_ranges_order', sql`${t.min} < ${t.max}`),
    index('supplier_serial_ranges_prefix_idx').on(t.prefix),
  ],
)

/**
 * Record types (SPEC's DataPointTypes). The record-type work owns their calls; the table lives here
 * because product types reference it. `units` holds the category, `sensor_type_id` the capture type.
 */
export const dataPointTypes = pgTable('data_point_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sensorTypeId: integer('sensor_type_id'),
  valueType: text('value_type'),
  units: text('units'),
  description: text('description'),
  /** Issue #19: none (records count once saved), review or review-and-approve. */
  reviewPolicy: text('review_policy').notNull().default('none'),
})

/** Record types of a product type, in the order chosen: the rows behind RecordTypeAttribute. */
export const assetModelRecordTypes = pgTable(
  'asset_model_record_types',
  {
    assetModelId: integer('asset_model_id')
      .notNull()
      .references(() => assetModels.id, { onDelete: 'cascade' }),
    dataPointTypeId: integer('data_point_type_id')
      .notNull()
      .references(() => dataPointTypes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('asset_model_record_types_unique').on(t.assetModelId, t.dataPointTypeId)],
)

/** Survey/repair items: names unique (ignoring case) within a product type (SPEC §3). */
export const faultRepairItems = pgTable(
  'fault_repair_items',
  {
    id: serial('id').primaryKey(),
    assetModelId: integer('asset_model_id')
      .notNull()
      .references(() => assetModels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('fault_repair_items_unique').on(t.assetModelId, sql`lower(${t.name})`)],
)

/**
 * SPEC's attribute model: free key/value rows on any entity, named by table name and id. Polymorphic,
 * so there is no foreign key; repositories delete an entity's rows with the entity.
 */
export const entityAttributes = pgTable(
  'entity_attributes',
  {
    id: serial('id').primaryKey(),
    tableName: text('table_name').notNull(),
    entityId: integer('entity_id').notNull(),
    key: text('key').notNull(),
    name: text('name'),
    description: text('description'),
    value: text('value'),
  },
  (t) => [uniqueIndex('entity_attributes_unique').on(t.tableName, t.entityId, t.key)],
)

/** A test-equipment serial range of a device owner, stored with capitalised keys (SPEC §3). */
export interface StoredOwnerSerialRange {
  Id: number
  Prefix: string
  Min: number
  Max: number
}

/** Device owners: customers who own test equipment. Names are unique ignoring case (SPEC §5). */
export const deviceOwners = pgTable(
  'device_owners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdInItr: boolean('created_in_itr').notNull().default(true),
    parentId: integer('parent_id').references((): AnyPgColumn => deviceOwners.id, { onDelete: 'set null' }),
    testEquipmentSerialRanges: jsonb('test_equipment_serial_ranges')
      .$type<StoredOwnerSerialRange[]>()
      .notNull()
      .default([]),
    calibrationReminderContacts: jsonb('calibration_reminder_contacts')
      .$type<string[]>()
      .notNull()
      .default([]),
  },
  (t) => [
    uniqueIndex('device_owners_name_unique').on(sql`lower(${t.name})`),
    check('device_owners_not_own_parent', sql`${t.parentId} IS NULL OR ${t.parentId} <> ${t.id}`),
  ],
)

/** Locations of a device owner; names unique (ignoring case) per owner. */
export const deviceOwnerLocations = pgTable(
  'device_owner_locations',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => deviceOwners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('device_owner_locations_unique').on(t.ownerId, sql`lower(${t.name})`)],
)

/** Calibration houses. */
export const calibrators = pgTable(
  'calibrators',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('calibrators_name_unique').on(sql`lower(${t.name})`)],
)

/** Customers of despatch records (created on first use by submissions). */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('customers_name_unique').on(sql`lower(${t.name})`)],
)

/**
 * Configuration rows of SPEC §3: ITRCATEGORY (ids 1..4), and the survey/repair descriptives under
 * ITRFAULTDESCRIPTIVE, ITRREPAIRDESCRIPTIVE and ITRQUOTATIONDESCRIPTIVE.
 */
export const configurationEntries = pgTable(
  'configuration_entries',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    key: text('key'),
    value: text('value').notNull(),
    description: text('description'),
    shortDescription: text('short_description'),
  },
  (t) => [index('configuration_entries_domain_idx').on(t.domain)],
)
