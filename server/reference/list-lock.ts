import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { mapConstraintErrors } from '../db/errors'
import { assetManufacturers, assetModels } from '../db/schema/index'
import { conflict } from '../http-error'
import { rowsOf } from '../submissions/write/sql-batch'

/** The rows that own a list a save replaces whole: a supplier's products, a product type's lists. */
const OWNER_TABLES = { supplier: assetManufacturers, productType: assetModels } as const

/** The row whose list is replaced, and the error when it is gone. */
export interface ListOwner {
  kind: keyof typeof OWNER_TABLES
  id: number
  /** The owner's 404, for an owner deleted after the caller looked it up. */
  missing: () => Error
}

/**
 * A unique index refused a list row although the save held its owner's lock. The lock makes this
 * unreachable today; should a writer ever skip it, the caller gets a clear 409 instead of a 500.
 */
export const LIST_SAVED_MEANWHILE =
  'Someone else saved this list at the same moment. Reload to see their list, then make your change again.'

/**
 * Runs a delete-and-reinsert save of one owner's list (audit s8d D4) in a transaction that first holds
 * the owner's row `FOR NO KEY UPDATE`.
 *
 * Why: under READ COMMITTED the save's DELETE does not see rows a concurrent save inserted and has not
 * committed, so the two saves either collide on a unique index (a 500) or both lists survive (a merged
 * list nobody sent). Holding the owner's row makes concurrent saves of one owner queue; the waiting
 * save's DELETE is a new statement, so it sees the committed list and the last writer wins with exactly
 * the list it sent. `NO KEY UPDATE` conflicts with itself but not with the `KEY SHARE` lock the foreign
 * keys of records and products take, so submissions against the supplier or product type never wait for
 * a list save. Each save locks one row, so saves cannot deadlock on these locks. Cost: one indexed
 * statement per save.
 */
export async function replaceListOf<T>(db: Db, owner: ListOwner, work: (tx: Db) => Promise<T>): Promise<T> {
  const table = OWNER_TABLES[owner.kind]
  return mapConstraintErrors(
    () =>
      db.transaction(async (tx) => {
        const locked = await tx.execute(
          sql`SELECT 1 FROM ${table} WHERE ${table.id} = ${owner.id} FOR NO KEY UPDATE`,
        )
        if (rowsOf(locked).length === 0) throw owner.missing()
        return work(tx as unknown as Db)
      }),
    { unique: () => conflict(LIST_SAVED_MEANWHILE) },
  )
}

/** Keys of the transaction-level advisory locks that serialise parent changes, one per tree; any fixed
 * numbers will do as long as every instance uses the same ones (next to MIGRATION_LOCK_ID, SEED_LOCK_ID). */
const TREE_LOCK_IDS = { owner: 725_604_130, productType: 725_604_131 } as const

/**
 * Holds the tree's advisory lock until the caller's transaction ends; call it inside a transaction,
 * before the cycle check. Why: two parent changes at once (A under B, B under A) each passed the check
 * against the other's old parent and together stored a cycle. Under the lock the second change's check
 * is a new statement and sees the first change. Parent changes are rare configuration edits: one
 * statement each, and nothing else waits for this lock.
 */
export async function lockParentTree(db: Db, tree: keyof typeof TREE_LOCK_IDS): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${TREE_LOCK_IDS[tree]})`)
}
