import type { RecordCategory } from '../form-layout/field-mappings'
import { CONFIGURE_VIEWS, type RoleView } from '../roles'

/** SPEC §9 record category filter values, in ITRCATEGORY id order (1 Test … 4 Calibration). */
export const CATEGORY_FILTERS = ['test', 'despatch', 'problemReport', 'calibration'] as const
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number]

/** ITRCATEGORY ids of SPEC §3, used by the ITRViewer claim. */
export const CATEGORY_IDS: Readonly<Record<CategoryFilter, number>> = {
  test: 1,
  despatch: 2,
  problemReport: 3,
  calibration: 4,
}

const BY_NAME: Readonly<Record<RecordCategory, CategoryFilter>> = {
  Test: 'test',
  Despatch: 'despatch',
  'Problem Report': 'problemReport',
  Calibration: 'calibration',
}

/** The filter value of a record type's category (its `units`), or undefined for an unknown one. */
export function categoryFilterOf(units: string | null | undefined): CategoryFilter | undefined {
  if (!units) return undefined
  const exact = BY_NAME[units as RecordCategory]
  if (exact) return exact
  const lower = units.replace(/\s+/g, '').toLowerCase()
  return CATEGORY_FILTERS.find((c) => c.toLowerCase() === lower)
}

/** Category filter values whose ITRCATEGORY id is in `ids`. */
export function categoriesOfIds(ids: readonly number[]): CategoryFilter[] {
  return CATEGORY_FILTERS.filter((c) => ids.includes(CATEGORY_IDS[c]))
}

/** SPEC §1 category names, as screens and messages write them. */
export const CATEGORY_NAMES: Readonly<Record<CategoryFilter, string>> = {
  test: 'Test',
  despatch: 'Despatch',
  problemReport: 'Problem Report',
  calibration: 'Calibration',
}

/**
 * The record categories a user may read — and submit (docs/decisions.md, issue #11.2): configurator and
 * view-all users every category, the others the ITRViewer ids of their claim. The server's record scope,
 * its submission check and the SPA's category choices all ask this one function.
 */
export function readableCategories(
  view: RoleView,
  itrViewer: readonly number[] | undefined,
): CategoryFilter[] {
  return CONFIGURE_VIEWS.includes(view) ? [...CATEGORY_FILTERS] : categoriesOfIds(itrViewer ?? [])
}
