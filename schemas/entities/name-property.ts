import { MESSAGES } from '../messages'

/**
 * An entity's Name: text with something besides spaces, at most `maxLength` characters, and one message
 * per failing keyword (ajv-errors), so only a blank name is answered with `blank` (the entity's own, often
 * SPEC, text) while an overlong or non-text name says what is wrong. `what` names the entity in the
 * other two texts ('supplier' → 'The supplier name may be at most 200 characters.'). A missing name is
 * the schema's `required`, which keeps its own `errorMessage.required` entry.
 */
export const nameProperty = <const Max extends number>(what: string, maxLength: Max, blank: string) =>
  ({
    type: 'string',
    maxLength,
    pattern: '\\S',
    title: 'Name',
    errorMessage: {
      type: MESSAGES.name.notText(what),
      pattern: blank,
      maxLength: MESSAGES.name.tooLong(what, maxLength),
    },
  }) as const
