import type { FromSchema } from 'json-schema-to-ts'
import { RECORD_CATEGORIES } from '../form-layout/field-mappings'
import { FORM_LAYOUT_MESSAGES, RECORD_TYPE_NAME_MAX } from '../form-layout/messages'
import { attributeSchema } from './attribute'
import { closedBody } from './closed-body'
import { SENSOR_TYPE_BY_CAPTURE } from './data-point-type'
import { REVIEW_POLICIES } from '../records/review'

const M = FORM_LAYOUT_MESSAGES.recordType

/**
 * Attribute keys holding a record type's two JSON documents (SPEC §3 "Record type": a field-mapping
 * attribute and a form-layout attribute; SPEC names neither key, these are ours).
 */
export const RECORD_TYPE_ATTRIBUTES = {
  mappings: 'FieldMappings',
  layout: 'DataEntryForm',
} as const

/** SPEC §3: record types are stored with the description 'description'. */
export const RECORD_TYPE_DESCRIPTION = 'description'

const recordTypeWriteProperties = {
  name: {
    type: 'string',
    pattern: '\\S',
    maxLength: RECORD_TYPE_NAME_MAX,
    title: 'Name',
    errorMessage: { type: M.nameRequired, pattern: M.nameRequired, maxLength: M.nameTooLong },
  },
  sensorTypeId: {
    type: 'integer',
    enum: Object.values(SENSOR_TYPE_BY_CAPTURE),
    title: 'Capture Type',
    description: `Sensor type id: ${SENSOR_TYPE_BY_CAPTURE.file} = file, ${SENSOR_TYPE_BY_CAPTURE.form} = form.`,
  },
  valueType: { type: 'string', maxLength: 50 },
  units: {
    type: 'string',
    enum: [...RECORD_CATEGORIES],
    title: 'Record Category',
    description: 'The category.',
  },
  description: { type: 'string', maxLength: 200 },
  reviewPolicy: {
    type: 'string',
    enum: [...REVIEW_POLICIES],
    title: 'Review',
    description:
      'Issue #19: none (records count once saved), review, or review-and-approve. Kept when absent.',
  },
} as const

/** Body of `POST /api/DataPointTypes/` and `PUT /api/DataPointTypes/{id}` (SPEC §7). */
export const recordTypeWriteSchema = {
  $id: 'RecordTypeWrite',
  type: 'object',
  required: ['name', 'sensorTypeId', 'units'],
  ...closedBody('record type', recordTypeWriteProperties),
  errorMessage: { required: { name: M.nameRequired } },
} as const

export type RecordTypeWrite = FromSchema<typeof recordTypeWriteSchema>

const recordTypeAttributeWriteProperties = {
  key: { type: 'string', minLength: 1, maxLength: 100 },
  value: { type: 'string', maxLength: 5_000_000 },
  name: { type: ['string', 'null'], maxLength: 200 },
  description: { type: ['string', 'null'], maxLength: 200 },
} as const

/** Body of `POST /api/DataPointTypes/attributes/{id}`: one attribute, its value a JSON document. */
export const recordTypeAttributeWriteSchema = {
  $id: 'RecordTypeAttributeWrite',
  type: 'object',
  required: ['key', 'value'],
  ...closedBody('attribute', recordTypeAttributeWriteProperties),
} as const

export type RecordTypeAttributeWrite = FromSchema<typeof recordTypeAttributeWriteSchema>

/** A record type as `GET /api/DataPointTypes/{id}` and the list answer it. */
export const recordTypeSchema = {
  type: 'object',
  required: ['id', 'name', 'sensorTypeId', 'units', 'attributes'],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Name' },
    sensorTypeId: { type: ['integer', 'null'] },
    captureType: { type: ['string', 'null'], enum: ['file', 'form', null], title: 'Capture' },
    valueType: { type: ['string', 'null'] },
    units: { type: ['string', 'null'], title: 'Category' },
    description: { type: ['string', 'null'] },
    /** Revision of the current form layout; records keep the revision they were captured with. */
    layoutRevision: { type: ['integer', 'null'] },
    /** Issue #19: whether its records are reviewed (and approved) before they count. */
    reviewPolicy: { type: 'string', enum: [...REVIEW_POLICIES] },
    /** Whether records were stored with it (the one-type read, for configurators and admins): its category then stays. */
    hasRecords: { type: 'boolean' },
    attributes: { type: 'array', items: attributeSchema },
  },
} as const

export type RecordType = FromSchema<typeof recordTypeSchema>

/** A stored revision of a record type's form layout (`GET /api/DataPointTypes/{id}/layouts/{revision}`). */
export const layoutRevisionSchema = {
  type: 'object',
  required: ['recordTypeId', 'revision', 'layout', 'createdAt'],
  properties: {
    recordTypeId: { type: 'integer' },
    revision: { type: 'integer' },
    layout: { type: 'object', additionalProperties: true },
    createdAt: { type: 'string' },
  },
} as const
