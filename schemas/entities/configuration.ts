import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../messages'
import { nameProperty } from './name-property'
import { closedBody } from './closed-body'

/** Configuration domains of SPEC §3/§9. */
export const CONFIG_DOMAINS = {
  category: 'ITRCATEGORY',
  fault: 'ITRFAULTDESCRIPTIVE',
  repair: 'ITRREPAIRDESCRIPTIVE',
  quotation: 'ITRQUOTATIONDESCRIPTIVE',
} as const

/** Survey/repair descriptive categories (SPEC §9) and the configuration domain each is stored under. */
export const DESCRIPTIVE_DOMAINS = {
  Fault: CONFIG_DOMAINS.fault,
  Repair: CONFIG_DOMAINS.repair,
  Quotation: CONFIG_DOMAINS.quotation,
} as const

export type DescriptiveType = keyof typeof DESCRIPTIVE_DOMAINS

/** The descriptive category of a configuration domain, or null for other domains. */
export function descriptiveTypeOf(domain: string): DescriptiveType | null {
  const found = Object.entries(DESCRIPTIVE_DOMAINS).find(([, d]) => d === domain)
  return found ? (found[0] as DescriptiveType) : null
}

/** Record categories of ITRCATEGORY, by id (the ids ITRViewer claims carry). */
export const RECORD_CATEGORIES = [
  { id: 1, value: 'Test' },
  { id: 2, value: 'Despatch' },
  { id: 3, value: 'Problem Report' },
  { id: 4, value: 'Calibration' },
] as const

/** A configuration entry (SPEC §3): domain, id, key, value, description, shortDescription. */
export const configurationEntrySchema = {
  type: 'object',
  required: ['domain', 'id', 'value'],
  properties: {
    domain: { type: 'string', title: 'Domain' },
    id: { type: 'integer', title: 'ID' },
    key: { type: ['string', 'null'], title: 'Key' },
    value: { type: 'string', title: 'Name' },
    description: { type: ['string', 'null'], title: 'Description' },
    shortDescription: { type: ['string', 'null'], title: 'Short description' },
  },
} as const

export type ConfigurationEntry = FromSchema<typeof configurationEntrySchema>

/**
 * Body of `POST|PUT|DELETE {meta}/api/Configuration/` (SPEC §7). These calls save or delete survey/repair
 * descriptives, so the domain must be one of the three descriptive domains and the value (the name) is
 * required. `id` is ignored on POST and names the row on PUT and DELETE. No other key is taken
 * (closed-body.ts). `key` and `shortDescription` are copies of the name (the SPA sends the name in both,
 * the server stores the name as the key when none is sent), so they take the name's 500 characters
 * (audit h-admin F3: a 201–500 character name was refused with 'Body/key must NOT have more than 200
 * characters'). A name of 501 or more still gets the name's own message (the only errorMessage there).
 */
export const configurationWriteSchema = {
  $id: 'ConfigurationWrite',
  type: 'object',
  required: ['domain', 'value'],
  ...closedBody('Survey/Repair descriptive', {
    domain: { type: 'string', enum: Object.values(DESCRIPTIVE_DOMAINS), title: 'Survey/Repair Category' },
    id: { type: ['integer', 'null'], title: 'ID' },
    key: { type: ['string', 'null'], maxLength: 500, title: 'Key' },
    value: nameProperty('Survey/Repair type', 500, MESSAGES.surveyRepair.nameRequired),
    description: { type: ['string', 'null'], maxLength: 1000, title: 'Description' },
    shortDescription: { type: ['string', 'null'], maxLength: 500, title: 'Short description' },
  }),
  errorMessage: {
    required: { domain: MESSAGES.surveyRepair.invalidCategory, value: MESSAGES.surveyRepair.nameRequired },
    properties: { domain: MESSAGES.surveyRepair.invalidCategory },
  },
} as const

export type ConfigurationWrite = FromSchema<typeof configurationWriteSchema>
