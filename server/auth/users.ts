import bcrypt from 'bcryptjs'
import { eq } from 'drizzle-orm'
import type { Claims } from '../../schemas/roles'
import type { Db } from '../db/client'
import { users } from '../db/schema/index'

export type User = typeof users.$inferSelect

const BCRYPT_COST = 10

/** Users and their password hashes. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByUsername(username: string): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, username))
    return row
  }

  async findById(id: number): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id))
    return row
  }

  async list(): Promise<User[]> {
    return this.db.select().from(users).orderBy(users.username)
  }

  async count(): Promise<number> {
    return this.db.$count(users)
  }

  async add(input: { username: string; email: string; password: string; claims: Claims }): Promise<User> {
    const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST)
    const [row] = await this.db
      .insert(users)
      .values({ username: input.username, email: input.email, passwordHash, claims: input.claims })
      .returning()
    return row
  }

  async update(
    id: number,
    patch: Partial<Pick<User, 'email' | 'claims' | 'disabled'>> & { password?: string },
  ) {
    const { password, ...rest } = patch
    const values: Partial<User> = { ...rest }
    if (password) values.passwordHash = await bcrypt.hash(password, BCRYPT_COST)
    await this.db.update(users).set(values).where(eq(users.id, id))
  }

  /** The user when the password matches and the account is enabled. */
  async verify(username: string, password: string): Promise<User | undefined> {
    const user = await this.findByUsername(username)
    // Compare against a dummy hash when the user is unknown so timing does not reveal usernames.
    const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH)
    return ok && user && !user.disabled ? user : undefined
  }
}

const DUMMY_HASH = '$2b$10$CwTycUXWue0Thq9StjUM0uJ8.Q0n3eP5B5k1x0o6rQp5rJm3mYd3K'
