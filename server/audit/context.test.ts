import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../db/client'
import { guardedDb, runInScope } from './context'

describe('units of work: app.db is the root database, refused inside an audited request', () => {
  it('answers outside an audited request and throws inside one, naming request.db', async () => {
    const database = await openDatabase({})
    try {
      const db = guardedDb(database.db)
      await expect(db.execute(sql`SELECT 1`)).resolves.toBeTruthy()
      await database.db.transaction(async (tx) => {
        await runInScope(tx as never, async () => {
          expect(() => db.execute(sql`SELECT 1`)).toThrow(/build the repository on request\.db/)
        })
      })
      // Once the request has ended, background work uses the root database again.
      await expect(db.execute(sql`SELECT 1`)).resolves.toBeTruthy()
    } finally {
      await database.close()
    }
  })
})
