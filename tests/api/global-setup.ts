import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/db/client'
import { adminQuery, prepareSeededDatabase, withDatabase } from '../support/api'

/**
 * Migrates and seeds one database for the whole API run. On PGlite its data dir is dumped to a file
 * that each test server loads; on PostgreSQL (TEST_DATABASE_URL) it becomes the template each test
 * server's database is created from.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const template = `itr_template_${process.pid}_${Date.now()}`
    await adminQuery(url, `CREATE DATABASE ${template}`)
    const database = await openDatabase({ url: withDatabase(url, template), poolSize: 2 })
    await prepareSeededDatabase(database)
    await database.close()
    project.provide('apiSnapshot', { pgTemplate: template })
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template}`)
    }
  }
  const database = await openDatabase({ dataDir: 'memory://' })
  await prepareSeededDatabase(database)
  const dump = await database.dump!()
  await database.close()
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'itr-api-')), 'seeded.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('apiSnapshot', { pgliteDump: file })
  return async () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
  }
}
