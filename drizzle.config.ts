import { defineConfig } from 'drizzle-kit'

// Migrations are generated from server/db/schema and applied at start (server/db/migrate.ts) on
// both PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
})
