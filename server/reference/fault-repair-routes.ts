import type { FastifyPluginAsync } from 'fastify'
import type { Viewer } from '../access/viewer'
import { RECORD_READ_VIEWS } from '../../schemas/roles'
import { descriptiveTypeOf } from '../../schemas/entities/configuration'
import {
  descriptiveSchema,
  faultRepairTypeListItemSchema,
  type Descriptive,
  type FaultRepairTypeListItem,
} from '../../schemas/entities/fault-repair'
import { MESSAGES } from '../../schemas/messages'
import { notFound } from '../http-error'
import { ConfigurationRepository } from './configuration'
import { FaultRepairItemsRepository } from './fault-repair-items'
import { positiveId, textParams } from '../http-params'

const tags = ['survey/repair types']

/**
 * Survey/repair listing of SPEC §7 on {itr}. Items are the product types' item lists (written through
 * `{meta}/api/AssetModels/attributes/{id}/FaultRepairItems`); descriptives are configuration rows
 * (written through `{meta}/api/Configuration/`).
 */
const faultRepairTypes: FastifyPluginAsync = async (app) => {
  const items = new FaultRepairItemsRepository(app.db)
  const configuration = new ConfigurationRepository(app.db)
  const itemsFor = async (user: Viewer) => {
    const all = await items.listAll()
    const visible = await user.visibleProductTypes(app.db)
    return visible ? all.filter((item) => visible.has(item.productTypeId)) : all
  }

  app.get(
    '/api/faultRepairTypes',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: {
        tags,
        summary: 'Items (per product type) then descriptives.',
        response: { 200: { type: 'array', items: faultRepairTypeListItemSchema } },
      },
    },
    async (request): Promise<FaultRepairTypeListItem[]> => [
      // A supplier-view user sees the items of its own product types only (issue #11.4), as it sees them.
      ...(await itemsFor(request.user)).map((item) => ({
        ...item,
        faultRepairType: 'Item' as const,
        descriptiveType: null,
      })),
      ...(await configuration.descriptives()).map((d) => ({
        id: d.id,
        faultRepairType: 'Descriptive' as const,
        name: d.value,
        productTypeId: null,
        productTypeName: null,
        descriptiveType: descriptiveTypeOf(d.domain),
      })),
    ],
  )

  app.get<{ Params: { id: string } }>(
    '/api/faultRepairTypes/descriptives/:id',
    {
      config: { views: RECORD_READ_VIEWS },
      schema: { tags, params: textParams('id'), response: { 200: descriptiveSchema } },
    },
    async (request): Promise<Descriptive> => {
      const id = positiveId(request.params.id, MESSAGES.surveyRepair.descriptiveNotFound)
      const found = await configuration.descriptive(id)
      const descriptiveType = found && descriptiveTypeOf(found.domain)
      if (!found || !descriptiveType) throw notFound(MESSAGES.surveyRepair.descriptiveNotFound(id))
      return { id: found.id, name: found.value, descriptiveType }
    },
  )
}

export default faultRepairTypes
