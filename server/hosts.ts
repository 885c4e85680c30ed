import type { FastifyPluginAsync } from 'fastify'
import type { Host } from '../schemas/config'
import auditRoutes from './audit/routes'
import certificateRoutes from './certificates/routes'
import documentsRoutes from './documents/routes'
import productTypesItrRoutes from './product-types/itr-routes'
import productTypesMetaRoutes from './product-types/meta-routes'
import productsRoutes from './products/routes'
import recordTypesRoutes from './record-types/routes'
import downloadNowRoutes from './records/export/download-now-routes'
import excelExportRoutes from './records/export/routes'
import impactCaseRoutes from './impact-cases/routes'
import recordsRoutes from './records/routes'
import reviewRoutes from './reviews/routes'
import calibratorsRoutes from './reference/calibrators-routes'
import configurationRoutes from './reference/configuration-routes'
import deviceOwnersRoutes from './reference/device-owners-routes'
import faultRepairRoutes from './reference/fault-repair-routes'
import suppliersRoutes from './reference/suppliers-routes'
import submissionsRoutes from './submissions/routes'
import testEquipmentRoutes from './test-equipment/routes'
import settingsRoutes from './settings/routes'

/**
 * SPEC §7's hosts and the domains' routes each one serves under its prefix (`/svc/<host>`). The server is
 * split by domain (server/<domain>/: routes, rules and table access); this table is the only place the
 * hosts appear. {auth} is mounted in app.ts, with its options.
 */
export const HOST_ROUTES: Record<Exclude<Host, 'auth'>, readonly FastifyPluginAsync[]> = {
  meta: [suppliersRoutes, productTypesMetaRoutes, configurationRoutes, recordTypesRoutes, productsRoutes],
  data: [recordsRoutes, reviewRoutes, excelExportRoutes, downloadNowRoutes, certificateRoutes],
  config: [auditRoutes, settingsRoutes],
  submission: [submissionsRoutes],
  itr: [
    productTypesItrRoutes,
    deviceOwnersRoutes,
    calibratorsRoutes,
    faultRepairRoutes,
    documentsRoutes,
    testEquipmentRoutes,
    impactCaseRoutes,
  ],
}
