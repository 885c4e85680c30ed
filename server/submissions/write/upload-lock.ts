import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { intArray } from '../../db/sql-arrays'
import type { PreparedRecord } from '../types'

/**
 * First key of the two-key transaction-level advisory locks that queue CSV uploads per product type (the
 * second key is the type's id). Any fixed number will do as long as every instance uses the same one
 * (next to MIGRATION_LOCK_ID, SEED_LOCK_ID, the tree locks); two-key and one-key locks never conflict.
 */
export const UPLOAD_LOCK_SPACE = 725_604_140

/** The product types whose products `part` creates, moves or locks: each record's product and components. */
export function productTypesOf(part: readonly PreparedRecord[]): number[] {
  const types = new Set<number>()
  for (const p of part) {
    if (p.product) types.add(p.product.assetModelId)
    for (const c of p.components) types.add(c.assetModelId)
  }
  return [...types]
}

/**
 * The product types a CSV upload holds for the rest of its transaction (audit s8d, crossing uploads).
 * An upload writes chunk by chunk while its later rows are still being checked, so it locks products
 * chunk by chunk: two uploads naming the same products in crossing orders held one each and waited for
 * the other's (PostgreSQL then failed one whole). A product belongs to one product type, and an upload's
 * types are known from its record type before any row is checked, so an upload that takes its types'
 * locks, in id order, before its first write never waits for a product while holding another that the
 * same upload could be waiting for: two uploads sharing a product share its type and queue whole;
 * uploads of other types run alongside. Later chunks only check that their types are held (a type not
 * declared up front, say a record type edited mid-upload, is locked then).
 */
export class UploadTypeLocks {
  private readonly held = new Set<number>()

  constructor(private readonly db: Db) {}

  /** Holds the locks of `typeIds` not held yet, in id order, in one statement. */
  async hold(typeIds: Iterable<number>): Promise<void> {
    const wanted = [...new Set(typeIds)].filter((id) => !this.held.has(id)).sort((a, b) => a - b)
    if (wanted.length === 0) return
    // unnest yields the sorted array's elements in order, so the locks are taken in id order.
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_LOCK_SPACE}::int, t)
      FROM unnest(${intArray(wanted)}) AS t`)
    for (const id of wanted) this.held.add(id)
  }
}

/**
 * The same queue inside one instance, before the upload's transaction: an upload waits here for the
 * instance's earlier uploads of its product types without holding a pooled connection. Waiting on the
 * advisory lock alone, each queued upload held one while it waited, so a burst of uploads of one type
 * (ten suppliers sending the same meter batch type) took the whole pool and every other request of the
 * instance waited for the first upload to finish. Now one connection per product type and instance is
 * busy with uploads; the advisory locks still queue uploads across instances. Keys are taken in
 * ascending order, each behind its previous holder, so two uploads sharing types cannot wait for each
 * other in a cycle.
 */
export class UploadQueue {
  private readonly tails = new Map<number, Promise<void>>()

  /** Runs `work` once every earlier upload of any of `typeIds` in this instance has finished. */
  async run<T>(typeIds: Iterable<number>, work: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = []
    try {
      for (const id of [...new Set(typeIds)].sort((a, b) => a - b)) {
        const previous = this.tails.get(id) ?? Promise.resolve()
        let release!: () => void
        const turn = new Promise<void>((resolve) => (release = resolve))
        const tail = previous.then(() => turn)
        this.tails.set(id, tail)
        releases.push(() => {
          release()
          if (this.tails.get(id) === tail) this.tails.delete(id)
        })
        await previous
      }
      return await work()
    } finally {
      for (const release of releases) release()
    }
  }

  /** How many product types have an upload running or queued (for tests). */
  get busyTypes(): number {
    return this.tails.size
  }
}

/** This instance's queue of CSV uploads per product type. */
export const uploadQueue = new UploadQueue()
