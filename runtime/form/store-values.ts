import { NA_TEXT } from '../../schemas/form-layout'

/** The FormStore's types and its test of an answered value, apart so form-store.ts stays small. */

/** Overall result of the record while it is filled in; '-' until any test has an answer. */
export type LiveResult = 'Pass' | 'Fail' | '-'

/** What one field slot shows of its variable: the same object until any part changes. */
export interface FieldSnapshot {
  value: unknown
  errors: readonly string[]
  /** Hidden by its condition (issue #14). */
  hidden: boolean
  /** Required now by a condition (`requiredIf`, or `required` while shown): its caption gets the asterisk. */
  required: boolean
  /** What the field's widget remembers between renders (see `remember`); undefined until it does. */
  memory: unknown
}

/** A test field value with an answer (Pass, Fail or n/a); a table (issue #14) with one such cell. */
export function isAnswered(value: unknown): boolean {
  if (Array.isArray(value))
    return value.some((row) => typeof row === 'object' && row !== null && Object.values(row).some(isAnswered))
  if (typeof value === 'object' && value !== null && 'passOrFail' in value) {
    const result = (value as { passOrFail: unknown }).passOrFail
    return result === 'Pass' || result === 'Fail' || result === NA_TEXT
  }
  return false
}
