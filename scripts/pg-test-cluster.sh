#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for tests and benchmarks, built from Debian's PostgreSQL binaries.
#
#   scripts/pg-test-cluster.sh run -- <command…>   start a cluster, run the command with TEST_DATABASE_URL
#                                                  (and PG_CLUSTER_URL) set, then stop it and delete its files
#   scripts/pg-test-cluster.sh start               start a cluster and print two lines: its URL, then its
#                                                  directory (pass that to stop)
#   scripts/pg-test-cluster.sh stop <directory>    stop a cluster made by start and delete its files
#
# The cluster lives in a fresh directory under ${TMPDIR:-/tmp}, listens on 127.0.0.1 only, on a free port,
# with its unix socket inside that directory, and trades durability for speed (fsync off): it is for tests.
# PostgreSQL refuses to run as root, so under root the server runs as the `postgres` OS user that Debian's
# package creates (or a system user made here). When the binaries are missing, root installs Debian's
# `postgresql` package; anyone else is told to.
set -euo pipefail

log() { echo "pg-test-cluster: $*" >&2; }

find_bin_dir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; fi
}

ensure_binaries() {
  BIN_DIR=$(find_bin_dir)
  [ -n "$BIN_DIR" ] && return 0
  if [ "$(id -u)" != 0 ]; then
    log "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin."
    log "Install them with: sudo apt-get install -y postgresql"
    exit 1
  fi
  log "installing Debian's postgresql package"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  BIN_DIR=$(find_bin_dir)
  [ -n "$BIN_DIR" ] || { log "postgresql installed but initdb/pg_ctl still not found"; exit 1; }
}

# Runs a command as the cluster's OS user, from inside the cluster directory (the caller's working
# directory may be unreadable to that user).
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    (cd "$CLUSTER_DIR" && runuser -u "$OWNER" -- "$@")
  else
    (cd "$CLUSTER_DIR" && "$@")
  fi
}

pick_owner() {
  if [ "$(id -u)" != 0 ]; then OWNER=$(id -un); return; fi
  OWNER=postgres
  if ! id "$OWNER" >/dev/null 2>&1; then
    OWNER=itr-pg
    id "$OWNER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$OWNER"
  fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Starts a cluster; sets CLUSTER_DIR and CLUSTER_URL.
start_cluster() {
  ensure_binaries
  pick_owner
  CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/itr-pg.XXXXXX")
  chmod 700 "$CLUSTER_DIR"
  [ "$(id -u)" = 0 ] && chown "$OWNER" "$CLUSTER_DIR"
  local password
  password=$(node -e "console.log(require('crypto').randomBytes(18).toString('hex'))")
  printf '%s\n' "$password" >"$CLUSTER_DIR/pwfile"
  [ "$(id -u)" = 0 ] && chown "$OWNER" "$CLUSTER_DIR/pwfile"
  # Local socket connections (the owner's own tools) are trusted; TCP needs the password.
  as_owner "$BIN_DIR/initdb" -D "$CLUSTER_DIR/data" -U itr --pwfile="$CLUSTER_DIR/pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$CLUSTER_DIR/initdb.log" 2>&1 || {
    cat "$CLUSTER_DIR/initdb.log" >&2
    return 1
  }
  rm -f "$CLUSTER_DIR/pwfile"
  local port attempt
  for attempt in 1 2 3; do
    port=$(free_port)
    if as_owner "$BIN_DIR/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w -t 60 start -o \
      "-c listen_addresses=127.0.0.1 -p $port -k $CLUSTER_DIR -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      >/dev/null; then
      break
    fi
    # Someone took the port between picking and binding: try another one.
    [ "$attempt" = 3 ] && { cat "$CLUSTER_DIR/server.log" >&2; return 1; }
  done
  as_owner "$BIN_DIR/createdb" -h "$CLUSTER_DIR" -p "$port" -U itr itr
  CLUSTER_PORT=$port
  CLUSTER_URL="postgres://itr:$password@127.0.0.1:$port/itr"
  printf '%s\n' "$CLUSTER_URL" >"$CLUSTER_DIR/url"
}

stop_cluster() {
  local dir=$1
  [ -d "$dir/data" ] || { rm -rf "$dir"; return 0; }
  CLUSTER_DIR=$dir
  BIN_DIR=$(find_bin_dir)
  pick_owner
  as_owner "$BIN_DIR/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

command=${1:-}
case "$command" in
  run)
    shift
    [ "${1:-}" = "--" ] && shift
    [ $# -gt 0 ] || { log "usage: $0 run -- <command…>"; exit 2; }
    CLUSTER_DIR=""
    trap '[ -n "$CLUSTER_DIR" ] && stop_cluster "$CLUSTER_DIR"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    start_cluster
    log "PostgreSQL $(basename "$(dirname "$BIN_DIR")") on 127.0.0.1:$CLUSTER_PORT, database itr (files in $CLUSTER_DIR)"
    status=0
    TEST_DATABASE_URL=$CLUSTER_URL PG_CLUSTER_URL=$CLUSTER_URL "$@" || status=$?
    exit "$status"
    ;;
  start)
    CLUSTER_DIR=""
    trap '[ -n "$CLUSTER_DIR" ] && [ ! -f "$CLUSTER_DIR/url" ] && stop_cluster "$CLUSTER_DIR"' EXIT
    start_cluster
    printf '%s\n%s\n' "$CLUSTER_URL" "$CLUSTER_DIR"
    ;;
  stop)
    dir=${2:-}
    case "$dir" in
      "${TMPDIR:-/tmp}"/itr-pg.*) stop_cluster "$dir" ;;
      *) log "usage: $0 stop <directory printed by start>"; exit 2 ;;
    esac
    ;;
  *)
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
