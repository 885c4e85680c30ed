/**
 * The access-control matrix (issue 8, OWASP ASVS V4): every route under /svc with the role views that may
 * call it, written out here as data — deliberately not imported from schemas/roles, so a changed guard
 * shows up as a failing row. Views follow DESIGN.md §6 and docs/decisions.md ("Supplier users read what
 * Add Record needs"). security-matrix.test.ts fails when the app has a route without a row.
 */

/** The role views of SPEC §6, 'none' being a signed-in user without any of the claims. */
export const MATRIX_VIEWS = ['none', 'supplier', 'internal', 'configurator', 'viewAll'] as const
export type MatrixView = (typeof MATRIX_VIEWS)[number]

/** Reads every record-capturing view needs: Add Record, Data Entry, record browsing (scoped in the repositories). */
const READ: readonly MatrixView[] = ['supplier', 'internal', 'configurator', 'viewAll']
/** Reference data screens (suppliers list, owners, calibrators): internal staff read, suppliers do not. */
const REFERENCE: readonly MatrixView[] = ['internal', 'configurator', 'viewAll']
/** Writes to reference data and record types. */
const CONFIGURE: readonly MatrixView[] = ['configurator', 'viewAll']
/** Supplier delete (SPEC §2: delete only for the view-all role). */
const ADMIN: readonly MatrixView[] = ['viewAll']

/** Case actions refuse other roles with 403 and a message of their own (not the generic one). */
const CASE_ACTION_REFUSED: MatrixRow['expect'] = { none: 403, supplier: 403, internal: 403 }

/** Ids of demo rows the calls use, so an admitted call reaches its handler with a plausible request. */
export interface MatrixIds {
  /** The demo supplier user's own supplier (Northwind Transformers). */
  supplierId: number
  productTypeId: number
  productId: number
  recordId: number
  recordTypeId: number
  testEquipmentId: number
  ownerId: number
  locationId: number
  calibratorId: number
  descriptiveId: number
  jobId: number
  documentFilename: string
}

/** An id no row has: writes use it so an admitted call answers 404/400 and leaves the demo data alone. */
export const MISSING_ID = 999999

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** The route's URL pattern as registered (prefix included). */
  url: string
  /** 'public' needs no token; otherwise the views admitted (others get 403, no token 401). */
  allow: 'public' | readonly MatrixView[]
  /** The concrete path to call. */
  path: (ids: MatrixIds) => string
  /** Body sent with the call (JSON unless a string). */
  body?: unknown
  /** Statuses an admitted view must get instead of "anything but 401/403" (row-level rules). */
  expect?: Partial<Record<MatrixView, number>>
}

const M = '/svc/meta/api'
const D = '/svc/data/api/InstrumentTestRecord'
const S = '/svc/submission/api/InstrumentTest'
const I = '/svc/itr/api'
const FILTER = encodeURIComponent(JSON.stringify({}))

const row = (
  method: MatrixRow['method'],
  url: string,
  allow: MatrixRow['allow'],
  path: MatrixRow['path'] = () => url,
  extra: Pick<MatrixRow, 'body' | 'expect'> = {},
): MatrixRow => ({ method, url, allow, path, ...extra })

/** Both spellings SPEC §7 uses (with and without a trailing slash), same rule. */
const both = (
  method: MatrixRow['method'],
  url: string,
  allow: MatrixRow['allow'],
  extra: Pick<MatrixRow, 'body' | 'expect'> = {},
): MatrixRow[] => [
  row(method, url, allow, () => url, extra),
  row(method, `${url}/`, allow, () => `${url}/`, extra),
]

export const ACCESS_MATRIX: readonly MatrixRow[] = [
  // {auth}: the token endpoint is the way in.
  row('POST', '/svc/auth/api/token', 'public', undefined, { body: 'grant_type=password' }),
  // Log Out is authenticated by the refresh token in its body, not by a bearer.
  row('POST', '/svc/auth/api/logout', 'public', undefined, { body: 'refresh_token=unknown' }),
  row('GET', '/svc/openapi.json', 'public'),

  // {meta} suppliers
  row('GET', `${M}/assetmanufacturers`, REFERENCE),
  row('POST', `${M}/assetmanufacturers`, CONFIGURE, undefined, { body: {} }),
  row('GET', `${M}/assetmanufacturers/:id`, READ, (i) => `${M}/assetmanufacturers/${i.supplierId}`),
  row('PUT', `${M}/assetmanufacturers/:id/`, CONFIGURE, () => `${M}/assetmanufacturers/${MISSING_ID}/`, {
    body: { name: 'Renamed' },
  }),
  row('PUT', `${M}/assetmanufacturers/:id`, CONFIGURE, () => `${M}/assetmanufacturers/${MISSING_ID}`, {
    body: { name: 'Renamed' },
  }),
  row('DELETE', `${M}/assetmanufacturers/:id`, ADMIN, () => `${M}/assetmanufacturers/${MISSING_ID}`),
  row(
    'POST',
    `${M}/assetmanufacturers/attributes/:id`,
    CONFIGURE,
    () => `${M}/assetmanufacturers/attributes/${MISSING_ID}`,
    {
      body: {},
    },
  ),
  row(
    'PUT',
    `${M}/assetmanufacturers/attributes/:id/:attrKey/:attrValue/:attrName`,
    CONFIGURE,
    () => `${M}/assetmanufacturers/attributes/${MISSING_ID}/Note/x/Note`,
  ),
  row(
    'POST',
    `${M}/assetmanufacturers/:id/serialRanges/check`,
    REFERENCE,
    (i) => `${M}/assetmanufacturers/${i.supplierId}/serialRanges/check`,
    { body: { prefix: 'ZZZ:', min: 1, max: 2 } },
  ),

  // {meta} product types
  ...both('GET', `${M}/AssetModels`, READ),
  row('GET', `${M}/assetmodels/:id`, READ, (i) => `${M}/assetmodels/${i.productTypeId}`),
  ...both('POST', `${M}/assetmodels`, CONFIGURE, { body: {} }),
  row('PUT', `${M}/assetmodels/:id`, CONFIGURE, () => `${M}/assetmodels/${MISSING_ID}`, { body: {} }),
  row('DELETE', `${M}/assetmodels/:id`, CONFIGURE, () => `${M}/assetmodels/${MISSING_ID}`),
  row(
    'GET',
    `${M}/assetmodels/:id/TestParameters`,
    READ,
    (i) => `${M}/assetmodels/${i.productTypeId}/TestParameters`,
  ),
  row(
    'PUT',
    `${M}/assetmodels/:id/TestParameters`,
    CONFIGURE,
    () => `${M}/assetmodels/${MISSING_ID}/TestParameters`,
    {
      body: [],
    },
  ),
  row(
    'POST',
    `${M}/assetmodels/:parent/child/assetmodels/:id`,
    CONFIGURE,
    () => `${M}/assetmodels/${MISSING_ID}/child/assetmodels/${MISSING_ID}`,
  ),
  row(
    'DELETE',
    `${M}/assetmodels/:parent/child/assetmodels/:id`,
    CONFIGURE,
    () => `${M}/assetmodels/${MISSING_ID}/child/assetmodels/${MISSING_ID}`,
  ),
  row('DELETE', `${M}/Mapping`, CONFIGURE, undefined, { body: {} }),
  row(
    'GET',
    `${M}/AssetModels/ParentMappings/:id`,
    READ,
    (i) => `${M}/AssetModels/ParentMappings/${i.productTypeId}`,
  ),
  row('GET', `${M}/datapointtypes/`, READ),
  row(
    'POST',
    `${M}/AssetModels/Attributes/:id`,
    CONFIGURE,
    () => `${M}/AssetModels/Attributes/${MISSING_ID}`,
    {
      body: {},
    },
  ),
  row(
    'DELETE',
    `${M}/AssetModels/Attributes/:id/:attrKey`,
    CONFIGURE,
    () => `${M}/AssetModels/Attributes/${MISSING_ID}/Note`,
  ),
  row(
    'GET',
    `${M}/AssetModels/attributes/:productTypeId/:attrKey`,
    READ,
    (i) => `${M}/AssetModels/attributes/${i.productTypeId}/FaultRepairItems`,
  ),
  ...(['POST', 'PUT'] as const).map((method) =>
    row(
      method,
      `${M}/AssetModels/attributes/:productTypeId/:attrKey`,
      CONFIGURE,
      () => `${M}/AssetModels/attributes/${MISSING_ID}/FaultRepairItems`,
      { body: {} },
    ),
  ),

  // {meta} configuration and lookups
  row('GET', `${M}/Configuration/:domain/`, READ, () => `${M}/Configuration/ITRCATEGORY/`),
  row('GET', `${M}/Configuration/:domain`, READ, () => `${M}/Configuration/ITRFAULTDESCRIPTIVE`),
  ...(['POST', 'PUT', 'DELETE'] as const).flatMap((method) =>
    both(method, `${M}/Configuration`, CONFIGURE, { body: {} }),
  ),
  row('GET', `${M}/Customers`, READ),

  // {meta} record types
  ...both('GET', `${M}/DataPointTypes`, READ),
  ...both('POST', `${M}/DataPointTypes`, CONFIGURE, { body: {} }),
  row('GET', `${M}/DataPointTypes/:id`, READ, (i) => `${M}/DataPointTypes/${i.recordTypeId}`),
  row(
    'GET',
    `${M}/DataPointTypes/:id/layouts/:revision`,
    READ,
    (i) => `${M}/DataPointTypes/${i.recordTypeId}/layouts/1`,
  ),
  row('PUT', `${M}/DataPointTypes/:id`, CONFIGURE, () => `${M}/DataPointTypes/${MISSING_ID}`, { body: {} }),
  row('PUT', `${M}/DataPointTypes/:id/`, CONFIGURE, () => `${M}/DataPointTypes/${MISSING_ID}/`, { body: {} }),
  row('DELETE', `${M}/datapointtypes/:id`, CONFIGURE, () => `${M}/datapointtypes/${MISSING_ID}`),
  row(
    'POST',
    `${M}/DataPointTypes/attributes/:id`,
    CONFIGURE,
    () => `${M}/DataPointTypes/attributes/${MISSING_ID}`,
    {
      body: {},
    },
  ),
  row(
    'DELETE',
    `${M}/DataPointTypes/attributes/:id/:attrKey`,
    CONFIGURE,
    () => `${M}/DataPointTypes/attributes/${MISSING_ID}/FieldMappings`,
  ),

  // {meta} products (supplier-scoped in the repositories)
  row(
    'GET',
    `${M}/assets/page/:page/size/:size/filter/:filter`,
    READ,
    () => `${M}/assets/page/1/size/10/filter/${FILTER}`,
  ),
  row('GET', `${M}/Assets/parentMappings/:id`, READ, (i) => `${M}/Assets/parentMappings/${i.productId}`),
  row('GET', `${M}/assets/bytype/:type`, READ, (i) => `${M}/assets/bytype/${i.productTypeId}`),

  // {data} records and export (supplier- and category-scoped)
  row('GET', `${D}/Record/:id`, READ, (i) => `${D}/Record/${i.recordId}`),
  row('GET', `${D}/Record/:id/certificate.pdf`, READ, (i) => `${D}/Record/${i.recordId}/certificate.pdf`),
  // Issue #19: every record reader is admitted; the claims (ITRReviewer, ITRApprover) decide in the handler.
  row('GET', `${D}/Record/:id/review`, READ, (i) => `${D}/Record/${i.recordId}/review`),
  row('POST', `${D}/Record/:id/review`, READ, () => `${D}/Record/${MISSING_ID}/review`, {
    body: { action: 'review' },
  }),
  row(
    'GET',
    `${D}/Records/page/:page/size/:size/filter/:filter`,
    READ,
    () => `${D}/Records/page/1/size/10/filter/${FILTER}`,
  ),
  row(
    'GET',
    `${D}/ExcelExport/filter/:filter`,
    READ,
    () =>
      `${D}/ExcelExport/filter/${encodeURIComponent('{"filters":[{"field":"recordTypeId","value":"999999"}]}')}`,
  ),
  row('GET', `${D}/ExcelExport/now/filter/:filter`, READ, () => `${D}/ExcelExport/now/filter/${FILTER}`),
  row('GET', `${D}/ExcelExport/jobs/:id`, READ, (i) => `${D}/ExcelExport/jobs/${i.jobId}`),
  row('GET', `${D}/ExcelExport/jobs/:id/download`, READ, (i) => `${D}/ExcelExport/jobs/${i.jobId}/download`),
  // Batch certificates (issue #16.3): scoped like the records page; a filter matching nothing answers 400.
  row('POST', `${D}/Certificates`, READ, undefined, {
    body: { format: 'zip', filter: { filters: [{ field: 'recordTypeId', value: '999999' }] } },
  }),
  row('GET', `${D}/Certificates/jobs/:id`, READ, (i) => `${D}/Certificates/jobs/${i.jobId}`),
  row(
    'GET',
    `${D}/Certificates/jobs/:id/download`,
    READ,
    (i) => `${D}/Certificates/jobs/${i.jobId}/download`,
  ),

  // {submission}: every record-capturing view; the repository refuses viewers without ITRSubmitter and
  // supplier users on calibration records or other suppliers (their bodies here fail validation first).
  ...both('POST', `${S}/upload-single`, READ, { body: {} }),
  ...both('POST', `${S}/calibration`, READ, { body: {} }),
  ...both('POST', `${S}/despatch`, READ, { body: {} }),
  ...both('POST', `${S}/upload-csv`, READ, { body: {} }),
  row('PUT', `${S}/Record/:id`, READ, () => `${S}/Record/${MISSING_ID}`, { body: {} }),

  // {itr} product types
  row('GET', `${I}/productTypes`, READ),
  row(
    'PUT',
    `${I}/ProductTypes/:id/RecordTypes`,
    CONFIGURE,
    () => `${I}/ProductTypes/${MISSING_ID}/RecordTypes`,
    {
      body: [],
    },
  ),

  // {itr} device owners: internal staff read, suppliers never
  row('GET', `${I}/deviceOwners`, REFERENCE),
  row('GET', `${I}/deviceOwners/:id`, REFERENCE, (i) => `${I}/deviceOwners/${i.ownerId}`),
  row('POST', `${I}/deviceOwners`, CONFIGURE, undefined, { body: {} }),
  row('PATCH', `${I}/deviceOwners/:id`, CONFIGURE, () => `${I}/deviceOwners/${MISSING_ID}`, { body: {} }),
  row(
    'PUT',
    `${I}/deviceOwners/:id/serialRanges/testEquipment`,
    CONFIGURE,
    () => `${I}/deviceOwners/${MISSING_ID}/serialRanges/testEquipment`,
    {
      body: [],
    },
  ),
  row(
    'PUT',
    `${I}/deviceOwners/:id/calibrationReminderContacts`,
    CONFIGURE,
    () => `${I}/deviceOwners/${MISSING_ID}/calibrationReminderContacts`,
    {
      body: [],
    },
  ),
  row('GET', `${I}/DeviceOwners/:id/Locations`, REFERENCE, (i) => `${I}/DeviceOwners/${i.ownerId}/Locations`),
  row(
    'POST',
    `${I}/DeviceOwners/:id/Locations`,
    CONFIGURE,
    () => `${I}/DeviceOwners/${MISSING_ID}/Locations`,
    { body: {} },
  ),
  row(
    'PUT',
    `${I}/DeviceOwners/:id/Locations/:locationId`,
    CONFIGURE,
    () => `${I}/DeviceOwners/${MISSING_ID}/Locations/${MISSING_ID}`,
    {
      body: {},
    },
  ),
  row(
    'DELETE',
    `${I}/DeviceOwners/:id/Locations/:locationId`,
    CONFIGURE,
    () => `${I}/DeviceOwners/${MISSING_ID}/Locations/${MISSING_ID}`,
  ),

  // {itr} calibrators
  row('GET', `${I}/calibrators`, REFERENCE),
  row('POST', `${I}/calibrators`, CONFIGURE, undefined, { body: {} }),
  row('PUT', `${I}/calibrators/:id`, CONFIGURE, () => `${I}/calibrators/${MISSING_ID}`, { body: {} }),
  row('DELETE', `${I}/calibrators/:id`, CONFIGURE, () => `${I}/calibrators/${MISSING_ID}`),

  // {itr} survey/repair types
  row('GET', `${I}/faultRepairTypes`, READ),
  row(
    'GET',
    `${I}/faultRepairTypes/descriptives/:id`,
    READ,
    (i) => `${I}/faultRepairTypes/descriptives/${i.descriptiveId}`,
  ),

  // {itr} documents and test equipment (supplier-scoped: see security-scoping.test.ts)
  row('POST', `${I}/formDocuments`, READ, undefined, { body: {} }),
  row('GET', `${I}/formDocuments`, READ, (i) => `${I}/formDocuments?filename=${i.documentFilename}`),
  row('GET', `${I}/testEquipment`, READ),
  row('GET', `${I}/testEquipment/:id`, READ, (i) => `${I}/testEquipment/${i.testEquipmentId}`),
  row('GET', `${I}/products/:id/testEquipment`, READ, (i) => `${I}/products/${i.productId}/testEquipment`),

  // {itr} impact cases (issue #15.3): configurators and admins read and act; the actions refuse other
  // roles with their own message ('Only a configurator or admin can decide …'), checked in impact-cases.test.ts.
  row(
    'GET',
    `${I}/ImpactCases/page/:page/size/:size/filter/:filter`,
    CONFIGURE,
    () => `${I}/ImpactCases/page/1/size/10/filter/${FILTER}`,
  ),
  row('GET', `${I}/ImpactCases/:id`, CONFIGURE, () => `${I}/ImpactCases/${MISSING_ID}`),
  row(
    'GET',
    `${I}/ImpactCases/:id/records/page/:page/size/:size/filter/:filter`,
    CONFIGURE,
    () => `${I}/ImpactCases/${MISSING_ID}/records/page/1/size/10/filter/${FILTER}`,
  ),
  row(
    'GET',
    `${I}/ImpactCases/:id/export.xlsx`,
    CONFIGURE,
    () => `${I}/ImpactCases/${MISSING_ID}/export.xlsx`,
  ),
  row(
    'POST',
    `${I}/ImpactCases/:id/dispositions`,
    CONFIGURE,
    () => `${I}/ImpactCases/${MISSING_ID}/dispositions`,
    { body: {}, expect: CASE_ACTION_REFUSED },
  ),
  row('POST', `${I}/ImpactCases/:id/close`, CONFIGURE, () => `${I}/ImpactCases/${MISSING_ID}/close`, {
    expect: CASE_ACTION_REFUSED,
  }),
  row('POST', `${I}/ImpactCases`, CONFIGURE, undefined, { body: {}, expect: CASE_ACTION_REFUSED }),
  row(
    'GET',
    `${I}/testEquipment/:id/calibrations`,
    CONFIGURE,
    (i) => `${I}/testEquipment/${i.testEquipmentId}/calibrations`,
  ),
  row(
    'GET',
    `${I}/testEquipment/:id/usage/page/:page/size/:size/filter/:filter`,
    CONFIGURE,
    (i) => `${I}/testEquipment/${i.testEquipmentId}/usage/page/1/size/10/filter/${FILTER}`,
  ),

  // {config} audit trail (issue 8): the Audit page for admins; a history for whoever reads the entity
  // (a supplier user reads no supplier history, only the history of records in scope).
  row(
    'GET',
    '/svc/config/api/Audit/page/:page/size/:size/filter/:filter',
    ADMIN,
    () => `/svc/config/api/Audit/page/1/size/10/filter/${FILTER}`,
  ),
  row(
    'GET',
    '/svc/config/api/Audit/:entity/:id',
    READ,
    (i) => `/svc/config/api/Audit/supplier/${i.supplierId}`,
    {
      expect: { supplier: 403 },
    },
  ),
  // {config} certificate template settings (issue #16.4): read by every signed-in user (certificates, the
  // equipment label's logo), changed by admins only (an empty body is a 400 for them).
  row('GET', '/svc/config/api/Settings/certificate', MATRIX_VIEWS),
  row('PUT', '/svc/config/api/Settings/certificate', ADMIN, undefined, { body: {} }),
]
