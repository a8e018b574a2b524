#!/usr/bin/env bash
# bench/slow_disk.sh: gif-bff on a slow disk (every write to its database or WAL file 100 ms
# slower, through bench/slow_write_shim.c in LD_PRELOAD), right after a start, while users add
# favorites: how long /healthz, GET /favorites, a search never made before and a search whose page
# is in the database's cache take. The tests show the same with a VFS inside the process
# (SlowDiskTests); this measures the real executable.
#
#   bench/slow_disk.sh                    the worktree's release build
#   BIN=/path/to/gif-bff bench/slow_disk.sh    another build (an older commit's, say), to compare
#   ROUNDS=5 ADDERS=4 SLOW_WRITE_MS=100 bench/slow_disk.sh
#
# Prints each request's time, then per request kind the median and the worst. Demo mode, loopback
# only; bounded: ROUNDS rounds of 4 requests, ADDERS clients adding 2 favorites each.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-slow-disk}"
PORT="${PORT:-28280}"; ROUNDS="${ROUNDS:-5}"; ADDERS="${ADDERS:-4}"
export SLOW_WRITE_MS="${SLOW_WRITE_MS:-100}"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
rm -rf "$WORK" && mkdir -p "$WORK"
cc -shared -fPIC -O2 -o "$WORK/slow_write_shim.so" "$ROOT/bench/slow_write_shim.c" -ldl
source "$(dirname "$0")/servers.sh"
BASE="http://127.0.0.1:$PORT"
start() {  # [LD_PRELOAD value]
    env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY LD_PRELOAD="${1:-}" GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/db.sqlite3" \
        GIF_BFF_LOG_LEVEL=warning "$BIN" 2>>"$WORK/gif-bff.log" & GIF_PID=$!; PIDS+=($GIF_PID)
    wait_up "$BASE/healthz"
}
timed() {  # LABEL URL: prints "LABEL seconds status"
    curl -sS -o /dev/null -w "$1 %{time_total} %{http_code}\n" "$2"
}

# Before: a fast disk, 3 favorites and a cached search, then a clean stop.
start
ids=($(curl -fsS "$BASE/trending?limit=$((3 + ADDERS * 2))" | python3 -c 'import json,sys; print(" ".join(i["id"] for i in json.load(sys.stdin)["data"]))'))
for id in "${ids[@]:0:3}"; do curl -fsS -o /dev/null -H 'Content-Type: application/json' -d "{\"id\":\"$id\"}" "$BASE/favorites"; done
curl -fsS -o /dev/null "$BASE/search?q=kept%20in%20the%20cache"
kill "$GIF_PID"; wait "$GIF_PID" 2>/dev/null || true

# A fresh start on the slow disk; ADDERS clients add favorites meanwhile.
start "$WORK/slow_write_shim.so"
echo "# $BIN, writes +${SLOW_WRITE_MS} ms, $ADDERS clients adding 2 favorites each; loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
adders=()
for ((a = 0; a < ADDERS; a++)); do
    ( for id in "${ids[@]:$((3 + a * 2)):2}"; do
          curl -sS -o /dev/null -w "add %{time_total} %{http_code}\n" -H 'Content-Type: application/json' -d "{\"id\":\"$id\"}" "$BASE/favorites"
      done ) >"$WORK/adds.$a.txt" & adders+=($!)
done
sleep 0.2
: >"$WORK/reads.txt"
for ((round = 1; round <= ROUNDS; round++)); do
    { timed healthz "$BASE/healthz"; timed favorites "$BASE/favorites"
      timed new_search "$BASE/search?q=never%20searched%20$round"; timed cached_search "$BASE/search?q=kept%20in%20the%20cache"; } >>"$WORK/reads.txt"
    sleep 0.3
done
for pid in "${adders[@]}"; do wait "$pid"; done
cat "$WORK/reads.txt" "$WORK"/adds.*.txt
echo "# request: median ms, worst ms (n)"
cat "$WORK/reads.txt" "$WORK"/adds.*.txt | python3 -c '
import statistics, sys
times = {}
for line in sys.stdin:
    kind, seconds, status = line.split()
    times.setdefault(kind, []).append(float(seconds))
for kind, values in times.items():
    print(f"{kind}: {statistics.median(values) * 1000:.1f} {max(values) * 1000:.1f} ({len(values)})")'
