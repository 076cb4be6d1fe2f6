#!/usr/bin/env bash
# Checks GET /api/v1/openapi.json with two third-party clients, against a real maku server:
# openapi-spec-validator (the document is valid OpenAPI 3.1) and schemathesis (every operation,
# fuzzed within a time budget; sign-out-everywhere and revoking a token by its id are left out, as
# they would end the token every other operation is called with: no 500, every status, header, content type and body the server
# answers is one the document names, unknown and missing fields refused, auth enforced).
# Fails when either finds a problem. Used by .ci/run after `cargo test`; by hand:
#
#   cargo build && scripts/api-check.sh            # MAKU_API_CHECK_SECS (default 150) bounds schemathesis
#
# The tools are pinned and installed into a venv under target/ (kept between runs).
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${CARGO_TARGET_DIR:-target}/debug/maku"
[ -x "$bin" ] || { echo "api-check: $bin is missing (cargo build)" >&2; exit 1; }
budget="${MAKU_API_CHECK_SECS:-150}"

venv="${CARGO_TARGET_DIR:-target}/api-check-venv"
pins=(schemathesis==4.32.5 openapi-spec-validator==0.9.0)
if ! "$venv/bin/python" -m pip freeze 2>/dev/null | grep -qx "schemathesis==4.32.5"; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${pins[@]}"
fi

work=$(mktemp -d /tmp/maku-api-check.XXXXXX)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
db="sqlite://$work/maku.db"
export MAKU_LOG=warn
# Limits off: the fuzzer writes fast and signs in often; the limits have their own tests.
"$bin" --database-url "$db" serve --bind "127.0.0.1:$port" --page-cache-ms 0 \
  --actions-per-minute 0 --posts-per-minute 0 --sign-in-burst 100000 --sign-up-burst 100000 \
  >"$work/server.log" 2>&1 &
server=$!
stop() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT

base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  curl -sf "$base/healthz" >/dev/null && break
  sleep 0.2
done
curl -sf "$base/healthz" >/dev/null || { cat "$work/server.log" >&2; exit 1; }

# An admin's token, so that every operation is reached past its authentication.
password=$(grep -o 'password: .*' "$work/server.log" | head -n 1 | cut -d' ' -f2)
token=$(curl -sf -H 'Content-Type: application/json' \
  -d "{\"username\":\"admin\",\"password\":\"$password\"}" "$base/api/v1/tokens" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
# Something to find: a board with a thread, and a game open for sign-ups.
curl -sf -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"slug":"talk","title":"talk"}' "$base/api/v1/boards" >/dev/null
curl -sf -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"title":"hello","body":"first"}' "$base/api/v1/boards/talk/threads" >/dev/null
curl -sf -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"title":"game","variant":"deathnote"}' "$base/api/v1/games" >/dev/null

# And a running game (生推, six seats, the admin its judge), so that the judge's and the seats'
# operations meet a game in play, not only one open for sign-ups.
running=$(curl -sf -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"title":"running","variant":"shengtui","min_seats":6,"max_seats":6}' "$base/api/v1/games" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
for i in 1 2 3 4 5 6; do
  curl -sf -H 'Content-Type: application/json' \
    -d "{\"username\":\"seat$i\",\"password\":\"seat-password-$i\"}" "$base/api/v1/accounts" >/dev/null
  seat=$(curl -sf -H 'Content-Type: application/json' \
    -d "{\"username\":\"seat$i\",\"password\":\"seat-password-$i\"}" "$base/api/v1/tokens" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
  curl -sf -X POST -H "Authorization: Bearer $seat" "$base/api/v1/games/$running/signup" >/dev/null
done
curl -sf -X POST -H "Authorization: Bearer $token" "$base/api/v1/games/$running/start" >/dev/null

curl -sf "$base/api/v1/openapi.json" -o "$work/openapi.json"
echo "api-check: openapi-spec-validator"
"$venv/bin/openapi-spec-validator" "$work/openapi.json"

echo "api-check: schemathesis (at most ${budget}s)"
started=$(date +%s)
# scripts/schemathesis.toml names the refusals a schema cannot state (a variant's own options,
# deal and actions; names of any script). Any finding fails the check; MAKU_API_CHECK_STRICT=0
# reports them without failing (to look at a new finding locally).
set +e
"$venv/bin/schemathesis" --config-file scripts/schemathesis.toml run "$work/openapi.json" --url "$base/api/v1" \
  --checks all --max-examples 10 --max-time "$budget" --workers 1 --seed 1 \
  --suppress-health-check all --no-color \
  -H "Authorization: Bearer $token" \
  --exclude-path /account/sign-out-everywhere --exclude-name 'DELETE /tokens/{id}' \
  --report junit --report-junit-path "${CARGO_TARGET_DIR:-target}/api-check-junit.xml"
found=$?
set -e
if [ "$found" -ne 0 ]; then
  echo "api-check: schemathesis found problems (above) in $(($(date +%s) - started))s"
  [ "${MAKU_API_CHECK_STRICT:-1}" = 0 ] && exit 0
  exit 1
fi
echo "api-check: passed in $(($(date +%s) - started))s"
