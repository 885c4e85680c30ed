import { claimsSchema, viewFromClaims, type Claims, type RoleView } from '../../schemas/roles'
import type { TokenResponse } from '../../schemas/auth'

/** Local storage keys of SPEC §3 "Stored local data". */
export const STORAGE_KEYS = {
  jwt: 'jwt',
  jwtExpires: 'jwtExpires',
  refreshToken: 'refreshToken',
  claims: 'claims',
  supplierID: 'supplierID',
  recordViewCategories: 'recordViewCategories',
} as const

/** What the SPA knows about the signed-in user, read from local storage. */
export interface StoredSession {
  token: string | null
  /** Unix seconds. */
  expires: number
  refreshToken: string | null
  claims: Claims
  view: RoleView
  supplierId: number | null
  recordViewCategories: number[]
}

const CLAIM_KEYS = Object.keys(claimsSchema.properties) as (keyof Claims)[]

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key)
    return raw == null ? fallback : (JSON.parse(raw) as T)
  } catch {
    return fallback
  }
}

/** Reads the session from local storage. */
export function readSession(): StoredSession {
  const claims = readJson<Claims>(STORAGE_KEYS.claims, {})
  const supplier = localStorage.getItem(STORAGE_KEYS.supplierID)
  return {
    token: localStorage.getItem(STORAGE_KEYS.jwt),
    expires: Number(localStorage.getItem(STORAGE_KEYS.jwtExpires) ?? 0),
    refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken),
    claims,
    view: viewFromClaims(claims),
    supplierId: supplier ? Number(supplier) : null,
    recordViewCategories: readJson<number[]>(STORAGE_KEYS.recordViewCategories, []),
  }
}

/** SPEC §4: a token that is present and not expired is valid. */
export function hasValidToken(session: Pick<StoredSession, 'token' | 'expires'> = readSession()): boolean {
  return Boolean(session.token) && session.expires * 1000 > Date.now()
}

/** Decodes the claims of SPEC §3 from a JWT's payload (no verification: the server does that). */
export function claimsFromToken(token: string): Claims {
  const payload = token.split('.')[1] ?? ''
  const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>
  const claims: Record<string, unknown> = {}
  for (const key of CLAIM_KEYS) if (json[key] !== undefined) claims[key] = json[key]
  return claims as Claims
}

/** The signed-in user's id (the token's `sub`), or null without a readable token; keys the user's drafts. */
export function userOfToken(token: string | null = readSession().token): string | null {
  if (!token) return null
  try {
    const payload = token.split('.')[1] ?? ''
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }
    return typeof json.sub === 'string' && json.sub !== '' ? json.sub : null
  } catch {
    return null
  }
}

/** Stores a token answer: token, expiry, refresh token, claims, supplier id and viewer categories. */
export function storeTokens(answer: TokenResponse): void {
  const claims = claimsFromToken(answer.token)
  localStorage.setItem(STORAGE_KEYS.jwt, answer.token)
  localStorage.setItem(STORAGE_KEYS.jwtExpires, String(answer.expires))
  localStorage.setItem(STORAGE_KEYS.refreshToken, answer.refresh_token)
  localStorage.setItem(STORAGE_KEYS.claims, JSON.stringify(claims))
  if (claims.AssetManufacturerView != null)
    localStorage.setItem(STORAGE_KEYS.supplierID, String(claims.AssetManufacturerView))
  else localStorage.removeItem(STORAGE_KEYS.supplierID)
  localStorage.setItem(STORAGE_KEYS.recordViewCategories, JSON.stringify(claims.ITRViewer ?? []))
}

/** Removes everything the session stored (Log Out, failed refresh). */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key)
}
