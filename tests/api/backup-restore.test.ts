import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/db/client'
import { assetModels, dataPointTypes, documents, products, records } from '../../server/db/schema/index'
import { RefreshTokensRepository } from '../../server/auth/refresh-tokens'
import { SuppliersRepository } from '../../server/reference/suppliers'
import { UsersRepository } from '../../server/auth/users'
import { seedDemoData } from '../../server/seed/demo'
import { runCli, snapshotTables, type TableSnapshot } from '../support/pg-backup'
import { createScratchDatabase, recreateDatabase, testDatabaseUrl, type ScratchDatabase } from '../support/pg'

// Backup → wipe → restore must give back every row of every table (issue 3). Tables added later
// (records, products, documents) are covered by snapshotTables without changes here.

/** Data beyond the demo seed, with text that tests the dump's quoting. */
async function addData(database: Database): Promise<void> {
  await database.migrate()
  await seedDemoData(database.db)
  const users = new UsersRepository(database.db)
  const added = await users.add({
    username: 'backup-user',
    email: 'backup@itr.example',
    password: 'backup-pass',
    claims: { ITRViewer: [1, 2], ITRSubmitter: true },
  })
  await new RefreshTokensRepository(database.db, 3600).issue(added.id)
  const suppliers = new SuppliersRepository(database.db)
  const supplierIds = []
  for (const name of ["O'Brien & Søn", 'Line one\nline two', 'Tab\there "quoted" \\ back']) {
    supplierIds.push(await suppliers.create(name))
  }
  // A document holding every byte value, a product and a record on it, written straight to their tables
  // (the services that write them are tested elsewhere; here only the dump's fidelity matters).
  const db = database.db
  await db.insert(documents).values({
    originalFilename: 'certificate ü.pdf',
    savedFilename: 'backup-test-certificate.pdf',
    contentType: 'application/pdf',
    size: 256,
    content: Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  })
  const [productType] = await db.select().from(assetModels).limit(1)
  const [recordType] = await db.select().from(dataPointTypes).limit(1)
  const [product] = await db
    .insert(products)
    .values({
      serialNumber: '000123',
      productSerialNumber: 'BK000123',
      serialNumberPrefix: 'BK',
      assetModelId: productType.id,
      assetManufacturerId: supplierIds[0],
      dateOfLastRecord: new Date('2024-02-29T23:59:59.123Z'),
      currentStatus: 'pass',
    })
    .returning()
  await db.insert(records).values({
    recordTypeId: recordType.id,
    category: 'test',
    productId: product.id,
    productTypeId: productType.id,
    supplierId: supplierIds[0],
    productSerialNumber: 'BK000123',
    recordDate: new Date('2024-02-29T23:59:59.123Z'),
    testResult: 'pass',
    data: { reading: 1.25, note: 'naïve “quotes”\n', list: [1, null, { deep: true }] },
  })
}

/** A new supplier after a restore gets an id above every restored one: sequences came back too. */
async function expectSequencesRestored(database: Database, before: TableSnapshot): Promise<void> {
  const ids = (before['public.asset_manufacturers'] as { id: number }[]).map((s) => s.id)
  const next = await new SuppliersRepository(database.db).create('After restore')
  expect(next).toBeGreaterThan(Math.max(...ids))
}

const RESTORE_NEEDS_FORCE_PG =
  'The database already has tables; restoring replaces them. Run again with --force to go ahead.'

describe('npm run backup / npm run restore on PGlite', () => {
  let tmp: string
  let dataDir: string
  let before: TableSnapshot
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: '' })

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-backup-'))
    dataDir = path.join(tmp, 'data')
    const database = await openDatabase({ dataDir })
    try {
      await addData(database)
      before = await snapshotTables(database.db)
    } finally {
      await database.close()
    }
  }, 60_000)
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

  it('restores into a wiped data directory every row it backed up', { timeout: 60_000 }, async () => {
    // The demo users: one per role view, plus a reviewer and an approver (issue #19).
    expect(before['public.users'].length).toBe(7)
    expect(before['public.asset_manufacturers'].length).toBeGreaterThanOrEqual(3)
    expect(before['public.refresh_tokens'].length).toBe(1)
    for (const table of ['documents', 'products', 'records'])
      expect(before[`public.${table}`].length).toBeGreaterThanOrEqual(1)

    const file = path.join(tmp, 'itr.tar.gz')
    const backup = await runCli('backup', [file], env())
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain(`Backed up PGlite at ${dataDir} to ${file}`)

    fs.rmSync(dataDir, { recursive: true })
    const restore = await runCli('restore', [file], env())
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain(`Restored ${file} into PGlite at ${dataDir}.`)

    const database = await openDatabase({ dataDir })
    try {
      expect(await snapshotTables(database.db)).toEqual(before)
      expect(await new UsersRepository(database.db).verify('backup-user', 'backup-pass')).toBeTruthy()
      await expectSequencesRestored(database, before)
    } finally {
      await database.close()
    }
  })

  it(
    'replaces an existing data directory only with --force, keeping the old one beside it',
    { timeout: 60_000 },
    async () => {
      const file = path.join(tmp, 'itr.tar.gz')
      const refused = await runCli('restore', [file], env())
      expect(refused.code).toBe(1)
      expect(refused.stderr.trim()).toBe(
        `${dataDir} already holds a database; restoring replaces it. Run again with --force to go ahead.`,
      )

      const forced = await runCli('restore', [file, '--force'], env())
      expect(forced.code).toBe(0)
      const kept = /previous data directory is kept at (\S+);/.exec(forced.stdout)?.[1]
      expect(kept && fs.existsSync(path.join(kept, 'PG_VERSION'))).toBe(true)
      const database = await openDatabase({ dataDir })
      try {
        // The supplier added after the first restore is gone again: the directory is the backup's.
        expect(await snapshotTables(database.db)).toEqual(before)
      } finally {
        await database.close()
      }
    },
  )

  it('refuses a PostgreSQL dump with a message naming what to set', async () => {
    const file = path.join(tmp, 'pg.sql')
    fs.writeFileSync(file, '--\n-- PostgreSQL database dump\n--\n')
    const result = await runCli('restore', [file], env())
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      `${file} is a PostgreSQL dump: set DATABASE_URL to the PostgreSQL database to restore into.`,
    )
  })
})

describe.runIf(testDatabaseUrl)('npm run backup / npm run restore on PostgreSQL', () => {
  let scratch: ScratchDatabase
  let tmp: string
  let before: TableSnapshot
  const env = () => ({ DATABASE_URL: scratch.url })
  const open = () => openDatabase({ url: scratch.url, poolSize: 2 })

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'itr-backup-'))
    scratch = await createScratchDatabase(testDatabaseUrl!, 'itr_backup')
    const database = await open()
    try {
      await addData(database)
      before = await snapshotTables(database.db)
    } finally {
      await database.close()
    }
  }, 60_000)
  afterAll(async () => {
    fs.rmSync(tmp, { recursive: true, force: true })
    await scratch?.drop()
  })

  it('restores into a wiped database every row it backed up', { timeout: 60_000 }, async () => {
    // The demo users: one per role view, plus a reviewer and an approver (issue #19).
    expect(before['public.users'].length).toBe(7)
    expect(before['drizzle.__drizzle_migrations'].length).toBeGreaterThan(0)

    const file = path.join(tmp, 'itr.sql')
    const backup = await runCli('backup', [file], env())
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain(`Backed up PostgreSQL (DATABASE_URL) to ${file}`)
    // The password stays out of the file and of pg_dump's command line.
    expect(fs.readFileSync(file, 'utf8')).not.toContain(new URL(scratch.url).password)

    await recreateDatabase(testDatabaseUrl!, scratch.name)
    const restore = await runCli('restore', [file], env())
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain(`Restored ${file} into PostgreSQL (DATABASE_URL).`)

    const database = await open()
    try {
      expect(await snapshotTables(database.db)).toEqual(before)
      expect(await new UsersRepository(database.db).verify('backup-user', 'backup-pass')).toBeTruthy()
      await expectSequencesRestored(database, before)
    } finally {
      await database.close()
    }
  })

  it('replaces a database that has tables only with --force', { timeout: 60_000 }, async () => {
    const file = path.join(tmp, 'itr.sql')
    const refused = await runCli('restore', [file], env())
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe(RESTORE_NEEDS_FORCE_PG)

    const forced = await runCli('restore', [file, '--force'], env())
    expect(forced.stderr).toBe('')
    expect(forced.code).toBe(0)
    const database = await open()
    try {
      expect(await snapshotTables(database.db)).toEqual(before)
      // The server migrates a restored database without complaint (nothing left to apply).
      await database.migrate()
    } finally {
      await database.close()
    }
  })

  it('refuses a PGlite backup with a message naming what to set', async () => {
    const file = path.join(tmp, 'pglite.tar.gz')
    fs.writeFileSync(file, Buffer.from([0x1f, 0x8b, 0x08, 0x00]))
    const result = await runCli('restore', [file], env())
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      `${file} is a PGlite backup: unset DATABASE_URL and set DATA_DIR to restore into PGlite.`,
    )
  })
})
