import type { Db } from '../db/client'
import { UsersRepository } from '../repositories/users'
import { DEMO_LOGINS, type DemoLogin } from './demo-users'
import { seedReferenceData } from './reference'

/**
 * Seeds demo data when the database has no users yet (first start), then returns the demo logins
 * whose password still works, so a restart prints them again but never a changed password.
 */
export async function seedDemoData(db: Db): Promise<Pick<DemoLogin, 'view' | 'username' | 'password'>[]> {
  const users = new UsersRepository(db)
  if ((await users.count()) === 0) {
    await db.transaction(async (tx) => {
      const ids = await seedReferenceData(tx as unknown as Db)
      const txUsers = new UsersRepository(tx as unknown as Db)
      for (const login of DEMO_LOGINS) {
        await txUsers.add({ username: login.username, email: login.email, password: login.password, claims: login.claims(ids) })
      }
    })
  }
  const valid = []
  for (const login of DEMO_LOGINS) {
    if (await users.verify(login.username, login.password)) valid.push(login)
  }
  return valid.map(({ view, username, password }) => ({ view, username, password }))
}
