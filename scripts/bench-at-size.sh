#!/usr/bin/env bash
# Issue 42, part 4: the pages of seeded forums, signed in, on each database given, one after
# the other in one run (the same machine, the same binary).
#
# Usage: scripts/bench-at-size.sh BIN NAME=DATABASE_URL [NAME=DATABASE_URL ...]
#   e.g. scripts/bench-at-size.sh target/release/maku small=/tmp/demo.db big=/tmp/big.db \
#          pg-small=postgres://postgres@127.0.0.1:55432/maku_demo pg-big=postgres://…/maku_big
# Each database is one made by `maku seed` (it is migrated on start). The script signs in as
# MAKU_BENCH_USER (default 老王11, a player of `maku seed --seed 1` with ~500 finished games at
# ten thousand games), finds the first board, its last page, the longest forum thread and its
# last page, then runs `wrk -t2 -c16 -d${MAKU_BENCH_SECS:-5}s --latency` on each page.
# Prints one markdown table per database: req/s, p50, p99, and the share of `/healthz`.
set -u
BIN=$1
shift
PORT=8099
BASE=http://127.0.0.1:$PORT
SECS=${MAKU_BENCH_SECS:-5}
WHO=${MAKU_BENCH_USER:-老王11}
enc() { python3 -c 'import sys,urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }

# The longest forum thread's id and its number of posts, read from the database itself.
longest() {
  local url=$1 q="SELECT id, last_floor FROM threads WHERE kind = 'forum' AND deleted_at IS NULL ORDER BY last_floor DESC LIMIT 1"
  case $url in
    postgres://*) psql -At -F ' ' "$url" -c "$q" ;;
    *) sqlite3 -separator ' ' "${url#sqlite://}" "$q" ;;
  esac
}

bench_one() {
  local name=$1 url=$2
  "$BIN" --database-url "$url" --log warn serve --bind 127.0.0.1:$PORT > "/tmp/bench-at-size-$name.log" 2>&1 &
  local pid=$!
  local i
  for i in $(seq 1 900); do curl -sf $BASE/healthz >/dev/null && break; sleep 1; done
  local jar csrf cookie token board lastpage thread floors deep
  jar=$(mktemp)
  csrf=$(curl -s -c "$jar" -b "$jar" $BASE/login | grep -o 'name="csrf" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//')
  curl -s -c "$jar" -b "$jar" -o /dev/null --data-urlencode "csrf=$csrf" --data-urlencode "username=$WHO" \
    --data-urlencode "password=maku-seed-password" $BASE/login
  cookie=$(sed 's/^#HttpOnly_//' "$jar" | awk '!/^#/ && NF>=7 {printf "%s=%s; ", $6, $7}')
  rm -f "$jar"
  token=$(python3 -c 'import json,sys; print(json.dumps({"username": sys.argv[1], "password": "maku-seed-password"}))' "$WHO" |
    curl -s -H 'Content-Type: application/json' -d @- $BASE/api/v1/tokens |
    python3 -c 'import sys,json; print(json.load(sys.stdin).get("token", ""))')
  board=$(curl -s -H "Cookie: $cookie" $BASE/ | grep -o 'href="/b/[^"]*"' | head -1 | sed 's/href="//; s/"$//')
  lastpage=$(curl -s -H "Cookie: $cookie" "$BASE$board" | grep -o 'page=[0-9]*' | sed 's/page=//' | sort -n | tail -1)
  lastpage=${lastpage:-1}
  read -r thread floors < <(longest "$url")
  deep=$(( (floors + 29) / 30 ))
  echo
  echo "### $name (\`$url\`; server up after ${i}s; signed in as $WHO)"
  echo
  echo "| page | path | req/s | p50 | p99 | of /healthz | errors |"
  echo "|---|---|---:|---:|---:|---:|---|"
  local healthz=
  run() {
    local what=$1 path=$2 auth=$3 out rps p50 p99 errs share
    case $auth in
      api) out=$(wrk -t2 -c16 -d"${SECS}"s --latency -H "Authorization: Bearer $token" "$BASE$path" 2>&1) ;;
      none) out=$(wrk -t2 -c16 -d"${SECS}"s --latency "$BASE$path" 2>&1) ;;
      *) out=$(wrk -t2 -c16 -d"${SECS}"s --latency -H "Cookie: $cookie" "$BASE$path" 2>&1) ;;
    esac
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    p50=$(echo "$out" | awk '$1=="50%" {print $2}')
    p99=$(echo "$out" | awk '$1=="99%" {print $2}')
    errs=$(echo "$out" | grep -E "Non-2xx|Socket errors" | tr '\n' ' ')
    [ -z "$healthz" ] && healthz=$rps
    share=$(python3 -c "print(f'{100*float(\"$rps\")/float(\"$healthz\"):.0f}%')" 2>/dev/null)
    echo "| $what | \`$path\` | $rps | $p50 | $p99 | $share | $errs |"
  }
  run healthz /healthz none
  run "board, first page" "$board" cookie
  run "board, last page" "$board?page=$lastpage" cookie
  # A middle page, the farthest from both ends: by a bare number (skipped to from the nearer
  # end) and as the pager links it, by the key of the thread before it.
  local mid=$(( (lastpage + 1) / 2 )) midkey
  midkey=$(curl -s -H "Cookie: $cookie" "$BASE$board?page=$((mid - 1))" |
    grep -o "href=\"$board?page=$mid&#38;after=[^\"]*\"" | head -1 | sed 's/href="//; s/"$//; s/&#38;/\&/g')
  run "board, middle page ($mid) by number" "$board?page=$mid" cookie
  [ -n "$midkey" ] && run "board, middle page ($mid) by key" "$midkey" cookie
  run "thread, first page ($floors posts)" "/t/$thread" cookie
  run "thread, last page" "/t/$thread?page=$deep" cookie
  run "games lobby" /games cookie
  run "profile" "/u/$(enc "$WHO")" cookie
  run "leaderboard" /leaderboard/deathnote cookie
  run "bell" /notifications cookie
  run "search 狼 (1 char)" "/api/v1/search?q=$(enc 狼)" api
  run "search 狼人 (2)" "/api/v1/search?q=$(enc 狼人)" api
  run "search 预言家查 (4)" "/api/v1/search?q=$(enc 预言家查)" api
  run "search wolf" "/api/v1/search?q=wolf" api
  # The worst case of an index read newest first: a word in no post, every bucket asked.
  run "search xyzzy (in no post)" "/api/v1/search?q=xyzzy" api
  kill $pid
  wait $pid 2>/dev/null
}

for arg in "$@"; do
  bench_one "${arg%%=*}" "${arg#*=}"
done
