import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from '../db/client'

/** The transaction an audited request runs in; `tx` is cleared once it has ended. */
export interface AuditScope {
  tx: Db | undefined
}

const scopes = new AsyncLocalStorage<AuditScope>()

/** Runs `work` with every query made through a `scopedDb` going to `tx`. */
export function runInScope<T>(tx: Db, work: () => Promise<T>): Promise<T> {
  const scope: AuditScope = { tx }
  // Work started here but still running after the transaction ended (a background job) falls back to
  // the root database instead of a finished transaction.
  return scopes.run(scope, work).finally(() => {
    scope.tx = undefined
  })
}

/** The transaction of the audited request this code runs for, if any. */
export function currentTx(): Db | undefined {
  return scopes.getStore()?.tx
}

/**
 * The database every repository receives (`app.db`): the root database, except while an audited write
 * route runs, when it is that request's transaction. So the change, its audit row and the reads of the
 * entity before and after are one transaction (an audit row exists exactly when the change committed),
 * and the repositories stay plain classes over a `Db` that tests build with any database.
 */
export function scopedDb(root: Db): Db {
  return new Proxy(root, {
    get(target, property) {
      const db = currentTx() ?? target
      const value: unknown = Reflect.get(db, property)
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(db) : value
    },
  })
}
