#!/usr/bin/env bash
# bench/miss_profile.sh: where a GIPHY search miss with its own upstream call spends its CPU
# (issue 46 item 7). Run bench/miss.sh first: this reuses its nginx and recorded pages
# ($MISS_DIR, /tmp/gif-bff-miss), starts one gif-bff (GIF_BFF_CACHE=off) against them, drives it
# with every request a new word (bench/distinct_queries.lua, wrk -t1 -c8) and samples it with
# `perf record -g` for PROFILE_SECONDS; then prints the share of the samples under each stage of a
# miss (the mapping, the JSON reader, the page writer, the upstream call's URL, libcurl, SQLite,
# the kernel). Every process it starts is stopped by PID.
#
#   bench/miss_profile.sh [path/to/gif-bff]        this checkout's release build by default
#   PROVIDER=unsplash bench/miss_profile.sh        an Unsplash search miss (30 photos) instead
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${MISS_DIR:-/tmp/gif-bff-miss}"
BIN="${1:-$ROOT/.build/release/gif-bff}"
SECONDS_SAMPLED="${PROFILE_SECONDS:-6}"
PORT=28213
[ -f "$WORK/nginx.conf" ] || { echo "run bench/miss.sh first (no $WORK/nginx.conf)" >&2; exit 1; }
command -v perf >/dev/null || { echo "perf is not installed" >&2; exit 1; }
source "$(dirname "$0")/servers.sh"

nginx -p "$WORK/nginx" -c "$WORK/nginx.conf" -e "$WORK/nginx/logs/error.log" & PIDS+=($!)
wait_up "http://127.0.0.1:28200/healthz"
rm -f "$WORK/profile.sqlite3"*
GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/profile.sqlite3" GIF_BFF_CACHE=off GIF_BFF_UNSPLASH_BUDGET_PER_HOUR=0 \
    GIPHY_API_KEY=bench-key GIPHY_BASE_URL="http://127.0.0.1:28200/v1" \
    UNSPLASH_ACCESS_KEY=bench-key UNSPLASH_BASE_URL="http://127.0.0.1:28200" "$BIN" 2>"$WORK/profile.log" >/dev/null & SERVER=$!
PIDS+=($SERVER)
wait_up "http://127.0.0.1:$PORT/healthz"
if [ "${PROVIDER:-giphy}" = unsplash ]; then search="/search?provider=unsplash&limit=30&q="; else search="/search?limit=25&q="; fi
url="http://127.0.0.1:$PORT${search}cat"
wrk -t1 -c8 -d2s -s "$ROOT/bench/distinct_queries.lua" "$url" -- "${search}warm" >/dev/null
wrk -t1 -c8 -d"$((SECONDS_SAMPLED + 2))s" -s "$ROOT/bench/distinct_queries.lua" "$url" -- "${search}profile" >"$WORK/profile.wrk" &
LOAD=$!; PIDS+=($LOAD)
sleep 1
perf record -F 999 -g -p "$SERVER" -o "$WORK/profile.data" -- sleep "$SECONDS_SAMPLED" >/dev/null 2>&1
wait "$LOAD" || true
grep -E 'requests in|Requests/sec' "$WORK/profile.wrk"
perf script -i "$WORK/profile.data" -F ip,sym,dso 2>/dev/null | python3 -c '
import sys
stacks, current = [], []
for line in sys.stdin:
    line = line.strip()
    if not line:
        if current: stacks.append(current); current = []
        continue
    current.append(line)
if current: stacks.append(current)
stages = [  # (label, a mangled-name or library fragment), first match from the leaf outwards wins
    ("GIPHY mapping (GIFMapping.gif)", "GIFMappingO3gify"),
    ("Unsplash mapping (PhotoMapping)", "PhotoMapping"),
    ("JSON reader (JSONDocument parsing)", "JSONDocumentC7parsing"),
    ("page writer (PageJSON.write)", "PageJSONV5write2to"),
    ("upstream URL (GiphyEndpoint.url)", "EndpointV3url"),
    ("libcurl", "libcurl"),
    ("SQLite (bookkeeping writes)", "libsqlite3"),
]
counts = {label: 0 for label, _ in stages}
kernel = other = 0
for stack in stacks:
    for label, fragment in stages:
        if any(fragment in frame for frame in stack):
            counts[label] += 1
            break
    else:
        if "kernel" in stack[0]: kernel += 1
        else: other += 1
total = max(1, len(stacks))
for label, count in counts.items(): print(f"{100 * count / total:5.1f}%  {label}")
print(f"{100 * kernel / total:5.1f}%  kernel, outside the stages above (sockets, scheduling, futexes)")
print(f"{100 * other / total:5.1f}%  the rest (event loop, tasks and threads, request parsing, bookkeeping)")
print(f"{total} samples")'
