import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { CONFIGURE_VIEWS, viewFromClaims, type Claims, type RoleView } from '../../schemas/roles'
import { readableCategories, type CategoryFilter } from '../../schemas/records/index'
import type { Db } from '../db/client'
import { records } from '../db/schema/index'
import { forbidden } from '../http-error'
import { visibleProductTypeIds } from './product-type-scope'

/** The caller as the token names it: what a Viewer is built from. */
export interface ViewerSource {
  id: number
  username?: string
  claims: Claims
}

/**
 * Who is asking, built once per request from the token's claims (DESIGN.md §6): the one place that
 * decides which suppliers, product types, records and categories a caller may read, and so which
 * it may write. Every query and write takes it; nothing else reads the claims for scoping, so a
 * write cannot be scoped differently from its read (issue #11.2 was exactly that).
 */
export class Viewer {
  readonly id: number
  readonly username: string
  readonly claims: Claims
  readonly view: RoleView
  /** The supplier a supplier-view caller is scoped to; undefined for everyone else. */
  readonly supplierId: number | undefined
  /** The record categories the caller may read, and so submit (docs/decisions.md, issue #11.2). */
  readonly categories: readonly CategoryFilter[]
  private productTypes: Promise<Set<number>> | undefined

  constructor(source: ViewerSource) {
    this.id = source.id
    this.username = source.username ?? ''
    this.claims = source.claims
    this.view = viewFromClaims(source.claims)
    // A supplier-view token without its supplier id sees nothing rather than everything.
    this.supplierId = this.view === 'supplier' ? (source.claims.AssetManufacturerView ?? -1) : undefined
    this.categories = readableCategories(this.view, source.claims.ITRViewer)
  }

  /** The server itself (seed, audit snapshots, rejudge): an administrator with no user row. */
  static readonly system = new Viewer({ id: 0, username: 'system', claims: { IsAdmin: true } })

  /** Configurators and admins: every supplier, record and category. */
  get seesEverything(): boolean {
    return CONFIGURE_VIEWS.includes(this.view)
  }

  /** Whether the caller may read (and submit) records of this category. */
  mayUseCategory(category: CategoryFilter): boolean {
    return this.categories.includes(category)
  }

  /** Supplier-view callers may only read or write their own supplier: 403 with `message` otherwise. */
  assertOwnSupplier(supplierId: number | null | undefined, message: string): void {
    if (this.supplierId !== undefined && supplierId !== this.supplierId) throw forbidden(message)
  }

  /**
   * The records this caller may read, as a condition over `records` (undefined: all of them).
   * Supplier-view users see only their supplier's records; internal and supplier users only the
   * categories of their ITRViewer claim; configurators and admins everything.
   */
  recordScope(): SQL | undefined {
    if (this.seesEverything) return undefined
    const parts: SQL[] = []
    if (this.supplierId !== undefined) parts.push(eq(records.supplierId, this.supplierId))
    parts.push(this.categories.length ? inArray(records.category, [...this.categories]) : sql`false`)
    return and(...parts)
  }

  /**
   * The product types a supplier-view caller may see (its supplier's and, recursively, their sub
   * components), read once per request; undefined for everyone else (all of them).
   */
  async visibleProductTypes(db: Db): Promise<Set<number> | undefined> {
    if (this.supplierId === undefined) return undefined
    this.productTypes ??= visibleProductTypeIds(db, this.supplierId)
    return this.productTypes
  }
}
