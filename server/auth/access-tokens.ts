import { SignJWT, jwtVerify, errors } from 'jose'
import { claimsSchema, type Claims } from '../../schemas/roles'

/** Who is calling, as read from a verified access token. */
export interface SessionUser {
  id: number
  username: string
  claims: Claims
  /**
   * The sign-in the token belongs to (its refresh-token family, claim `sid`): the bearer check refuses
   * the token once that sign-in is ended (Log Out, a reused refresh token, the account disabled or its
   * password or claims changed). Absent on tokens signed before the claim existed.
   */
  sessionId?: string
}

const CLAIM_KEYS = Object.keys(claimsSchema.properties) as (keyof Claims)[]

/** Signs and verifies the HS256 access tokens that carry SPEC §3's claims. */
export class AccessTokens {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  /** A signed token and its expiry in Unix seconds, bound to the sign-in `sessionId` (claim `sid`). */
  async sign(user: { id: number; username: string; email: string; claims: Claims }, sessionId: string) {
    const expires = Math.floor(Date.now() / 1000) + this.ttlSeconds
    const claims: Record<string, unknown> = {}
    for (const key of CLAIM_KEYS) if (user.claims[key] !== undefined) claims[key] = user.claims[key]
    const token = await new SignJWT({ ...claims, name: user.username, email: user.email, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(this.secret)
    return { token, expires }
  }

  /** The caller, or a reason the token is not accepted. */
  async verify(token: string): Promise<SessionUser | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] })
      const claims: Claims = {}
      for (const key of CLAIM_KEYS)
        if (payload[key] !== undefined) (claims as Record<string, unknown>)[key] = payload[key]
      const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined
      return { id: Number(payload.sub), username: String(payload.name ?? ''), claims, sessionId }
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid'
    }
  }
}
