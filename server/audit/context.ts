import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from '../db/client'

/** The transaction an audited request runs in; `tx` is cleared once it has ended. */
export interface AuditScope {
  tx: Db | undefined
}

const scopes = new AsyncLocalStorage<AuditScope>()

/** Runs `work` as the audited request's unit of work `tx` (`app.db` refuses queries meanwhile). */
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
 * `app.db`: the root database, guarded. An audited route's work runs in `request.db` (its transaction,
 * route-audit.ts); a query made through `app.db` while that transaction is open would escape it (and on
 * PGlite's single connection, wait on it), so it fails loudly instead. Outside audited requests — reads,
 * background jobs, start-up — `app.db` is the root database.
 */
export function guardedDb(root: Db): Db {
  return new Proxy(root, {
    get(target, property) {
      if (currentTx())
        throw new Error(
          'app.db was used inside an audited request: build the repository on request.db (its unit of work).',
        )
      const value: unknown = Reflect.get(target, property)
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
}
