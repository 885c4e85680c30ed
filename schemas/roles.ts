import type { FromSchema } from 'json-schema-to-ts'

/**
 * Role views of SPEC §6 and DESIGN.md §6: which claims choose which view, which navigation
 * items and pages each view gets. Shared by the SPA (nav, page guard) and the server (route guard),
 * so both enforce the same table.
 */

/** Claims carried by the access token (SPEC §3 "Token claims"). */
export const claimsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    IsAdmin: { type: 'boolean' },
    ITRConfigurator: { type: 'boolean' },
    AssetManufacturerView: {
      type: 'integer',
      description: 'Supplier (asset manufacturer) id the user is scoped to.',
    },
    ITRInternalUser: { type: 'boolean' },
    ITRSubmitter: { type: 'boolean' },
    ITRViewer: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Record category ids (ITRCATEGORY) the user may view.',
    },
    ITRReviewer: { type: 'boolean', description: 'May review records (issue #19).' },
    ITRApprover: { type: 'boolean', description: 'May approve records (issue #19).' },
  },
} as const

export type Claims = FromSchema<typeof claimsSchema>

/** The names of the claims, in the order SPEC §6 checks them. */
export const CLAIM_NAMES = [
  'IsAdmin',
  'ITRConfigurator',
  'AssetManufacturerView',
  'ITRInternalUser',
  'ITRSubmitter',
  'ITRViewer',
  'ITRReviewer',
  'ITRApprover',
] as const

export type RoleView = 'viewAll' | 'configurator' | 'supplier' | 'internal' | 'none'

/** Chooses the view from claims, checked in the order admin, configurator, manufacturer, internal. */
export function viewFromClaims(claims: Claims | null | undefined): RoleView {
  if (!claims) return 'none'
  if (claims.IsAdmin) return 'viewAll'
  if (claims.ITRConfigurator) return 'configurator'
  if (claims.AssetManufacturerView != null) return 'supplier'
  if (
    claims.ITRInternalUser ||
    claims.ITRSubmitter ||
    claims.ITRReviewer ||
    claims.ITRApprover ||
    (claims.ITRViewer && claims.ITRViewer.length > 0)
  )
    return 'internal'
  return 'none'
}

/** Navigation items of SPEC §2 "Shell", in display order. */
export const NAV_ITEMS = [
  { route: '/Home', label: 'Home' },
  { route: '/Suppliers', label: 'Suppliers' },
  { route: '/Owners', label: 'Device Owners' },
  { route: '/Calibrators', label: 'Calibrators' },
  { route: '/ProductTypes', label: 'Product Types' },
  { route: '/Products', label: 'Products' },
  { route: '/TestEquipment', label: 'Test Equipment' },
  { route: '/ImpactCases', label: 'Impact Cases' },
  { route: '/AddRecord', label: 'Add New Record' },
  { route: '/RecordTypes', label: 'Record Types' },
  { route: '/Records', label: 'Records' },
  { route: '/SurveyRepairTypes', label: 'Survey/Repair Types' },
] as const

export type NavItem = (typeof NAV_ITEMS)[number]

const NAV_LABELS: Record<RoleView, readonly string[] | 'all'> = {
  viewAll: 'all',
  configurator: 'all',
  supplier: ['Home', 'Add New Record'],
  internal: ['Home', 'Products', 'Add New Record', 'Records', 'Suppliers', 'Survey/Repair Types'],
  none: [],
}

/** Navigation items a view shows (SPEC §6). */
export function navItemsFor(view: RoleView): NavItem[] {
  const labels = NAV_LABELS[view]
  return NAV_ITEMS.filter((item) => labels === 'all' || labels.includes(item.label))
}

/** First path segments (lower case) each view may open; 'all' for the full-access views. */
export const ALLOWED_PAGES: Record<RoleView, readonly string[] | 'all'> = {
  viewAll: 'all',
  configurator: 'all',
  supplier: ['home', 'addrecord', 'dataentry'],
  internal: [
    'home',
    'products',
    'producttypes',
    'addrecord',
    'dataentry',
    'records',
    'suppliers',
    'surveyrepairtypes',
    'faultrepairtypes',
  ],
  none: ['home'],
}

/** Whether a view may open a page; the first path segment decides, case-insensitively. */
export function canOpenPage(view: RoleView, pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? ''
  if (first === '' || first === 'login') return true
  const allowed = ALLOWED_PAGES[view]
  return allowed === 'all' || allowed.includes(first)
}

/** Views that may change reference data and record types (DESIGN.md §6 "writes"). */
export const CONFIGURE_VIEWS: readonly RoleView[] = ['viewAll', 'configurator']
/** Views that may read reference data (suppliers, product types, survey/repair types …). */
export const REFERENCE_READ_VIEWS: readonly RoleView[] = ['viewAll', 'configurator', 'internal']
/** Views that may browse records. Supplier users see only their own supplier's records. */
export const RECORD_READ_VIEWS: readonly RoleView[] = ['viewAll', 'configurator', 'internal', 'supplier']
/** Only the view-all role may delete a supplier. */
export const ADMIN_VIEWS: readonly RoleView[] = ['viewAll']

/** Whether the claims allow submitting records (DESIGN.md §6). */
export function canSubmitRecords(claims: Claims | null | undefined): boolean {
  const view = viewFromClaims(claims)
  if (view === 'viewAll' || view === 'configurator' || view === 'supplier') return true
  return Boolean(claims?.ITRSubmitter || claims?.ITRInternalUser)
}

/** Whether the claims allow reviewing records (issue #19): reviewers, and admins, who may do both steps. */
export const canReviewRecords = (claims: Claims | null | undefined): boolean =>
  Boolean(claims?.IsAdmin || claims?.ITRReviewer)

/** Whether the claims allow approving records (issue #19): approvers and admins. */
export const canApproveRecords = (claims: Claims | null | undefined): boolean =>
  Boolean(claims?.IsAdmin || claims?.ITRApprover)
