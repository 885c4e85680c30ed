import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS, RECORD_READ_VIEWS } from '../../schemas/roles'
import { attributeSchema, attributeWriteSchema, type AttributeWrite } from '../../schemas/entities/attribute'
import { MESSAGES } from '../../schemas/messages'
import { notFound } from '../http-error'
import { positiveId, textParams } from '../http-params'
import { assertVisible, repo, tags, typeId, type IdParams } from './meta-common'

/** Setting and deleting a product type's attributes by id and key. */
const attributeByIdRoutes: FastifyPluginAsync = async (app) => {
  app.post<IdParams & { Body: AttributeWrite }>(
    '/api/AssetModels/Attributes/:id',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: { tags, params: textParams('id'), body: attributeWriteSchema },
    },
    async (request, reply) => {
      await repo(request).setAttribute(typeId(request.params.id), request.body)
      return reply.status(204).send()
    },
  )

  app.delete<{ Params: { id: string; attrKey: string } }>(
    '/api/AssetModels/Attributes/:id/:attrKey',
    {
      config: { views: CONFIGURE_VIEWS, audit: 'productType' },
      schema: { tags, params: textParams('id', 'attrKey') },
    },
    async (request, reply) => {
      await repo(request).deleteAttribute(typeId(request.params.id), request.params.attrKey)
      return reply.status(204).send()
    },
  )
}

// The item-list calls (SPEC §7): the body's value is a JSON list of fault/repair item names.
type AttrParams = { Params: { productTypeId: string; attrKey: string } }
const itemTypeId = (raw: string) => positiveId(raw, () => MESSAGES.surveyRepair.productInvalid)
const attrSchema = { tags, params: textParams('productTypeId', 'attrKey') }

/** Reading and writing one attribute by product type and key (the fault/repair item lists). */
const itemListRoutes: FastifyPluginAsync = async (app) => {
  app.get<AttrParams>(
    '/api/AssetModels/attributes/:productTypeId/:attrKey',
    { config: { views: RECORD_READ_VIEWS }, schema: { ...attrSchema, response: { 200: attributeSchema } } },
    async (request) => {
      const id = itemTypeId(request.params.productTypeId)
      await assertVisible(request, id)
      const found = await repo(request).attribute(id, request.params.attrKey)
      if (!found) throw notFound(MESSAGES.attribute.notFound(request.params.attrKey))
      return found
    },
  )

  const writeAttr = async (
    request: Pick<FastifyRequest, 'db'> & { params: AttrParams['Params']; body: AttributeWrite },
    reply: FastifyReply,
  ) => {
    // The path names the attribute; a differing body key cannot rename it.
    await repo(request).setAttribute(itemTypeId(request.params.productTypeId), {
      ...request.body,
      key: request.params.attrKey,
    })
    return reply.status(204).send()
  }
  const writeOptions = {
    config: { views: CONFIGURE_VIEWS, audit: 'productType' as const },
    schema: { ...attrSchema, body: attributeWriteSchema },
  }
  app.post<AttrParams & { Body: AttributeWrite }>(
    '/api/AssetModels/attributes/:productTypeId/:attrKey',
    writeOptions,
    writeAttr,
  )
  app.put<AttrParams & { Body: AttributeWrite }>(
    '/api/AssetModels/attributes/:productTypeId/:attrKey',
    writeOptions,
    writeAttr,
  )
}

/** A product type's attribute calls of SPEC §7 on {meta}. */
const productTypeAttributeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(attributeByIdRoutes)
  await app.register(itemListRoutes)
}

export default productTypeAttributeRoutes
