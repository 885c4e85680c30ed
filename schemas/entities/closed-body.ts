import { MESSAGES } from '../messages'

/**
 * The keywords that close a write body's object (audit s9 F7): it takes the fields `properties` names
 * and no other, so a key it does not name is refused with 400 naming it ('Unknown field in the supplier:
 * "colour". It holds name.') rather than dropped unseen. `propertyNames` rather than a bare
 * `additionalProperties: false`, so each unknown key gets a message of its own that names it (ajv-errors'
 * `${0}` is the key itself). Every closed body uses it: reference data, record types, submissions.
 *
 * Not for a schema the SPA's interpreting validator compiles from a copy (it implements neither
 * `propertyNames` nor message templates): see `closedUnnamed`.
 * @param what the object in the message: 'supplier', 'serial range'.
 * @param message the message template for the fields taken, when the body has words of its own (the
 *   submission's points to `data`); by default 'Unknown field in the {what}: "key". It holds …'.
 */
export function closedBody<const P extends Record<string, unknown>>(
  what: string,
  properties: P,
  message: (accepted: readonly string[]) => string = (accepted) => MESSAGES.body.unknownField(what, accepted),
) {
  const accepted = Object.keys(properties)
  return {
    properties,
    additionalProperties: false,
    propertyNames: { enum: accepted, errorMessage: message(accepted) },
  } as const
}

/**
 * Closes a body like `closedBody` with the keywords the SPA's interpreting validator
 * (runtime/validation) implements: `additionalProperties: false` and a fixed message that lists the
 * fields taken but cannot name the key. For the device owner write, whose schema the owner screen
 * copies with its parent choices (src/pages/owners/owner-edit-page.tsx), so the browser interprets it.
 * @param errorMessage the schema's own ajv-errors messages (`required`, …), kept beside the new one.
 */
export function closedUnnamed<const P extends Record<string, unknown>, const E extends object>(
  what: string,
  properties: P,
  errorMessage: E,
) {
  return {
    properties,
    additionalProperties: false,
    errorMessage: {
      ...errorMessage,
      additionalProperties: MESSAGES.body.unknownFieldUnnamed(what, Object.keys(properties)),
    },
  } as const
}
