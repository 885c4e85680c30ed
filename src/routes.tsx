import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { RouteObject } from 'react-router-dom'
import { AppShell } from './shell/app-shell'

const Home = lazy(() => import('./pages/home-page'))
const NotFound = lazy(() => import('./pages/not-found-page'))
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
const RecordTypesList = lazy(() => import('./pages/record-types/record-types-list-page'))
const RecordTypeEdit = lazy(() => import('./pages/record-types/record-type-edit-page'))
const Products = lazy(() => import('./pages/products/products-page'))
const TestEquipmentList = lazy(() => import('./pages/test-equipment/test-equipment-list-page'))
const TestEquipmentDetail = lazy(() => import('./pages/test-equipment/test-equipment-detail-page'))
const Records = lazy(() => import('./pages/records/records-page'))
const RecordDetail = lazy(() => import('./pages/records/record-detail-page'))
const Audit = lazy(() => import('./pages/audit/audit-page'))
const ImpactCases = lazy(() => import('./pages/impact-cases/impact-cases-page'))
const ImpactCase = lazy(() => import('./pages/impact-cases/impact-case-page'))
const Settings = lazy(() => import('./pages/settings/certificate-settings-page'))

type Page = LazyExoticComponent<ComponentType>

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
      page('/TestEquipment', TestEquipmentList),
      page('/TestEquipment/:id', TestEquipmentDetail),
      page('/Products', Products),
      page('/DataEntry', DataEntry),
      page('/AddRecord', AddRecord),
      page('/RecordTypes', RecordTypesList),
      page('/RecordTypes/:id', RecordTypeEdit),
      page('/Records', Records),
      page('/Records/:id', RecordDetail),
      page('/FaultRepairTypes', SurveyRepairList),
      page('/FaultRepairTypes/:id', SurveyRepairEdit),
      page('/SurveyRepairTypes', SurveyRepairList),
      page('/SurveyRepairTypes/:id', SurveyRepairEdit),
      page('/Audit', Audit),
      page('/ImpactCases', ImpactCases),
      page('/ImpactCases/:id', ImpactCase),
      page('/Settings', Settings),
      page('*', NotFound),
    ],
  },
]
