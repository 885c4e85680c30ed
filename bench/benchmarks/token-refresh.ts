import { sql } from 'drizzle-orm'
import { compareLatency, latencyFigures } from '../support/measure'
import type { Benchmark } from '../types'

/**
 * Token issuance by the refresh_token grant (the call every open tab makes every few minutes): one
 * conditional UPDATE, one INSERT and a user lookup behind the API, beside those statements in raw SQL.
 * The password grant is left out on purpose: bcrypt, not the database, dominates it.
 */
const benchmark: Benchmark = {
  name: 'token-refresh',
  description:
    'POST {auth}/api/token grant_type=refresh_token, beside its UPDATE + INSERT + SELECT in raw SQL',
  async measure(context, scale) {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const signIn = await context.call('auth', 'POST', '/api/token', {
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'internal',
        password: 'internal-demo',
      }).toString(),
      headers: form,
    })
    let refreshToken = signIn.json().refresh_token as string
    const db = context.database.db
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows
    // The reference rotates its own family, so it never touches the tokens the API chain is using.
    let rawHash = `bench-raw-${process.pid}-0`
    await db.execute(sql`
      INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at)
      SELECT ${rawHash}, 'bench-raw', id, now() + interval '1 day' FROM users WHERE username = 'internal'`)
    let rawCounter = 0
    const measured = await compareLatency({
      iterations: Math.max(20, Math.round(300 * scale)),
      async subject() {
        const res = await context.call('auth', 'POST', '/api/token', {
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
          headers: form,
        })
        refreshToken = res.json().refresh_token as string
      },
      async reference() {
        // The statements the API runs, without hashing, signing or HTTP.
        const [claimed] = await rows<{ user_id: number; family_id: string }>(sql`
          UPDATE refresh_tokens SET used_at = now()
           WHERE token_hash = ${rawHash} AND used_at IS NULL AND revoked_at IS NULL
          RETURNING user_id, family_id`)
        if (!claimed) throw new Error('raw reference lost its token')
        rawHash = `bench-raw-${process.pid}-${++rawCounter}`
        await db.execute(sql`
          INSERT INTO refresh_tokens (token_hash, family_id, user_id, expires_at)
          VALUES (${rawHash}, ${claimed.family_id}, ${claimed.user_id}, now() + interval '1 day')`)
        await rows(sql`SELECT * FROM users WHERE id = ${claimed.user_id}`)
      },
    })
    return latencyFigures(measured, 'raw SQL')
  },
}

export default benchmark
