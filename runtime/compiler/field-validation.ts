import type { ErrorObject } from 'ajv'
import { cellCaption, rowLabelOf, type TableControl } from '../../schemas/form-layout'
import { compileSchema, type InterpretedValidator } from '../validation/interpret-schema'
import type { CompiledLayout } from './types'

/**
 * Per-field validation of record data. Field schemas come from layouts authored at run time, so they
 * cannot be precompiled at build time; and the CSP has no 'unsafe-eval', so ajv may not compile them
 * in the browser. They run on runtime/validation's interpreter, which gives ajv's errors and
 * ajv-errors' `errorMessage` texts (the server validates the same schemas with ajv: same messages).
 * One compiled validator per distinct field schema: a 300-control form usually has a few dozen, so
 * after `precompileValidators` a keystroke validates one value with an already built validator and
 * never re-validates the whole form.
 */

const cache = new Map<string, InterpretedValidator>()

/** Annotations that do not change what is valid; left out of the cache key so equal rules share one validator. */
const cacheKey = (schema: object): string =>
  JSON.stringify(schema, (key, value: unknown) =>
    (key === 'title' || key === 'description') && typeof value === 'string' ? undefined : value,
  )

function validatorFor(schema: object): InterpretedValidator {
  const key = cacheKey(schema)
  let validate = cache.get(key)
  if (!validate) {
    validate = compileSchema(schema, { formats: true })
    cache.set(key, validate)
  }
  return validate
}

function messageOf(error: ErrorObject): string {
  return error.message ?? 'is not valid'
}

/**
 * A table's message (issue #14) names the cell it is about as its input is named, 'Column, Row: message',
 * so the technician finds it and the table marks it; a message about the whole table stays as it is.
 */
function tableMessageOf(control: TableControl, error: ErrorObject): string {
  const [, row, column] = error.instancePath.split('/')
  const variable = column ?? (error.keyword === 'required' ? String(error.params.missingProperty) : undefined)
  const found = variable === undefined ? undefined : control.columns.find((c) => c.variable === variable)
  if (row === undefined || !found) return messageOf(error)
  const message = column === undefined ? `${found.label} is required.` : messageOf(error)
  return `${cellCaption(found.label, rowLabelOf(control, Number(row)))}: ${message}`
}

/**
 * Messages for one variable's value; [] when valid or when the variable is not in the layout.
 * A SPEC text attached with `errorMessage` replaces ajv's own wording.
 */
export function validateField(compiled: CompiledLayout, variable: string, value: unknown): string[] {
  const field = compiled.fields[variable]
  if (!field) return []
  const validate = validatorFor(field.schema)
  if (validate(value)) return []
  const errors = validate.errors ?? []
  const own = errors.filter((e) => e.keyword === 'errorMessage')
  const control = field.control
  const text =
    control.type === 'table' ? (e: ErrorObject) => tableMessageOf(control as TableControl, e) : messageOf
  return [...new Set((own.length ? own : errors).map(text))]
}

/** Messages per variable for the whole record (on save); only variables with problems appear. */
export function validateData(
  compiled: CompiledLayout,
  data: Readonly<Record<string, unknown>>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const variable of Object.keys(compiled.fields)) {
    // A missing key reads as null, the empty value, so required fields still report.
    const messages = validateField(compiled, variable, data[variable] ?? null)
    if (messages.length) out[variable] = messages
  }
  return out
}

/** Compiles one variable's validator now (for spreading the work over idle time); false if unknown. */
export function precompileField(compiled: CompiledLayout, variable: string): boolean {
  const field = compiled.fields[variable]
  if (!field) return false
  validatorFor(field.schema)
  return true
}

/** Compiles every field validator now (e.g. while the form first renders) so no keystroke pays for it. */
export function precompileValidators(compiled: CompiledLayout): number {
  for (const field of Object.values(compiled.fields)) validatorFor(field.schema)
  return cache.size
}
