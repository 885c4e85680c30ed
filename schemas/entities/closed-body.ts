import { MESSAGES } from '../messages'

/**
 * The keywords that close a write body's object (audit s9 F7): it takes the fields `properties` names
 * and no other, so a key it does not name is refused with 400 naming it ('Unknown field in the supplier:
 * "colour". It holds name.') rather than dropped unseen. `propertyNames` rather than a bare
 * `additionalProperties: false`, so each unknown key gets a message of its own that names it (ajv-errors'
 * `${0}` is the key itself, quoted). Every closed body uses it: reference data, record types, submissions,
 * and the device owner, whose copy the SPA's interpreting validator runs (runtime/validation implements
 * `propertyNames` and the `${0}` template, with ajv's errors and messages).
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
