#!/usr/bin/env bash
# FlaskBB for scale (issue 14): installs FlaskBB from PyPI into a virtualenv under /tmp, makes a
# fresh default SQLite database with `flaskbb install`, seeds a 200-post topic of the same
# ~400-character Chinese Markdown posts scripts/load.sh writes into maku (through FlaskBB's
# own models), serves it with gunicorn as FlaskBB's deployment docs say
# (`gunicorn wsgi:flaskbb -w 4`), and measures a trivial page, the forum index and the topic
# with the same wrk settings as scripts/load.sh; then the same pages on maku (its release
# build, a fresh SQLite, posts from the same generator) in the same run. Nothing of FlaskBB is
# committed here.
#
#   scripts/compare-flaskbb.sh            # about 5 minutes once installed (the install ~1 min)
#   scripts/compare-flaskbb.sh --quick
#
# Why Python 3.6: the newest FlaskBB on PyPI is 2.0.2 (2018), which pins every dependency
# exactly. On Python 3.11 the pins do not install (MarkupSafe 1.0's setup.py imports
# setuptools.Feature, removed from setuptools long ago), and on 3.7+ they install but do not
# run (kombu 4.0.2 uses `async`, a keyword since 3.7). So the script takes a Python 3.6
# (pyenv's, `python3.6` on PATH, or --python) and installs the pins as released, with
# setuptools < 46 and no build isolation for the old source packages.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
DURATION=10
WARMUP=5        # uncounted seconds of load on each page first: each worker compiles its templates
CONNECTIONS=64
THREADS=2
PY=
FRESH=0
VENV=${FLASKBB_VENV:-/tmp/maku-compare-flaskbb}
REPORT=
MAKU=1
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) DURATION=3; WARMUP=2; shift ;;
        --duration) DURATION=$2; shift 2 ;;
        --connections) CONNECTIONS=$2; shift 2 ;;
        --threads) THREADS=$2; shift 2 ;;
        --python) PY=$2; shift 2 ;;
        --fresh) FRESH=1; shift ;;
        --report) REPORT=$2; shift 2 ;;
        --no-maku) MAKU=0; shift ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
            echo "Options: --quick, --duration S, --connections N, --threads N, --python PY3.6,"
            echo "         --fresh (reinstall the virtualenv at $VENV), --report FILE,"
            echo "         --no-maku (skip the same pages on maku, measured after FlaskBB's)"
            exit 0 ;;
        *) echo "compare-flaskbb.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
HOSTPY=$(command -v python3)   # load.py runs on the host Python, not the 3.6 of the venv
say() { printf '[flaskbb %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

if ! command -v wrk >/dev/null && ! command -v oha >/dev/null; then
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wrk >/dev/null
fi

if [ -z "$PY" ]; then
    for c in "$(pyenv root 2>/dev/null)"/versions/3.6.*/bin/python "$HOME"/.pyenv/versions/3.6.*/bin/python \
             "$(command -v python3.6 || true)"; do
        if [ -n "$c" ] && [ -x "$c" ]; then PY=$c; break; fi
    done
fi
[ -n "$PY" ] || { echo "compare-flaskbb.sh: FlaskBB 2.0.2 needs Python 3.6 (see the top of this script); pass --python" >&2; exit 1; }

if [ "$FRESH" = 1 ]; then rm -rf "$VENV"; fi
if [ ! -x "$VENV/bin/flaskbb" ] || [ ! -x "$VENV/bin/gunicorn" ]; then
    say "installing FlaskBB 2.0.2 and gunicorn into $VENV with $PY …"
    rm -rf "$VENV"
    "$PY" -m venv "$VENV"
    "$VENV/bin/pip" install -q 'setuptools<46' wheel
    "$VENV/bin/pip" install -q --no-build-isolation flaskbb==2.0.2 gunicorn
fi
export PATH="$VENV/bin:$PATH"   # flaskbb install runs pybabel

# FlaskBB's defaults keep the SQLite file, the logs and the search index in its root folder
# (site-packages): start each run from a fresh database there.
SITE=$("$VENV/bin/python" -c 'import flaskbb, os; print(os.path.dirname(os.path.dirname(flaskbb.__file__)))')
rm -rf "$SITE/flaskbb.sqlite" "$SITE/whoosh_index"
mkdir -p "$SITE/logs"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/flaskbb-load.XXXXXX")
GPID=
cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    if [ -n "$GPID" ] && kill -0 "$GPID" 2>/dev/null; then
        kill -TERM "$GPID" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$GPID" 2>/dev/null || break; sleep 0.2; done
        kill -KILL "$GPID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "flaskbb install (default settings, default SQLite) …"
flaskbb install --force --username admin --email admin@example.org \
    --password load-test-password >"$WORK/install.log" 2>&1 \
    || { tail -20 "$WORK/install.log" >&2; exit 1; }

"$HOSTPY" "$ROOT/scripts/load.py" posts --n 200 >"$WORK/posts.json"
cat >"$WORK/seed.py" <<'EOF'
import json, sys
from flaskbb import create_app
from flaskbb.forum.models import Forum, Post, Topic
from flaskbb.management.models import Setting
from flaskbb.user.models import User

app = create_app()
with app.test_request_context():
    if sys.argv[1] == "seed":
        bodies = json.load(open(sys.argv[2], encoding="utf-8"))
        user = User.query.filter_by(username="admin").first()
        forum = Forum.query.order_by(Forum.id).first()
        topic = Topic(title="第一幕复盘：两百楼的长帖")
        topic.save(user=user, forum=forum, post=Post(content=bodies[0]))
        for body in bodies[1:]:
            Post(content=body).save(user=user, topic=topic)
        print(topic.id)
    else:
        Setting.update({"posts_per_page": int(sys.argv[2])})
EOF
say "seeding a 200-post topic through FlaskBB's models (it indexes each post for search) …"
TOPIC=$(cd "$WORK" && python seed.py seed "$WORK/posts.json" 2>"$WORK/seed.log" | tail -1) \
    || { tail -20 "$WORK/seed.log" >&2; exit 1; }

printf 'from flaskbb import create_app\nflaskbb = create_app()\n' >"$WORK/wsgi.py"
start() {
    PORT=$("$HOSTPY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    gunicorn --chdir "$WORK" wsgi:flaskbb -b "127.0.0.1:$PORT" -w 4 \
        --log-file "$WORK/gunicorn.log" --pid "$WORK/gunicorn.pid" &
    GPID=$!
    for _ in $(seq 100); do
        curl -sf -o /dev/null "http://127.0.0.1:$PORT/" && return 0
        sleep 0.2
    done
    echo "compare-flaskbb.sh: gunicorn did not answer" >&2
    tail -20 "$WORK/gunicorn.log" >&2
    exit 1
}
stop() {
    kill -TERM "$GPID"
    wait "$GPID" 2>/dev/null || true
    GPID=
}
bench() {
    "$HOSTPY" "$ROOT/scripts/load.py" bench --base "http://127.0.0.1:$PORT" --pids "$GPID" \
        --duration "$DURATION" --connections "$CONNECTIONS" --threads "$THREADS" \
        --warmup "$WARMUP" "$@"
}

OUT="$WORK/report.md"
{
    echo "### FlaskBB 2.0.2 (PyPI) on its default SQLite — $(date '+%Y-%m-%d %H:%M') ($(nproc) cores)"
    echo
    echo "Served by \`gunicorn wsgi:flaskbb -w 4\` (sync workers, as FlaskBB's deployment docs), Python"
    echo "$("$VENV/bin/python" -c 'import platform; print(platform.python_version())'); same wrk settings as scripts/load.sh"
    echo "(\`-t$THREADS -c$CONNECTIONS -d${DURATION}s\`, after ${WARMUP} s of uncounted load on each page). A 200-post"
    echo "topic of the same posts."
    echo
    echo "Default settings (10 posts per page):"
    echo
} >"$OUT"
start
say "measuring (default: 10 posts per page) …"
bench "static file \`/static/favicon.ico\` (trivial)=/static/favicon.ico" \
      "forum index \`/\`=/" \
      "200-post topic, first page=/topic/$TOPIC" \
      "200-post topic, last page (20)=/topic/$TOPIC?page=20" >>"$OUT"
stop

(cd "$WORK" && python seed.py per-page 30 2>>"$WORK/seed.log")
start
say "measuring again with 30 posts per page, as maku's pages …"
{ echo; echo "With \`posts_per_page\` set to 30, as maku's thread pages:"; echo; } >>"$OUT"
bench "static file \`/static/favicon.ico\` (trivial)=/static/favicon.ico" \
      "200-post topic, first page=/topic/$TOPIC" \
      "200-post topic, last page (7)=/topic/$TOPIC?page=7" >>"$OUT"
stop

if [ "$MAKU" = 1 ]; then
    # maku in the same window, on the same posts, for a side-by-side under the same load.
    BIN=${CARGO_TARGET_DIR:-$ROOT/target}/release/maku
    [ -x "$BIN" ] || (cd "$ROOT" && cargo build --release --quiet)
    say "the same pages on maku (release build, fresh SQLite) …"
    "$BIN" --database-url "sqlite://$WORK/maku.db" serve --bind 127.0.0.1:0 \
        --posts-per-minute 0 --actions-per-minute 0 --sign-in-burst 10000 >"$WORK/maku.log" 2>&1 &
    GPID=$!
    PORT=
    for _ in $(seq 300); do
        PORT=$(sed -n 's/^maku listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$WORK/maku.log" | head -1)
        [ -n "$PORT" ] && break
        sleep 0.1
    done
    [ -n "$PORT" ] || { echo "compare-flaskbb.sh: maku did not start" >&2; cat "$WORK/maku.log" >&2; exit 1; }
    THREAD=$("$HOSTPY" "$ROOT/scripts/load.py" seed-thread --base "http://127.0.0.1:$PORT" \
        --pid "$GPID" --maku "$BIN" --database-url "sqlite://$WORK/maku.db")
    { echo; echo "maku in the same run (release build, fresh SQLite, 200 posts from the same generator, 30 per page):"; echo; } >>"$OUT"
    bench "\`/healthz\` (trivial)=/healthz" \
          "board index \`/\`=/" \
          "200-post thread, first page=/t/$THREAD" \
          "200-post thread, last page (7)=/t/$THREAD?page=7" >>"$OUT"
    stop
fi

cat "$OUT"
if [ -n "$REPORT" ]; then cp "$OUT" "$REPORT"; say "report written to $REPORT"; fi
