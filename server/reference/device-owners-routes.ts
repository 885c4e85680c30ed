import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { CONFIGURE_VIEWS, REFERENCE_READ_VIEWS } from '../../schemas/roles'
import { newIdSchema } from '../../schemas/entities/attribute'
import {
  calibrationContactsSchema,
  deviceOwnerListItemSchema,
  deviceOwnerSchema,
  deviceOwnerWriteSchema,
  locationSchema,
  locationWriteSchema,
  ownerSerialRangesSchema,
  type CalibrationContacts,
  type DeviceOwnerWrite,
  type LocationWrite,
  type OwnerSerialRanges,
} from '../../schemas/entities/device-owner'
import { MESSAGES } from '../../schemas/messages'
import { DeviceOwnersRepository } from './device-owners'
import { positiveId, textParams } from '../http-params'

const tags = ['device owners']
type IdParams = { Params: { id: string } }
type LocationParams = { Params: { id: string; locationId: string } }

const repo = (request: Pick<FastifyRequest, 'db'>) => new DeviceOwnersRepository(request.db)
const ownerId = (raw: string) => positiveId(raw, MESSAGES.owner.invalidId)
const locationId = (raw: string) => positiveId(raw, MESSAGES.owner.locationNotFound)
const read = { views: REFERENCE_READ_VIEWS }
const write = { views: CONFIGURE_VIEWS, audit: 'deviceOwner' as const }

/** Listing, reading, creating and renaming owners. */
const ownerRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/deviceOwners',
    {
      config: read,
      schema: { tags, response: { 200: { type: 'array', items: deviceOwnerListItemSchema } } },
    },
    async (request) => repo(request).list(),
  )

  app.get<IdParams>(
    '/api/deviceOwners/:id',
    { config: read, schema: { tags, params: textParams('id'), response: { 200: deviceOwnerSchema } } },
    async (request) => repo(request).get(ownerId(request.params.id)),
  )

  app.post<{ Body: DeviceOwnerWrite }>(
    '/api/deviceOwners',
    {
      config: write,
      schema: {
        tags,
        summary: 'Creates an owner (createdInItr); names are unique ignoring case.',
        body: deviceOwnerWriteSchema,
        response: { 200: newIdSchema },
      },
    },
    async (request) => repo(request).create(request.body.name, request.body.parentId),
  )

  app.patch<IdParams & { Body: DeviceOwnerWrite }>(
    '/api/deviceOwners/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Renames an owner (only one created in ITR) and sets its parent (parentId; null clears, absent keeps).',
        params: textParams('id'),
        body: deviceOwnerWriteSchema,
      },
    },
    async (request, reply) => {
      await repo(request).update(ownerId(request.params.id), request.body)
      return reply.status(204).send()
    },
  )
}

/** The lists an owner keeps: its test-equipment serial ranges and calibration reminder contacts. */
const ownerListRoutes: FastifyPluginAsync = async (app) => {
  app.put<IdParams & { Body: OwnerSerialRanges }>(
    '/api/deviceOwners/:id/serialRanges/testEquipment',
    {
      config: write,
      schema: {
        tags,
        summary:
          "Replaces the owner's test-equipment serial ranges [{id, prefix, min, max}]; empty ranges are dropped. Answers the stored list.",
        params: textParams('id'),
        body: ownerSerialRangesSchema,
      },
    },
    async (request) => {
      const stored = await repo(request).setSerialRanges(ownerId(request.params.id), request.body)
      return stored.map((r) => ({ id: r.Id, prefix: r.Prefix, min: r.Min, max: r.Max }))
    },
  )

  app.put<IdParams & { Body: CalibrationContacts }>(
    '/api/deviceOwners/:id/calibrationReminderContacts',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Replaces the calibration reminder contacts (e-mail addresses); blanks are dropped. Answers the stored list.',
        params: textParams('id'),
        body: calibrationContactsSchema,
      },
    },
    async (request) => repo(request).setContacts(ownerId(request.params.id), request.body),
  )
}

/** An owner's locations. */
const locationRoutes: FastifyPluginAsync = async (app) => {
  app.get<IdParams>(
    '/api/DeviceOwners/:id/Locations',
    {
      config: read,
      schema: { tags, params: textParams('id'), response: { 200: { type: 'array', items: locationSchema } } },
    },
    async (request) => {
      const id = ownerId(request.params.id)
      await repo(request).row(id)
      return repo(request).locations(id)
    },
  )

  app.post<IdParams & { Body: LocationWrite }>(
    '/api/DeviceOwners/:id/Locations',
    {
      config: write,
      schema: { tags, params: textParams('id'), body: locationWriteSchema, response: { 200: newIdSchema } },
    },
    async (request) => repo(request).addLocation(ownerId(request.params.id), request.body.name),
  )

  app.put<LocationParams & { Body: LocationWrite }>(
    '/api/DeviceOwners/:id/Locations/:locationId',
    { config: write, schema: { tags, params: textParams('id', 'locationId'), body: locationWriteSchema } },
    async (request, reply) => {
      await repo(request).renameLocation(
        ownerId(request.params.id),
        locationId(request.params.locationId),
        request.body.name,
      )
      return reply.status(204).send()
    },
  )

  app.delete<LocationParams>(
    '/api/DeviceOwners/:id/Locations/:locationId',
    { config: write, schema: { tags, params: textParams('id', 'locationId') } },
    async (request, reply) => {
      await repo(request).deleteLocation(ownerId(request.params.id), locationId(request.params.locationId))
      return reply.status(204).send()
    },
  )
}

/** Device owner calls of SPEC §7 on {itr}, with the SPEC §5 owner rules; the groups keep the routes' order. */
const deviceOwners: FastifyPluginAsync = async (app) => {
  await app.register(ownerRoutes)
  await app.register(ownerListRoutes)
  await app.register(locationRoutes)
}

export default deviceOwners
