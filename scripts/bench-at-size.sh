#!/usr/bin/env bash
# Issue 42, part 4 (first figures): pages of a seeded million-post forum, signed in, SQLite.
# Usage: scripts/bench-at-size.sh target/release/maku DB (a database made by `maku seed`; it is migrated on start).
# Signs in as MAKU_BENCH_USER (default 老王11, a player of `maku seed --seed 1`), then wrk -t2 -c16 -d5s each page.
set -u
BIN=$1; DB=$2; PORT=8099; BASE=http://127.0.0.1:$PORT
$BIN --database-url "$DB" --log warn serve --bind 127.0.0.1:$PORT > /tmp/bench42-server.log 2>&1 &
PID=$!
for i in $(seq 1 600); do curl -sf $BASE/healthz >/dev/null && break; sleep 1; done
echo "server up after ${i}s"
JAR=/tmp/bench42.jar; rm -f $JAR
CSRF=$(curl -s -c $JAR -b $JAR $BASE/login | grep -o 'name="csrf" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//')
curl -s -c $JAR -b $JAR -o /dev/null -w "login %{http_code}\n" --data-urlencode "csrf=$CSRF" --data-urlencode "username=${MAKU_BENCH_USER:-老王11}" --data-urlencode "password=maku-seed-password" $BASE/login
COOKIE=$(sed 's/^#HttpOnly_//' $JAR | awk '!/^#/ && NF>=7 {printf "%s=%s; ", $6, $7}')
TOKEN=$(curl -s -H 'Content-Type: application/json' -d '{"username":"${MAKU_BENCH_USER:-老王11}","password":"maku-seed-password"}' $BASE/api/v1/tokens | python3 -c 'import sys,json; print(json.load(sys.stdin)["token"])')
BOARD=$(curl -s -H "Cookie: $COOKIE" $BASE/ | grep -o 'href="/b/[^"]*"' | head -1 | sed 's/href="//; s/"$//')
LASTPAGE=$(curl -s -H "Cookie: $COOKIE" "$BASE$BOARD" | grep -o 'page=[0-9]*' | sed 's/page=//' | sort -n | tail -1)
THREAD=$(curl -s -H "Cookie: $COOKIE" "$BASE$BOARD" | grep -o 'href="/t/[0-9]*' | head -1 | sed 's/href="//')
enc() { python3 -c 'import sys,urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
run() {
  local name=$1 path=$2 auth=$3
  local out
  if [ "$auth" = api ]; then out=$(wrk -t2 -c16 -d5s --latency -H "Authorization: Bearer $TOKEN" "$BASE$path" 2>&1)
  elif [ "$auth" = none ]; then out=$(wrk -t2 -c16 -d5s --latency "$BASE$path" 2>&1)
  else out=$(wrk -t2 -c16 -d5s --latency -H "Cookie: $COOKIE" "$BASE$path" 2>&1); fi
  local rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  local p50=$(echo "$out" | awk '$1=="50%" {print $2}')
  local p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  local errs=$(echo "$out" | grep -E "Non-2xx|Socket errors" | tr '\n' ' ')
  echo "| $name | \`$path\` | $rps | $p50 | $p99 | $errs |"
}
echo "| what | path | req/s | p50 | p99 | errors |"
echo "|---|---|---:|---:|---:|---|"
run healthz /healthz none
run "board, first page" "$BOARD" cookie
run "board, last page" "$BOARD?page=$LASTPAGE" cookie
run "thread page" "$THREAD" cookie
run "games lobby" /games cookie
run "profile, ~500 finished games" "/u/$(enc ${MAKU_BENCH_USER:-老王11})" cookie
run "leaderboard" /leaderboard/deathnote cookie
run "bell (notifications)" /notifications cookie
run "search 狼 (1 char)" "/api/v1/search?q=$(enc 狼)" api
run "search 狼人 (2)" "/api/v1/search?q=$(enc 狼人)" api
run "search 预言家查 (4)" "/api/v1/search?q=$(enc 预言家查)" api
run "search wolf" "/api/v1/search?q=wolf" api
kill $PID; wait $PID 2>/dev/null
echo "database $(du -h $DB | cut -f1)"
