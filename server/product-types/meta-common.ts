import type { FastifyRequest } from 'fastify'
import { MESSAGES } from '../../schemas/messages'
import { notFound } from '../http-error'
import { positiveId } from '../http-params'
import { DataPointTypesRepository } from '../record-types/data-point-types'
import { ProductTypeMappingsRepository } from './product-type-mappings'
import { ProductTypesRepository, type ProductTypeRecord } from './product-types'

/** What the {meta} product type plugins (meta-routes.ts and its route groups) share. */
export const tags = ['product types']
export type IdParams = { Params: { id: string } }

export const repo = (request: Pick<FastifyRequest, 'db'>) => new ProductTypesRepository(request.db)
export const mappings = (request: Pick<FastifyRequest, 'db'>) => new ProductTypeMappingsRepository(request.db)
export const recordTypes = (request: Pick<FastifyRequest, 'db'>) => new DataPointTypesRepository(request.db)
export const typeId = (raw: string) => positiveId(raw, () => MESSAGES.productType.notFound)

/** Supplier-view callers see only their supplier's product types and their sub components. */
export const assertVisible = async (request: FastifyRequest, id: number) => {
  const visible = await request.user.visibleProductTypes(request.db)
  if (visible && !visible.has(id)) throw notFound(MESSAGES.productType.notFound)
}

/** A product type in the {meta} shape of SPEC §3: parent is an id or -1, with parentName. */
export const toMetaProductType = (t: ProductTypeRecord) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  assetTypeKey: t.assetTypeKey,
  assetManufacturerId: t.assetManufacturerId,
  parent: t.parent?.id ?? -1,
  parentName: t.parent?.name ?? null,
  attributes: t.attributes,
})
