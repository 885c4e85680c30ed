/** PostgreSQL error codes the repositories turn into caller messages (same on PGlite). */
const UNIQUE_VIOLATION = '23505'
const FOREIGN_KEY_VIOLATION = '23503'
/** ON DELETE RESTRICT reports a still-referenced row as restrict_violation, not foreign_key_violation. */
const RESTRICT_VIOLATION = '23001'

/** The SQLSTATE of a driver error, looking through drizzle's DrizzleQueryError wrapper. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** A unique index refused the row (a name already taken). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === UNIQUE_VIOLATION

/** A foreign key refused the change (a referenced row is missing, or a row is still referenced). */
export const isForeignKeyViolation = (error: unknown) => {
  const state = sqlState(error)
  return state === FOREIGN_KEY_VIOLATION || state === RESTRICT_VIOLATION
}

/** Runs `work`, turning a unique or foreign-key violation into the caller's own error. */
export async function mapConstraintErrors<T>(
  work: () => Promise<T>,
  on: { unique?: () => Error; foreignKey?: () => Error },
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (on.unique && isUniqueViolation(error)) throw on.unique()
    if (on.foreignKey && isForeignKeyViolation(error)) throw on.foreignKey()
    throw error
  }
}

/** PostgreSQL stopped the transaction to break a cycle of lock waits (deadlock_detected). */
const DEADLOCK_DETECTED = '40P01'
/** A SERIALIZABLE or REPEATABLE READ transaction met a concurrent one's change (serialization_failure). */
const SERIALIZATION_FAILURE = '40001'

/**
 * The database rolled the transaction back because of a concurrent one (a deadlock, or a serialization
 * failure): nothing of it was saved, and the same request sent again can succeed. Never a server fault,
 * so callers answer it as a conflict (409) rather than a 500.
 */
export const isConcurrencyAbort = (error: unknown) => {
  const state = sqlState(error)
  return state === DEADLOCK_DETECTED || state === SERIALIZATION_FAILURE
}
