import { MESSAGES } from '../messages'

/** Names that occur more than once (ignoring case and surrounding blanks), each listed once as first written. */
export function duplicatesIgnoringCase(names: readonly string[]): string[] {
  const seen = new Map<string, string>()
  const dups = new Map<string, string>()
  for (const raw of names) {
    const name = raw.trim()
    const key = name.toLowerCase()
    if (seen.has(key)) dups.set(key, seen.get(key)!)
    else seen.set(key, name)
  }
  return [...dups.values()]
}

/** SPEC §5: duplicate location names are rejected with the names listed after the SPEC text. */
export function duplicateLocationsError(names: readonly string[]): string | undefined {
  const dups = duplicatesIgnoringCase(names)
  return dups.length ? `${MESSAGES.owner.duplicateLocations} ${dups.join(', ')}` : undefined
}

/**
 * Characters an address list parser reads as structure (a comma or semicolon starts another recipient;
 * quotes, angle brackets, parentheses, brackets, backslash and colon are display-name, comment and group
 * syntax), blanks, control characters and invisible ones (zero-width spaces, direction marks and
 * overrides, which make an address read otherwise than it is): none is part of a plain address as people
 * type one.
 */
const NOT_IN_ADDRESS =
  '\\s\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\ufeff@,;:<>"()\\[\\]\\\\'
const EMAIL_LIKE = new RegExp(`^[^${NOT_IN_ADDRESS}]+@[^${NOT_IN_ADDRESS}.]+(\\.[^${NOT_IN_ADDRESS}.]+)+$`)

/**
 * Looks like an e-mail address: one @, something before it, a dotted domain after it, no blanks, and
 * none of the characters a mailer's address parser reads as structure — 'x,evil@attacker.example' would
 * be stored as one contact but mailed as two recipients (audit s10). Deliberately simple otherwise, as the
 * address is only used to send calibration reminders.
 */
export function isEmailLike(text: string): boolean {
  return EMAIL_LIKE.test(text)
}

/**
 * SPEC §5 calibration reminder contacts: blank rows are dropped, every contact must look like an
 * e-mail address, and duplicates (ignoring case) are rejected.
 * @returns the kept contacts, or the first broken rule's text.
 */
export function calibrationContactsCheck(
  contacts: readonly string[],
): { contacts: string[]; error?: undefined } | { error: string; contacts?: undefined } {
  const kept = contacts.map((c) => c.trim()).filter((c) => c !== '')
  const invalid = kept.filter((c) => !isEmailLike(c))
  if (invalid.length) return { error: `${MESSAGES.owner.invalidContacts} ${invalid.join(', ')}` }
  const dups = duplicatesIgnoringCase(kept)
  if (dups.length) return { error: `${MESSAGES.owner.duplicateContacts} ${dups.join(', ')}` }
  return { contacts: kept }
}
