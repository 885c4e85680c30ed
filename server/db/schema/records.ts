import { sql } from 'drizzle-orm'
import type { TestParameter } from '../../../schemas/entities/test-parameter'
import type { EquipmentSnapshot } from '../../../schemas/records/equipment-snapshot'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { users } from './auth'
import {
  assetManufacturers,
  assetModels,
  calibrators,
  customers,
  dataPointTypes,
  deviceOwnerLocations,
  deviceOwners,
} from './reference'

/**
 * The records domain (SPEC §3 Product, Test equipment, Document, Record): products created by submissions,
 * the records themselves, test equipment with its latest calibration, stored documents and background jobs.
 * Indexes follow the records and products pages' filters and sorts, so a page stays an index scan at
 * 1,000,000 records (DESIGN.md §8).
 */

/** PostgreSQL bytea as a Node Buffer (drizzle has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * Stored files (SPEC §3 Document): calibration certificates, form uploads and export workbooks. The bytes
 * live in the database so every instance behind a load balancer serves the same files.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    documentType: text('document_type'),
    originalFilename: text('original_filename').notNull(),
    savedFilename: text('saved_filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('documents_saved_filename_unique').on(t.savedFilename)],
)

/** Products (SPEC's assets): serialised items, created on first sight by a submission. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    serialNumberPrefix: text('serial_number_prefix').notNull().default(''),
    serialNumber: text('serial_number').notNull(),
    /** prefix + serial (SPEC §3 productSerialNumber), kept so searches by the full text use an index. */
    productSerialNumber: text('product_serial_number').notNull(),
    assetModelId: integer('asset_model_id')
      .notNull()
      .references(() => assetModels.id, { onDelete: 'restrict' }),
    assetManufacturerId: integer('asset_manufacturer_id').references(() => assetManufacturers.id, {
      onDelete: 'restrict',
    }),
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    dateOfLastRecord: timestamp('date_of_last_record', { withTimezone: true }),
    /** Conclusion of the newest record: pass, fail or other (SPEC §3 CurrentStatus). */
    currentStatus: text('current_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_type_serial_unique').on(t.assetModelId, t.productSerialNumber),
    // (key, id): the products page orders by the sort field, then id, in either direction.
    index('products_serial_idx').on(t.productSerialNumber, t.id),
    index('products_serial_value_idx').on(t.serialNumber, t.id),
    index('products_manufacturer_idx').on(t.assetManufacturerId, t.id),
    index('products_model_idx').on(t.assetModelId, t.id),
    index('products_parent_idx').on(t.parentId),
    // A product never recorded sorts as the oldest: first oldest-first, last newest-first (the page's
    // `ASC NULLS FIRST` / `DESC NULLS LAST`, one index read forwards or backwards).
    index('products_last_record_idx').on(t.dateOfLastRecord.asc().nullsFirst(), t.id),
    check(
      'products_status',
      sql`${t.currentStatus} IS NULL OR ${t.currentStatus} IN ('pass','fail','other')`,
    ),
  ],
)

/** Test equipment (SPEC §3) with its latest calibration, kept up to date by calibration records. */
export const testEquipment = pgTable(
  'test_equipment',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => deviceOwners.id, { onDelete: 'restrict' }),
    /** The owner's range prefix, ending with the separator (e.g. 'TE:'). */
    serialNumberPrefix: text('serial_number_prefix').notNull(),
    serialNumber: text('serial_number').notNull(),
    fullSerialNumber: text('full_serial_number').notNull(),
    // Restrict, as every reference a record or a device keeps: deleting a product type, location or
    // calibrator in use is refused with "… is in use" (409) instead of quietly blanking the devices.
    assetModelId: integer('asset_model_id').references(() => assetModels.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => deviceOwnerLocations.id, { onDelete: 'restrict' }),
    assetTag: text('asset_tag'),
    description: text('description'),
    calibrationSkipped: boolean('calibration_skipped'),
    calibrationDate: timestamp('calibration_date', { withTimezone: true }),
    calibrationExpires: timestamp('calibration_expires', { withTimezone: true }),
    calibratorId: integer('calibrator_id').references(() => calibrators.id, { onDelete: 'restrict' }),
    certificateDocumentId: integer('certificate_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_equipment_serial_unique').on(sql`lower(${t.fullSerialNumber})`),
    index('test_equipment_owner_idx').on(t.ownerId),
  ],
)

/** Records: submitted test, despatch, problem report and calibration forms (SPEC §3 Record list item). */
export const records = pgTable(
  'records',
  {
    id: serial('id').primaryKey(),
    recordTypeId: integer('record_type_id')
      .notNull()
      .references(() => dataPointTypes.id, { onDelete: 'restrict' }),
    /** test | despatch | problemReport | calibration (SPEC §9 filter values), copied from the record type. */
    category: text('category').notNull(),
    /** Revision of the record type's form layout the record was captured with (DESIGN.md §5). */
    layoutVersion: integer('layout_version'),
    productTypeId: integer('product_type_id').references(() => assetModels.id, { onDelete: 'restrict' }),
    supplierId: integer('supplier_id').references(() => assetManufacturers.id, { onDelete: 'restrict' }),
    deviceOwnerId: integer('device_owner_id').references(() => deviceOwners.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    testEquipmentId: integer('test_equipment_id').references(() => testEquipment.id, {
      onDelete: 'restrict',
    }),
    serialNumberPrefix: text('serial_number_prefix').notNull().default(''),
    productSerialNumber: text('product_serial_number').notNull(),
    recordDate: timestamp('record_date', { withTimezone: true }).notNull(),
    /** pass | fail | '-' (n/a and unset are stored as '-', SPEC §9). */
    testResult: text('test_result').notNull().default('-'),
    jobNumber: text('job_number'),
    batchNumber: text('batch_number'),
    faultItems: text('fault_items'),
    repairItems: text('repair_items'),
    faultDescriptives: text('fault_descriptives'),
    repairDescriptives: text('repair_descriptives'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The product type's test parameters when captured (issue #14.4); later edits never change a verdict. */
    parameters: jsonb('parameters').$type<TestParameter[]>(),
    fileName: text('file_name'),
    /** The CSV ingest job that wrote the record, if any. */
    jobId: integer('job_id').references((): AnyPgColumn => jobs.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /**
     * The content's revision: 1 when stored, one more at each change of it in place (a Problem Report edit,
     * a rejudge correction). An edit or a review may name the revision it was made on (If-Match) and is
     * refused when the record changed since; each review transition keeps the revision it decided on.
     */
    revision: integer('revision').notNull().default(1),
    /** Issue #19: none (no review needed) | submitted | reviewed | approved | rejected. */
    reviewState: text('review_state').notNull().default('none'),
    /** When the review state last changed (mail batching); null while it never needed review. */
    reviewChangedAt: timestamp('review_changed_at', { withTimezone: true }),
    /** The newer record of the same product and record type (re-test chain); null for the newest. */
    supersededById: integer('superseded_by_id').references((): AnyPgColumn => records.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    // Issue #19: only records in review are indexed by state, so records that need none pay nothing.
    index('records_review_waiting_idx')
      .on(t.reviewState, t.reviewChangedAt)
      .where(sql`review_state IN ('submitted','reviewed','rejected')`),
    index('records_superseded_by_idx')
      .on(t.supersededById)
      .where(sql`superseded_by_id IS NOT NULL`),
    check(
      'records_review_state',
      sql`${t.reviewState} IN ('none','submitted','reviewed','approved','rejected')`,
    ),
    // Ascending (record_date, id) keys on purpose: the pages order by `record_date DESC, id DESC`, which
    // PostgreSQL reads as DESC NULLS FIRST. A `DESC` index key is DESC NULLS LAST and does not match it
    // (the planner then sorts all 1,000,000 rows); an ascending index scanned backwards matches both the
    // newest-first and the oldest-first order. The trailing id makes the order total and lets counts and
    // deep pages be index-only scans.
    index('records_date_idx').on(t.recordDate, t.id),
    index('records_serial_idx').on(t.productSerialNumber, t.recordDate, t.id),
    // Supplier-view users always carry a category scope too (their ITRViewer claim).
    index('records_supplier_date_idx').on(t.supplierId, t.category, t.recordDate, t.id),
    index('records_category_date_idx').on(t.category, t.recordDate, t.id),
    index('records_record_type_idx').on(t.recordTypeId, t.recordDate, t.id),
    index('records_product_type_idx').on(t.productTypeId, t.recordDate, t.id),
    index('records_product_idx').on(t.productId, t.recordDate, t.id),
    index('records_job_number_idx').on(t.jobNumber),
    index('records_customer_idx').on(t.customerId),
    index('records_test_equipment_idx').on(t.testEquipmentId),
    check('records_result', sql`${t.testResult} IN ('pass','fail','-')`),
    check('records_category', sql`${t.category} IN ('test','despatch','problemReport','calibration')`),
  ],
)

/** Test equipment used in a record (records filter `testEquipment`). */
export const recordTestEquipment = pgTable(
  'record_test_equipment',
  {
    recordId: integer('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    testEquipmentId: integer('test_equipment_id')
      .notNull()
      .references(() => testEquipment.id, { onDelete: 'restrict' }),
    /**
     * The device as it was when the record used it (issue #15.2): serial, description, owner, calibration,
     * certificate, status at the record's date and any override. Written once with the record, never
     * updated, so a later calibration does not change what an old record says. Null for links stored
     * before it, and for the device a calibration record is about (the record is its calibration).
     */
    snapshot: jsonb('snapshot').$type<EquipmentSnapshot>(),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.testEquipmentId] }),
    index('record_test_equipment_te_idx').on(t.testEquipmentId, t.recordId),
  ],
)

/**
 * Documents a record holds in its upload controls (and a calibration's certificate): who may download a
 * file follows from the records it is linked to here (issue #13.5), never from a text search of the data.
 */
export const recordDocuments = pgTable(
  'record_documents',
  {
    recordId: integer('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.documentId] }),
    index('record_documents_document_idx').on(t.documentId, t.recordId),
  ],
)

/** Test equipment a product was tested with (`GET {itr}/api/products/{id}/testEquipment`). */
export const productTestEquipment = pgTable(
  'product_test_equipment',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    testEquipmentId: integer('test_equipment_id')
      .notNull()
      .references(() => testEquipment.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.testEquipmentId] }),
    index('product_test_equipment_te_idx').on(t.testEquipmentId),
  ],
)

/**
 * Background work (CSV ingest, Excel export): kind, status (pending → running → done | error), who asked,
 * a payload summary, the result or error. A CSV ingest writes its records in one transaction, so a job
 * found `running` after a restart wrote nothing and is marked failed to be uploaded again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_status_idx').on(t.status),
    index('jobs_created_by_idx').on(t.createdBy, t.id),
    check('jobs_status', sql`${t.status} IN ('pending','running','done','error')`),
  ],
)

/**
 * Answers of submissions sent with an `Idempotency-Key` header, per user. Written in the submission's own
 * transaction, so a retry either finds the first answer or (while the first is still running) waits on the
 * unique key and then finds it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** sha256 of the call and its canonical body: the key reused with another body is refused (422). */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)
