#!/usr/bin/env bash
# A PostgreSQL server of the tests' own, from Debian's packages (scripts/setup.sh installs them):
#   scripts/postgres.sh start   a new data folder, a free port on 127.0.0.1, started; prints the
#                               URL to connect to (postgres://postgres@127.0.0.1:PORT/postgres),
#                               and keeps the folder's name in target/postgres.dir
#   scripts/postgres.sh stop    stops it and deletes its folder
# initdb refuses to run as root: as root, the server runs as the `postgres` user. It fails, with
# the reason, when the server cannot start: the tests never go on without it.
set -euo pipefail
cd "$(dirname "$0")/.."
kept=target/postgres.dir

say() { printf '[postgres] %s\n' "$*" >&2; }

# Runs a command as the user the server runs as.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The newest of Debian's installed versions (none: `bin` stays empty, and `start` says so).
bin=
for candidate in /usr/lib/postgresql/*/bin; do
  if [ -x "$candidate/initdb" ]; then bin=$candidate; fi
done
case "${1:-}" in
  start)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
      say "PostgreSQL is not installed (scripts/setup.sh installs Debian's postgresql)"
      exit 1
    fi
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
      say "running as root, and there is no postgres user to run the server as"
      exit 1
    fi
    dir=$(mktemp -d /tmp/topochess-postgres.XXXXXX)
    chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    # A free port: one nothing answers on (bash's /dev/tcp, no other tool needed), below the
    # range the kernel gives outgoing connections (32768 up), so no client can take it first.
    port=
    for _ in $(seq 50); do
      candidate=$((10000 + RANDOM % 22000))
      if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
        port=$candidate
        break
      fi
    done
    [ -n "$port" ] || { say "no free port found"; exit 1; }
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; say "initdb failed"; exit 1; }
    # Many connections: each test database has its servers' pools and listeners.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c shared_buffers=128MB" \
      >/dev/null || { cat "$dir/server.log" >&2; say "the server did not start"; exit 1; }
    mkdir -p target
    echo "$dir" >"$kept"
    say "started on port $port ($dir)"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -f "$kept" ]; then
      dir=$(cat "$kept")
      if [ -d "$dir/data" ]; then
        if ! as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >"$dir/stop.log" 2>&1; then
          # Stopped already (a crash, say): said, and its folder deleted all the same.
          say "pg_ctl could not stop the server in $dir: $(tail -1 "$dir/stop.log")"
        fi
      fi
      rm -rf "$dir" "$kept"
      say "stopped"
    fi
    ;;
  *)
    echo "usage: scripts/postgres.sh start|stop" >&2
    exit 2
    ;;
esac
