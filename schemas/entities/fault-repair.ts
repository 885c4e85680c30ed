import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'
import { nameProperty } from './name-property'
import { DESCRIPTIVE_DOMAINS } from './configuration'

/** The `type` query parameter of /SurveyRepairTypes/{id} (SPEC §5). */
export const SURVEY_REPAIR_URL_TYPES = ['item', 'rdesc', 'fdesc'] as const

/** An item of `GET {itr}/api/faultRepairTypes` (SPEC §3 "Survey/repair type" listing). */
export const faultRepairTypeListItemSchema = {
  type: 'object',
  required: ['id', 'faultRepairType', 'name', 'productTypeId', 'productTypeName', 'descriptiveType'],
  properties: {
    id: { type: 'integer', title: 'ID', description: 'Item id, or the configuration id of a descriptive.' },
    faultRepairType: { type: 'string', enum: ['Item', 'Descriptive'], title: 'Item or Descriptive' },
    name: { type: 'string', title: 'Name' },
    productTypeId: { type: ['integer', 'null'], title: 'Product Type' },
    productTypeName: { type: ['string', 'null'], title: 'Product Type' },
    descriptiveType: {
      type: ['string', 'null'],
      enum: [...Object.keys(DESCRIPTIVE_DOMAINS), null],
      title: 'Survey/Repair',
    },
  },
} as const

export type FaultRepairTypeListItem = FromSchema<typeof faultRepairTypeListItemSchema>

/** A descriptive as read by `GET {itr}/api/faultRepairTypes/descriptives/{id}` (SPEC §3). */
export const descriptiveSchema = {
  type: 'object',
  required: ['id', 'name', 'descriptiveType'],
  properties: {
    id: { type: 'integer', title: 'ID' },
    name: { type: 'string', title: 'Name' },
    descriptiveType: {
      type: 'string',
      enum: Object.keys(DESCRIPTIVE_DOMAINS),
      title: 'Survey/Repair Category',
    },
  },
} as const

export type Descriptive = FromSchema<typeof descriptiveSchema>

/**
 * The survey/repair edit form (SPEC §2 /SurveyRepairTypes/{id}) with the SPEC §5 texts. Items need a
 * product type, descriptives a category; the server applies the same rules to the item-list
 * attribute and to configuration rows.
 */
export const surveyRepairFormSchema = {
  $id: 'SurveyRepairForm',
  type: 'object',
  required: ['name', 'kind'],
  properties: {
    name: nameProperty('Survey/Repair type', 500, MESSAGES.surveyRepair.nameRequired),
    kind: { type: 'string', enum: ['item', 'descriptive'], title: 'Item or Descriptive' },
    descriptiveType: {
      type: 'string',
      enum: Object.keys(DESCRIPTIVE_DOMAINS),
      title: 'Survey/Repair Category',
    },
    productTypeId: { type: 'integer', minimum: 1, title: 'Product Type' },
  },
  allOf: [
    {
      if: { properties: { kind: { const: 'item' } }, required: ['kind'] },
      then: {
        required: ['productTypeId'],
        errorMessage: { required: { productTypeId: MESSAGES.surveyRepair.productRequired } },
      },
    },
    {
      if: { properties: { kind: { const: 'descriptive' } }, required: ['kind'] },
      then: {
        required: ['descriptiveType'],
        errorMessage: { required: { descriptiveType: MESSAGES.surveyRepair.categoryRequired } },
      },
    },
  ],
  errorMessage: {
    required: { name: MESSAGES.surveyRepair.nameRequired, kind: MESSAGES.surveyRepair.kindRequired },
    properties: {
      kind: MESSAGES.surveyRepair.kindRequired,
      descriptiveType: MESSAGES.surveyRepair.categoryRequired,
      productTypeId: MESSAGES.surveyRepair.productInvalid,
    },
  },
} as const

export type SurveyRepairForm = FromSchema<typeof surveyRepairFormSchema>

/**
 * The value of a product type's FaultRepairItems attribute: a JSON list of item names (SPEC §3).
 * Written through `POST|PUT {meta}/api/AssetModels/attributes/{productTypeId}/FaultRepairItems`.
 */
export const faultRepairItemNamesSchema = {
  $id: 'FaultRepairItemNames',
  type: 'array',
  maxItems: 1000,
  items: { type: 'string', maxLength: 500 },
  errorMessage: MESSAGES.surveyRepair.itemsNotJson,
} as const

export type FaultRepairItemNames = FromSchema<typeof faultRepairItemNamesSchema>

/** Path parameters of `…/AssetModels/attributes/{productTypeId}/{attrKey}`. */
export const productTypeAttributeParamsSchema = {
  type: 'object',
  required: ['productTypeId', 'attrKey'],
  properties: {
    productTypeId: { type: 'integer', minimum: 1 },
    attrKey: { type: 'string', minLength: 1, maxLength: 100 },
  },
  errorMessage: { properties: { productTypeId: MESSAGES.surveyRepair.productInvalid } },
} as const

export type ProductTypeAttributeParams = FromSchema<typeof productTypeAttributeParamsSchema>
