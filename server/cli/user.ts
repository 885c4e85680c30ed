import { parseArgs } from 'node:util'
import type { Claims } from '../../schemas/roles'
import { RefreshTokensRepository } from '../auth/refresh-tokens'
import { UsersRepository } from '../auth/users'
import { openConfiguredDatabase } from './open'

const USAGE = `Usage: npm run user -- <command> [options]

Commands:
  list                                  list users with their claims
  add <username> --email E --password P [claims]
  set-claims <username> [claims]        replace the user's claims and end the user's sessions
  set-password <username> --password P  and end the user's sessions
  disable <username>                    block sign-in and end the user's sessions

Ending sessions revokes the user's refresh tokens; the access tokens already issued are refused by a
running server within a few seconds.
  enable <username>

Claims (SPEC §3):
  --admin                IsAdmin
  --configurator         ITRConfigurator
  --supplier <id>        AssetManufacturerView (supplier id)
  --internal             ITRInternalUser
  --submitter            ITRSubmitter
  --viewer <ids>         ITRViewer, comma-separated category ids, e.g. 1,2
  --reviewer             ITRReviewer (reviews records; issue #19)
  --approver             ITRApprover (approves reviewed records; admins may do both)`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    admin: { type: 'boolean' },
    configurator: { type: 'boolean' },
    supplier: { type: 'string' },
    internal: { type: 'boolean' },
    submitter: { type: 'boolean' },
    viewer: { type: 'string' },
    reviewer: { type: 'boolean' },
    approver: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
})

function claimsFromFlags(): Claims {
  const claims: Claims = {}
  if (values.admin) claims.IsAdmin = true
  if (values.configurator) claims.ITRConfigurator = true
  if (values.supplier) claims.AssetManufacturerView = Number(values.supplier)
  if (values.internal) claims.ITRInternalUser = true
  if (values.submitter) claims.ITRSubmitter = true
  if (values.reviewer) claims.ITRReviewer = true
  if (values.approver) claims.ITRApprover = true
  if (values.viewer) claims.ITRViewer = values.viewer.split(',').map((v) => Number(v.trim()))
  return claims
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const [command, username] = positionals
if (!command || values.help) {
  console.log(USAGE)
  process.exit(command ? 0 : 1)
}

const database = await openConfiguredDatabase()
const users = new UsersRepository(database.db)
try {
  if (command === 'list') {
    for (const u of await users.list()) {
      console.log(
        `${u.username}\t${u.email}\t${u.disabled ? 'disabled' : 'enabled'}\t${JSON.stringify(u.claims)}`,
      )
    }
  } else {
    if (!username) fail(USAGE)
    const existing = await users.findByUsername(username)
    if (command === 'add') {
      if (existing) fail(`User ${username} already exists.`)
      if (!values.email || !values.password) fail('add needs --email and --password.')
      await users.add({ username, email: values.email, password: values.password, claims: claimsFromFlags() })
      console.log(`Added ${username}.`)
    } else {
      if (!existing) fail(`No user named ${username}.`)
      // Tokens carry the claims they were issued with: new claims take effect by signing in again.
      if (command === 'set-claims') {
        await users.update(existing.id, { claims: claimsFromFlags() })
        await new RefreshTokensRepository(database.db, 0).revokeUser(existing.id)
      } else if (command === 'set-password') {
        if (!values.password) fail('set-password needs --password.')
        await users.update(existing.id, { password: values.password })
        await new RefreshTokensRepository(database.db, 0).revokeUser(existing.id)
      } else if (command === 'disable') {
        await users.update(existing.id, { disabled: true })
        await new RefreshTokensRepository(database.db, 0).revokeUser(existing.id)
      } else if (command === 'enable') await users.update(existing.id, { disabled: false })
      else fail(USAGE)
      console.log(`Updated ${username}.`)
    }
  }
} finally {
  await database.close()
}
