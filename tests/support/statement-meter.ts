import type { Logger } from 'drizzle-orm/logger'
import type { Db } from '../../server/db/client'

/**
 * Lets a test see every statement drizzle runs on `db` and on the transactions it opens (BEGIN, COMMIT
 * and ROLLBACK aside): where a route's time is its round trips (issue #17), the tests count them.
 */
export function meter(db: Db): { statements: string[] } {
  const seen = { statements: [] as string[] }
  const logger: Logger = {
    logQuery(query) {
      if (!/^\s*(begin|commit|rollback)\b/i.test(query)) seen.statements.push(query)
    },
  }
  // drizzle keeps its logger in the session (and hands the session's options to each transaction's).
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session
  session.logger = logger
  session.options.logger = logger
  return seen
}
