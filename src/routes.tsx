import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { RouteObject } from 'react-router-dom'
import { AppShell } from './shell/app-shell'

const Home = lazy(() => import('./pages/home-page'))
const NotFound = lazy(() => import('./pages/not-found-page'))
const Planned = lazy(() => import('./pages/planned-page'))
const SuppliersList = lazy(() => import('./pages/suppliers/suppliers-list-page'))
const SupplierEdit = lazy(() => import('./pages/suppliers/supplier-edit-page'))
const ProductTypesList = lazy(() => import('./pages/product-types/product-types-list-page'))
const ProductTypeEdit = lazy(() => import('./pages/product-types/product-type-edit-page'))
const Calibrators = lazy(() => import('./pages/calibrators/calibrators-page'))
const OwnersList = lazy(() => import('./pages/owners/owners-list-page'))
const OwnerEdit = lazy(() => import('./pages/owners/owner-edit-page'))
const SurveyRepairList = lazy(() => import('./pages/survey-repair/survey-repair-list-page'))
const SurveyRepairEdit = lazy(() => import('./pages/survey-repair/survey-repair-edit-page'))

const AddRecord = lazy(() => import('./pages/add-record/add-record-page'))
const DataEntry = lazy(() => import('./pages/data-entry/data-entry-page'))

type Page = LazyExoticComponent<ComponentType>

/** A route of SPEC §2 whose screen is still to be built. */
const planned = (path: string, title: string, purpose: string): RouteObject => ({
  path,
  element: <Planned title={title} purpose={purpose} />,
})

const page = (path: string, Component: Page): RouteObject => ({ path, element: <Component /> })

/**
 * Every route of SPEC §2 (exact matches, case-insensitive like the page guard). In edit routes an id
 * of New means create. The shell guards each page by the role view.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      page('/', Home),
      page('/Home', Home),
      page('/login', Home),
      page('/Suppliers', SuppliersList),
      page('/Suppliers/:id', SupplierEdit),
      page('/Owners', OwnersList),
      page('/Owners/:id', OwnerEdit),
      page('/Calibrators', Calibrators),
      page('/ProductTypes', ProductTypesList),
      page('/ProductTypes/:id', ProductTypeEdit),
      planned('/TestEquipment', 'Test Equipment', 'The list of test equipment with calibration status.'),
      planned(
        '/TestEquipment/:id',
        'Test Equipment',
        'One test equipment item with its QR code and printable label.',
      ),
      planned('/Products', 'Products', 'The list of serialised products with their last record and status.'),
      page('/DataEntry', DataEntry),
      page('/AddRecord', AddRecord),
      planned('/RecordTypes', 'Record Types', 'The list of record types.'),
      planned(
        '/RecordTypes/:id',
        'Record Type',
        'Create or edit a record type and design its data-entry form.',
      ),
      planned('/Records', 'Records', 'Browse records by category and export them to Excel.'),
      planned('/Records/:id', 'Record', 'One record shown as key/value lines.'),
      page('/FaultRepairTypes', SurveyRepairList),
      page('/FaultRepairTypes/:id', SurveyRepairEdit),
      page('/SurveyRepairTypes', SurveyRepairList),
      page('/SurveyRepairTypes/:id', SurveyRepairEdit),
      page('*', NotFound),
    ],
  },
]
