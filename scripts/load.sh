#!/usr/bin/env bash
# The load script of issue 14: builds the release binary, starts it on a fresh database in a
# temporary folder on a free port, seeds a realistic data set through the API and measures the
# pages, the ballots, the due acts and the live streams in one run. The figures and their
# targets come out as a Markdown table (docs/benchmarks.md holds the latest).
#
#   scripts/load.sh                         # SQLite, about 8-10 minutes on 2 cores
#   scripts/load.sh --quick                 # 3-second measurements, about 4 minutes
#   scripts/load.sh --database-url postgres://postgres@127.0.0.1:55432/postgres
#
# With a PostgreSQL URL (or MAKU_LOAD_DATABASE_URL) a fresh database is created on that server
# for the run (psql needed) and dropped afterwards; the database named in the URL is only used
# to connect. Everything made (the server, the temporary folder, that database) is removed on
# exit, also on Ctrl-C.
set -euo pipefail

usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    cat <<'EOF'
Options:
  --database-url URL   run on PostgreSQL (a fresh database is created on that server)
  --quick              3-second measurements instead of 10
  --duration SECS      length of each wrk run (default 10)
  --connections N      wrk connections (default 64)
  --threads N          wrk threads (default 2)
  --streams N          live streams held open for the second round (default 5000; 0 = none)
  --due-games N        games whose acts fall due at the same minute (default 1000; 0 = none)
  --ballots N          ballots submitted at once by the 16 seats of one game (default 500)
  --report FILE        also write the Markdown report there (default target/load-report-BACKEND.md)
  --no-build           use the release binary already built
  --keep               keep the temporary folder (server log, database) for a look afterwards
EOF
}

cd "$(dirname "$0")/.."
ROOT=$(pwd)
DB_URL=${MAKU_LOAD_DATABASE_URL:-}
DURATION=10
CONNECTIONS=64
THREADS=2
STREAMS=5000
DUE=1000
BALLOTS=500
REPORT=
BUILD=1
KEEP=0
while [ $# -gt 0 ]; do
    case "$1" in
        --database-url) DB_URL=$2; shift 2 ;;
        --database-url=*) DB_URL=${1#*=}; shift ;;
        --quick) DURATION=3; shift ;;
        --duration) DURATION=$2; shift 2 ;;
        --connections) CONNECTIONS=$2; shift 2 ;;
        --threads) THREADS=$2; shift 2 ;;
        --streams) STREAMS=$2; shift 2 ;;
        --due-games) DUE=$2; shift 2 ;;
        --ballots) BALLOTS=$2; shift 2 ;;
        --report) REPORT=$2; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --keep) KEEP=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "load.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

say() { printf '[load %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# The load generator: wrk (installed from the distribution if missing), else oha.
if ! command -v wrk >/dev/null && ! command -v oha >/dev/null; then
    say "installing wrk …"
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wrk >/dev/null \
        || { echo "load.sh: install wrk (or oha) first" >&2; exit 1; }
fi
command -v python3 >/dev/null || { echo "load.sh: python3 is needed" >&2; exit 1; }

TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
BIN=$TARGET_DIR/release/maku
if [ "$BUILD" = 1 ]; then
    say "cargo build --release …"
    cargo build --release --quiet
fi
[ -x "$BIN" ] || { echo "load.sh: no release binary at $BIN" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/maku-load.XXXXXX")
SERVER_PID=
PG_ADMIN_URL=
PG_DB=
cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.2; done
        kill -KILL "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    if [ -n "$PG_DB" ]; then
        psql -q "$PG_ADMIN_URL" -c "DROP DATABASE IF EXISTS \"$PG_DB\" WITH (FORCE)" >/dev/null 2>&1 || true
    fi
    if [ "$KEEP" = 1 ]; then say "kept $WORK"; else rm -rf "$WORK"; fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Thousands of streams need file descriptors, in this shell and so in the server it starts.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
if [ "$STREAMS" -gt 0 ] && [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $((STREAMS + 500)) ]; then
    say "warning: only $(ulimit -n) file descriptors for $STREAMS streams"
fi

if [ -z "$DB_URL" ]; then
    BACKEND=sqlite
    URL="sqlite://$WORK/maku.db"
else
    BACKEND=postgres
    command -v psql >/dev/null || { echo "load.sh: psql is needed to make a fresh database" >&2; exit 1; }
    PG_ADMIN_URL=$DB_URL
    PG_DB="maku_load_$$_$(date +%s)"
    psql -q "$PG_ADMIN_URL" -c "CREATE DATABASE \"$PG_DB\"" >/dev/null
    # The same URL with the fresh database's name as its path (query kept).
    URL=$(python3 - "$DB_URL" "$PG_DB" <<'EOF'
import sys, urllib.parse as u
p = u.urlsplit(sys.argv[1])
print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))
EOF
)
fi
REPORT=${REPORT:-$TARGET_DIR/load-report-$BACKEND.md}

# The write limits are raised for the run (seeding posts thousands of posts and actions from
# a few accounts); sign-ins for the API tokens come from one address.
FLAGS=(--bind 127.0.0.1:0 --posts-per-minute 0 --actions-per-minute 0
       --sign-in-burst 10000 --sign-up-burst 10000)
say "starting $BIN serve ${FLAGS[*]} on $BACKEND"
MAKU_LOG=${MAKU_LOG:-info} "$BIN" --database-url "$URL" serve "${FLAGS[@]}" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
PORT=
for _ in $(seq 300); do
    PORT=$(sed -n 's/^maku listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$WORK/server.log" | head -1)
    [ -n "$PORT" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$PORT" ] || { echo "load.sh: the server did not start" >&2; cat "$WORK/server.log" >&2; exit 1; }
say "server pid $SERVER_PID on port $PORT; work folder $WORK"

python3 "$ROOT/scripts/load.py" run \
    --base "http://127.0.0.1:$PORT" --pid "$SERVER_PID" --maku "$BIN" \
    --database-url "$URL" --workdir "$WORK" --server-log "$WORK/server.log" \
    --flags "maku serve ${FLAGS[*]}" --report "$REPORT" \
    --duration "$DURATION" --connections "$CONNECTIONS" --threads "$THREADS" \
    --streams "$STREAMS" --due-games "$DUE" --ballots "$BALLOTS"
