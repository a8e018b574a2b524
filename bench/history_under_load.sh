#!/usr/bin/env bash
# bench/history_under_load.sh: how long GET /search/history takes while wrk alternates two cached
# searches (each answer queues a history write), and how many bookkeeping writes were dropped.
#
#   bench/history_under_load.sh                    the worktree's release build
#   BIN=/path/to/gif-bff bench/history_under_load.sh    another build (an older commit's), to compare
#   CONNECTIONS=64 SECONDS_UNDER_LOAD=20 bench/history_under_load.sh
#
# Each second under load, a search never made before (a miss: it queues a cached-answer write and
# a call-log write, which a flood of history writes must not crowd out), then a timed history read.
# Prints each history read's time (curl), their median and worst, the idle read before the load,
# wrk's summary, the misses made and the bookkeeping counters from /metrics. Demo mode (no keys),
# loopback only; bounded: SECONDS_UNDER_LOAD seconds of wrk, one miss and one read a second.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-history-load}"
PORT="${PORT:-28380}"; CONNECTIONS="${CONNECTIONS:-64}"; SECONDS_UNDER_LOAD="${SECONDS_UNDER_LOAD:-20}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
rm -rf "$WORK" && mkdir -p "$WORK"
source "$(dirname "$0")/servers.sh"
BASE="http://127.0.0.1:$PORT"
# A budget, so that each upstream call queues a call-log write.
env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/db.sqlite3" \
    GIF_BFF_UPSTREAM_BUDGET_PER_HOUR=10000 GIF_BFF_LOG_LEVEL=warning "$BIN" 2>"$WORK/gif-bff.log" & PIDS+=($!)
wait_up "$BASE/healthz"
# Both pages cached before the load: the load measures the history writes, not upstream calls.
for q in cats dogs; do curl -fsS -o /dev/null "$BASE/search?q=$q"; done
read_history() { curl -s -o /dev/null -w '%{time_total}\n' "$BASE/search/history"; }
echo "idle history read: $(read_history) s"

wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_UNDER_LOAD}s" -s "$ROOT/bench/alternating_searches.lua" "$BASE" >"$WORK/wrk.txt" &
WRK_PID=$!; PIDS+=($WRK_PID)
: >"$WORK/reads.txt"
end=$((SECONDS + SECONDS_UNDER_LOAD))
sleep 1
misses=0
while [ $SECONDS -lt $end ] && kill -0 $WRK_PID 2>/dev/null; do
    misses=$((misses + 1))
    curl -s -o /dev/null "$BASE/search?q=fresh%20$misses"
    read_history | tee -a "$WORK/reads.txt"
    sleep 1
done
wait $WRK_PID || true
echo "## wrk ($CONNECTIONS connections, ${SECONDS_UNDER_LOAD} s)"
grep -E "Requests/sec|requests in|Non-2xx|Socket errors" "$WORK/wrk.txt" || true
echo "## history reads under load (s)"
python3 - "$WORK/reads.txt" <<'PY'
import statistics, sys
times = [float(line) for line in open(sys.argv[1]) if line.strip()]
print(f"reads {len(times)}  median {statistics.median(times):.4f}  max {max(times):.4f}" if times else "no reads")
PY
echo "## searches never made before, under load: $misses (each queued a response_cache and a call_log write)"
echo "## /metrics"
curl -fsS "$BASE/metrics" | grep -E '^gif_bff_(bookkeeping|upstream_calls_total)' || true
