import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { UsersRepository } from '../auth/users'
import { DEMO_LOGINS, type DemoLogin } from './demo-users'
import { seedReferenceData } from './reference'
import { seedRecordTypes } from './record-types'
import { seedDemoRecords } from './records'

/** Advisory lock id for seeding; distinct from the migration lock in server/db/client.ts. */
const SEED_LOCK_ID = 725_604_119

/**
 * Seeds demo data when the database has no users yet (first start), then returns the demo logins
 * whose password still works, so a restart prints them again but never a changed password.
 */
export async function seedDemoData(db: Db): Promise<Pick<DemoLogin, 'view' | 'username' | 'password'>[]> {
  const users = new UsersRepository(db)
  if ((await users.count()) === 0) {
    await db.transaction(async (tx) => {
      // Several instances may start together on one empty PostgreSQL database: the first to take this
      // lock seeds, the others wait for its commit, then find users and leave. The lock ends with the
      // transaction; PGlite has one connection, so there it never waits.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`)
      if ((await new UsersRepository(tx as unknown as Db).count()) > 0) return
      const ids = await seedReferenceData(tx as unknown as Db)
      await seedRecordTypes(tx as unknown as Db)
      await seedDemoRecords(tx as unknown as Db)
      const txUsers = new UsersRepository(tx as unknown as Db)
      for (const login of DEMO_LOGINS) {
        await txUsers.add({
          username: login.username,
          email: login.email,
          password: login.password,
          claims: login.claims(ids),
        })
      }
    })
  }
  const valid = []
  for (const login of DEMO_LOGINS) {
    if (await users.verify(login.username, login.password)) valid.push(login)
  }
  return valid.map(({ view, username, password }) => ({ view, username, password }))
}
