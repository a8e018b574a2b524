#!/usr/bin/env bash
# bench/cache.sh: what the response cache saves, on a loopback gif-bff in demo mode (no network).
#   1. upstream calls made for 1,000 searches drawn from a skewed mix of 100 queries;
#   2. p50/p99 of a cached GET /search at 64 connections (wrk, 3 rounds), beside the same
#      search with the cache turned off (every request goes through the GIPHY client to the fake).
# Starts and stops its own servers by PID; loopback only; bounded in time.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-cache-bench}"
PORT=28180; NOCACHE_PORT=28181
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
(cd "$ROOT" && swift build -c release --product gif-bff >&2)
BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)"
rm -rf "$WORK" && mkdir -p "$WORK"
source "$(dirname "$0")/servers.sh"
GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/cache.sqlite3" GIF_BFF_LOG_LEVEL=warning "$BIN/gif-bff" 2>"$WORK/cache.log" & PIDS+=($!)
GIF_BFF_PORT=$NOCACHE_PORT GIF_BFF_DATABASE="$WORK/nocache.sqlite3" GIF_BFF_LOG_LEVEL=warning GIF_BFF_CACHE=off "$BIN/gif-bff" 2>"$WORK/nocache.log" & PIDS+=($!)
for port in $PORT $NOCACHE_PORT; do
    for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break; sleep 0.05; done
done

echo "## upstream calls for skewed searches"
python3 "$ROOT/bench/skewed_searches.py" $PORT 1000

echo; echo "## GET /search?q=cats&limit=24 at 64 connections (wrk -t2 -c64 -d8s, median of 3)"
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/search?q=cats&limit=24"
for name in cached uncached; do
    port=$PORT; [ "$name" = uncached ] && port=$NOCACHE_PORT
    for round in 1 2 3; do
        wrk -t2 -c64 -d8s --latency "http://127.0.0.1:$port/search?q=cats&limit=24" >"$WORK/$name.$round.txt"
    done
    python3 - "$WORK" "$name" <<'PY'
import re, statistics, sys
work, name = sys.argv[1], sys.argv[2]
def ms(v):
    n, u = re.fullmatch(r"([0-9.]+)(us|ms|s)", v).groups()
    return float(n) * {"us": 0.001, "ms": 1, "s": 1000}[u]
rows = []
for r in (1, 2, 3):
    text = open(f"{work}/{name}.{r}.txt").read()
    rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", text).group(1))
    p50 = ms(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1))
    p99 = ms(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    rows.append((rps, p50, p99, int(bad.group(1)) if bad else 0))
print(f"{name:9} req/s {statistics.median(r[0] for r in rows):8.0f}  p50 {statistics.median(r[1] for r in rows):6.2f} ms"
      f"  p99 {statistics.median(r[2] for r in rows):6.2f} ms  non-2xx {sum(r[3] for r in rows)}")
PY
done
