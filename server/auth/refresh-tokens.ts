import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull, not, sql, type SQLWrapper } from 'drizzle-orm'
import type { Db } from '../db/client'
import { refreshTokens } from '../db/schema/index'

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A sign-in (family) is ended once any of its tokens is revoked: revocation always takes the whole
 * family, so a token it missed — a successor issued by a rotation racing a Log Out or a CLI `disable`
 * (audit s8c) — is ended with it, and can neither be rotated nor keep the sign-in's access tokens alive.
 */
export const familyEnded = (familyId: SQLWrapper) =>
  sql`EXISTS (SELECT 1 FROM ${refreshTokens} ended WHERE ended.family_id = ${familyId} AND ended.revoked_at IS NOT NULL)`

/**
 * The outer row's family, qualified by hand: drizzle writes a column of a one-table statement without
 * its table, and inside the subquery a bare "family_id" would be the subquery's own.
 */
const OWN_FAMILY = sql.raw('"refresh_tokens"."family_id"')

/** Outcome of presenting a refresh token. */
export type RotateResult =
  | { ok: true; userId: number; token: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'reused' | 'revoked' | 'expired' }

/**
 * Refresh tokens kept hashed in the database, so every app instance sees the same families.
 * Rotation is one conditional UPDATE, so two instances racing on the same token cannot both win.
 */
export class RefreshTokensRepository {
  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
  ) {}

  /** Starts a new family for a fresh login and returns its first token. */
  async issue(userId: number, familyId: string = randomUUID()): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    await this.db.insert(refreshTokens).values({
      tokenHash: hash(token),
      familyId,
      userId,
      expiresAt: new Date(Date.now() + this.ttlSeconds * 1000),
    })
    return token
  }

  /**
   * Marks `token` used and issues its successor; a reused token revokes its whole family. A token that
   * is already revoked (Log Out, an earlier reuse, the account changed) answers 'revoked', not 'reused':
   * it may never have been used, and its family is ended already.
   */
  async rotate(token: string): Promise<RotateResult> {
    const tokenHash = hash(token)
    const [claimed] = await this.db
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          not(familyEnded(OWN_FAMILY)),
        ),
      )
      .returning()
    if (!claimed) {
      const [known] = await this.db
        .select({
          familyId: refreshTokens.familyId,
          revokedAt: refreshTokens.revokedAt,
          ended: familyEnded(OWN_FAMILY),
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
      if (!known) return { ok: false, reason: 'unknown' }
      if (known.revokedAt || known.ended) {
        // A token the revocation missed is revoked now, so the family reads as ended everywhere.
        if (!known.revokedAt) await this.revokeFamily(known.familyId)
        return { ok: false, reason: 'revoked' }
      }
      await this.revokeFamily(known.familyId)
      return { ok: false, reason: 'reused' }
    }
    if (claimed.expiresAt.getTime() < Date.now()) return { ok: false, reason: 'expired' }
    const next = await this.issue(claimed.userId, claimed.familyId)
    return { ok: true, userId: claimed.userId, token: next, familyId: claimed.familyId }
  }

  /** Log Out: revokes the family of `token`, used or not. Unknown or already revoked tokens change nothing. */
  async revokeByToken(token: string): Promise<void> {
    const [known] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash(token)))
    if (known) await this.revokeFamily(known.familyId)
  }

  /** Ends one sign-in: every token of the family is revoked, and its access tokens are refused. */
  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
  }

  /** Revokes every token of a user (disabled accounts, password or claims changes): every sign-in ends. */
  async revokeUser(userId: number): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  }
}
