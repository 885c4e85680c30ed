import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'
import { nameProperty } from './name-property'
import { serialRangeSchema } from './serial-range'
import { closedBody } from './closed-body'

/** SPEC §9: the serial prefix separator; owner test-equipment prefixes end with it. */
export const SERIAL_PREFIX_SEPARATOR = ':'

/**
 * Body of `POST {itr}/api/deviceOwners` and `PATCH {itr}/api/deviceOwners/{id}` (SPEC §7: name; parent
 * too). No other key is taken. The owner screen copies it with its parent choices
 * (src/pages/owners/owner-edit-page.tsx), which the browser's interpreting validator runs: it gives the
 * same refusal naming the key as the server.
 */
export const deviceOwnerWriteSchema = {
  $id: 'DeviceOwnerWrite',
  type: 'object',
  required: ['name'],
  ...closedBody('owner', {
    name: nameProperty('owner', 200, MESSAGES.owner.nameRequired),
    parentId: { type: ['integer', 'null'], minimum: 1, title: 'Parent owner' },
  }),
  errorMessage: { required: { name: MESSAGES.owner.nameRequired } },
} as const

export type DeviceOwnerWrite = FromSchema<typeof deviceOwnerWriteSchema>

/**
 * Body of `PUT {itr}/api/deviceOwners/{id}/serialRanges/testEquipment`: the owner's whole list, each range
 * closed (schemas/entities/serial-range.ts).
 */
export const ownerSerialRangesSchema = {
  $id: 'OwnerSerialRanges',
  type: 'array',
  maxItems: 500,
  items: serialRangeSchema,
  errorMessage: { type: MESSAGES.owner.unexpectedRangeType },
} as const

export type OwnerSerialRanges = FromSchema<typeof ownerSerialRangesSchema>

/** Body of `PUT {itr}/api/deviceOwners/{id}/calibrationReminderContacts`: e-mail addresses. */
export const calibrationContactsSchema = {
  $id: 'CalibrationReminderContacts',
  type: 'array',
  maxItems: 200,
  items: { type: 'string', maxLength: 320, title: 'Contact' },
} as const

export type CalibrationContacts = FromSchema<typeof calibrationContactsSchema>

/** Body of `POST|PUT {itr}/api/DeviceOwners/{id}/Locations[/{locationId}]`: (name), no other key. */
export const locationWriteSchema = {
  $id: 'LocationWrite',
  type: 'object',
  required: ['name'],
  ...closedBody('location', { name: nameProperty('location', 200, MESSAGES.owner.locationNameRequired) }),
  errorMessage: { required: { name: MESSAGES.owner.locationNameRequired } },
} as const

export type LocationWrite = FromSchema<typeof locationWriteSchema>

/** A location of a device owner (SPEC §3: id, name). */
export const locationSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', title: 'ID' }, name: { type: 'string', title: 'Name' } },
} as const

export type Location = FromSchema<typeof locationSchema>

/** An item of `GET {itr}/api/deviceOwners`. */
export const deviceOwnerListItemSchema = {
  type: 'object',
  required: ['id', 'name', 'createdInItr'],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Name' },
    createdInItr: { type: 'boolean' },
    parentId: { type: ['integer', 'null'], title: 'Parent owner' },
  },
} as const

export type DeviceOwnerListItem = FromSchema<typeof deviceOwnerListItemSchema>

/** A device owner as read by `GET {itr}/api/deviceOwners/{id}` (SPEC §3). */
export const deviceOwnerSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'createdInItr',
    'parent',
    'testEquipmentSerialRanges',
    'calibrationReminderContacts',
    'locations',
    'attributes',
  ],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Name' },
    createdInItr: { type: 'boolean' },
    parent: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      title: 'Parent owner',
    },
    testEquipmentSerialRanges: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'prefix', 'min', 'max'],
        properties: {
          id: { type: 'integer' },
          prefix: { type: 'string' },
          min: { type: 'integer' },
          max: { type: 'integer' },
        },
      },
    },
    calibrationReminderContacts: { type: 'array', items: { type: 'string' } },
    locations: { type: 'array', items: locationSchema },
    attributes: {
      type: 'array',
      items: { type: 'object', properties: { key: { type: 'string' }, value: { type: ['string', 'null'] } } },
    },
  },
} as const

export type DeviceOwner = FromSchema<typeof deviceOwnerSchema>
