#!/usr/bin/env bash
# Regenerates the drizzle migrations from server/db/schema. Until the first release the project keeps a
# single initial migration, so this rewrites 0000_init; after a release, use `npx drizzle-kit generate`
# to add a new numbered migration instead.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/itr-db-generate.lock
flock 9
rm -rf server/db/migrations
npx drizzle-kit generate --name init
