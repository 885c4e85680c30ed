import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addErrors from 'ajv-errors'
import addFormats from 'ajv-formats'
import {
  compileDataSchema,
  DATA_VALUE_MESSAGES,
  TABLE_VALUE_MESSAGES,
  type DataField,
  type FormLayout,
} from '../../schemas/form-layout/index'
import { badRequest } from '../http-error'

/**
 * Record data is checked with the data schema compiled from the layout the record is captured with
 * (schemas/form-layout/data-schema.ts) — the same schema the form runtime validates with in the
 * browser, so both refuse the same values with the same texts. Compiling a big layout costs ajv tens of
 * milliseconds, so each (record type, layout revision) is compiled once per process and kept in a small
 * LRU; a CSV file asks for its validator once and checks every row with it.
 */

const ajv = new Ajv({ allErrors: true, strict: false })
addFormats(ajv)
addErrors(ajv)

/** How many compiled layouts the process keeps; the least recently used one goes first. */
export const DATA_VALIDATOR_CACHE_SIZE = 100

/** One refused value of a record. */
export interface DataProblem {
  /** The variable the value belongs to; null for a problem of the record as a whole. */
  variable: string | null
  /** The text a user reads: SPEC's where SPEC has one, otherwise the field label and what is wrong. */
  message: string
}

/** Checks a record's data against one layout; [] when it is valid. */
export type RecordDataValidator = (data: Readonly<Record<string, unknown>>) => DataProblem[]

interface Entry {
  /** The layout text the validator was compiled from (the same revision number on another database differs). */
  fingerprint: string
  validator: RecordDataValidator
}

const cache = new Map<string, Entry>()
let compiled = 0

/** How many layouts this process has compiled so far (for tests of the cache). */
export function dataValidatorsCompiled(): number {
  return compiled
}

/**
 * The validator of a record type's layout revision, compiled on first use. `revision` is null for a
 * layout stored without a revision row (older tools); the layout text then tells versions apart.
 */
export function dataValidatorFor(
  recordTypeId: number,
  revision: number | null,
  layout: FormLayout,
): RecordDataValidator {
  const key = `${recordTypeId}:${revision ?? '-'}`
  const fingerprint = JSON.stringify(layout)
  const hit = cache.get(key)
  if (hit && hit.fingerprint === fingerprint) {
    // Re-inserting keeps the Map's order the order of use, so the first key is the least recent.
    cache.delete(key)
    cache.set(key, hit)
    return hit.validator
  }
  const entry = { fingerprint, validator: buildValidator(layout) }
  compiled++
  cache.delete(key)
  cache.set(key, entry)
  while (cache.size > DATA_VALIDATOR_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  return entry.validator
}

function buildValidator(layout: FormLayout): RecordDataValidator {
  const { schema, fields } = compileDataSchema(layout)
  const validate: ValidateFunction = ajv.compile(schema)
  return (data) =>
    validate(data) ? [] : problemsOf(validate.errors ?? [], fields, data as Readonly<Record<string, unknown>>)
}

const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~')

/** The variable an error is about: the first step of its path, or the missing property of `required`. */
function variableOf(error: ErrorObject): string | null {
  if (error.instancePath) return unescapePointer(error.instancePath.split('/')[1] ?? '')
  const inner = (error.params as { errors?: ErrorObject[] }).errors?.[0] ?? error
  const missing = (inner.params as { missingProperty?: unknown }).missingProperty
  return typeof missing === 'string' ? missing : null
}

/**
 * A table cell's name (issue #14) when the error is inside a table's rows: `variable[row].column`, rows
 * counted from 1 as the form shows them; a missing cell is named by its column. Null for other values.
 */
function cellOf(error: ErrorObject): string | null {
  const [, variable, row, column] = error.instancePath.split('/').map(unescapePointer)
  if (row === undefined || !/^\d+$/.test(row)) return null
  const params = error.params as { missingProperty?: unknown; additionalProperty?: unknown }
  const named = params.missingProperty ?? params.additionalProperty
  const cell = column ?? (typeof named === 'string' ? named : undefined)
  return `${variable}[${Number(row) + 1}]${cell === undefined ? '' : `.${cell}`}`
}

/**
 * One message per refused value. SPEC texts (attached with `errorMessage`, e.g. '{label} is required.'
 * or 'At least {n} test equipment required for {label}') already name the field and are used word for
 * word; the schema's own texts ('must be a date …') name no field, so the label goes in front.
 */
function problemsOf(
  errors: readonly ErrorObject[],
  fields: Record<string, DataField>,
  data: Readonly<Record<string, unknown>>,
): DataProblem[] {
  const out: DataProblem[] = []
  const seen = new Set<string>()
  for (const error of errors) {
    const variable = variableOf(error)
    const text =
      error.keyword === 'additionalProperties'
        ? TABLE_VALUE_MESSAGES.notColumn
        : (error.message ?? 'is not valid').replace(/[.!?]$/, '')
    const cell = cellOf(error)
    const label = variable ? (fields[variable]?.control.label ?? variable) : 'The record'
    // The refused text itself, when short: a CSV user finds the cell by it (a test's by its value).
    const value = variable ? refusedValue(error.instancePath, variable, data) : undefined
    const given = typeof value === 'string' && value.length <= 60 ? `, not '${value}'` : ''
    const message = cell
      ? `${cell}: ${text}.`
      : /^[a-z]/.test(text)
        ? `${label} ${text}${given}.`
        : (error.message ?? text)
    if (seen.has(message)) continue
    seen.add(message)
    out.push({ variable: cell ?? variable, message })
  }
  return out
}

/** The value an error refuses when it is a variable's own value, or a test field's `value`; else undefined. */
function refusedValue(path: string, variable: string, data: Readonly<Record<string, unknown>>): unknown {
  const top = `/${variable.replace(/~/g, '~0').replace(/\//g, '~1')}`
  if (path === top) return data[variable]
  const entry = data[variable]
  if (path === `${top}/value` && typeof entry === 'object' && entry !== null && 'value' in entry)
    return entry.value
  return undefined
}

/** A 400 listing every refused value (details: the problems); nothing is written by the caller. */
export function assertValidData(
  validator: RecordDataValidator,
  data: Readonly<Record<string, unknown>>,
  cells: 'json' | 'csv' = 'json',
): void {
  const found = validator(data)
  if (!found.length) return
  // A CSV cell is read in more forms than the JSON schema's (the F8 finding of the 29 Nov walk: a CSV user
  // was told to write yyyy-MM-dd for a cell whose DD-MM-YYYY day did not exist).
  const problems =
    cells === 'csv'
      ? found.map((p) => ({
          ...p,
          message: p.message.replace(DATA_VALUE_MESSAGES.date, DATA_VALUE_MESSAGES.csvDate),
        }))
      : found
  // Each problem keeps its text exactly (SPEC's where it has one), one after the other.
  throw badRequest(problems.map((p) => p.message).join(' '), problems)
}
