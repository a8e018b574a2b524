#!/usr/bin/env bash
# bench/demo_search.sh: what a new demo search costs (issue 32.3: the demo catalogs served
# in-process, where a search went over loopback TCP and JSON to a fake in the same process).
#
#   bench/demo_search.sh BIN [BIN...]   prints, per binary and run: the median, p90 and worst time
#                                       (curl's time_total, ms) of 200 distinct GIPHY searches and
#                                       200 distinct Unsplash searches, none cached before
#   RUNS=3 (default)                    runs per binary, interleaved (BIN1, BIN2, BIN1, ...)
#
# Each run starts the binary in demo mode (no keys, no Unsplash budget) on a fresh database and a
# free loopback port; the searches come one at a time from one client (curl, a new connection
# each). 200 distinct: 5 queries x 40 limits (GIPHY 11-50; Unsplash 11-30 x relevant/latest), so
# every one is a cache miss that reaches the provider. The server is stopped by PID.
set -euo pipefail
[ $# -ge 1 ] || { sed -n 2,14p "$0"; exit 2; }
RUNS="${RUNS:-3}"

run() {
    local bin="$1" work pid base
    work="$(mktemp -d /tmp/gif-bff-demo-search.XXXXXX)"
    : >"$work/server.log"
    env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY "$bin" --host 127.0.0.1 --port 0 --database "$work/db.sqlite3" \
        --log-level info --unsplash-budget-per-hour 0 >"$work/server.log" 2>&1 &
    pid=$!
    base=""
    for _ in $(seq 1 100); do
        base=$(grep -o 'url=http://127\.0\.0\.1:[0-9]*' "$work/server.log" | head -1 | cut -d= -f2 || true)
        [ -n "$base" ] && curl -fsS "$base/healthz" >/dev/null 2>&1 && break
        base=""
        sleep 0.1
    done
    if [ -z "$base" ]; then cat "$work/server.log" >&2; kill "$pid"; wait "$pid" 2>/dev/null || true; exit 1; fi
    local targets=()
    for q in cat dogs happy party love; do
        for limit in $(seq 11 50); do targets+=("/search?q=$q&limit=$limit"); done
    done
    for q in mountain cat city beach forest; do
        for order in relevant latest; do
            for limit in $(seq 11 30); do targets+=("/search?q=$q&provider=unsplash&order_by=$order&limit=$limit"); done
        done
    done
    for target in "${targets[@]}"; do
        curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$base$target"
    done >"$work/times"
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    python3 - "$bin" "$work/times" <<'PY'
import statistics, sys
lines = [line.split() for line in open(sys.argv[2])]
assert all(code == "200" for code, _ in lines), "a search failed"
for name, part in (("giphy", lines[:200]), ("unsplash", lines[200:])):
    ms = sorted(float(t) * 1000 for _, t in part)
    p90 = ms[int(len(ms) * 0.9) - 1]
    print(f"{sys.argv[1]}  {name:8}  n={len(ms)}  median {statistics.median(ms):6.2f} ms  p90 {p90:6.2f} ms  max {ms[-1]:6.2f} ms")
PY
    rm -rf "$work"
}

for _ in $(seq 1 "$RUNS"); do
    for bin in "$@"; do run "$bin"; done
done
