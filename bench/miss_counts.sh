#!/usr/bin/env bash
# bench/miss_counts.sh: what one GIPHY search miss with its own upstream call costs, counted
# (issue 46 item 7): malloc calls, context switches and system calls per request, beside the CPU
# time, for the miss and for a cached hit of the same page. Counts repeat from run to run where
# bench/miss.sh's CPU µs move by 10-20% on a shared machine, so a small cut shows. (valgrind 3.19's
# callgrind cannot run the Swift binary here: it fails on its DWARF 5, and stripped, in nulgrind
# as well; and this VM has no hardware counters for `perf stat -e instructions`.)
# Run bench/miss.sh first: this reuses its nginx and recorded pages ($MISS_DIR, /tmp/gif-bff-miss).
#
#   bench/miss_counts.sh [path/to/gif-bff]   this checkout's release build by default (root: perf)
#   REQUESTS=400 bench/miss_counts.sh        requests counted per server (the default)
#
# One server at a time (GIF_BFF_CACHE=off for the misses, on for the hit); after a warm-up,
# `perf stat` counts in the server (every thread) task-clock, context-switches and
# raw_syscalls:sys_enter, then (another REQUESTS) a uprobe on libc's malloc, while one curl makes
# REQUESTS requests one after another over one connection: each miss a new word (its own upstream call), each hit the
# same page. "waits" are the voluntary context switches of every thread (/proc/PID/task/*/status):
# a thread going to sleep until work is handed to it (the event loop, Swift's pool, the libcurl
# loop, the bookkeeping thread) or a socket is ready; unlike all context switches (also printed),
# they do not grow with the machine's load. Stops what it starts by PID.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${MISS_DIR:-/tmp/gif-bff-miss}"
BIN="${1:-$ROOT/.build/release/gif-bff}"
REQUESTS="${REQUESTS:-400}"
PORT=28223
[ -f "$WORK/nginx.conf" ] || { echo "run bench/miss.sh first (no $WORK/nginx.conf)" >&2; exit 1; }
source "$(dirname "$0")/servers.sh"
LIBC="$(ldconfig -p | awk '/libc\.so\.6 .*x86-64/ { print $NF; exit }')"
created_probe=0
if ! perf probe -l 2>/dev/null | grep -q "probe_libc:malloc"; then
    perf probe -q -x "$LIBC" malloc
    created_probe=1
fi
trap 'cleanup; [ "$created_probe" = 1 ] && perf probe -q -d probe_libc:malloc' EXIT

nginx -p "$WORK/nginx" -c "$WORK/nginx.conf" -e "$WORK/nginx/logs/error.log" & PIDS+=($!)
wait_up "http://127.0.0.1:28200/healthz"

urls() {  # PATH TAG: curl's config for REQUESTS urls; "-TAG-N" is added to a miss's query
    for n in $(seq 1 "$REQUESTS"); do
        if [ "$TAG" = hit ]; then echo "url = \"http://127.0.0.1:$PORT$1\""; else echo "url = \"http://127.0.0.1:$PORT$1-$2-$n\""; fi
        echo "output = /dev/null"
    done
}
# Voluntary context switches of every thread: a thread waiting (for work handed over, a socket,
# a lock). Unlike involuntary ones (preemption), their count does not depend on the machine's load.
waits() { cat /proc/"$1"/task/*/status | awk '/^voluntary_ctxt_switches/ { sum += $2 } END { print sum + 0 }'; }
measure() {  # TAG CACHE PATH
    TAG=$1
    rm -f "$WORK/counts.sqlite3"*
    GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/counts.sqlite3" GIF_BFF_CACHE="$2" GIF_BFF_CACHE_FRESH_SECONDS=86400 \
        GIPHY_API_KEY=bench-key GIPHY_BASE_URL="http://127.0.0.1:28200/v1" "$BIN" 2>"$WORK/counts.log" >/dev/null & local server=$!
    PIDS+=($server)
    wait_up "http://127.0.0.1:$PORT/healthz"
    urls "$3" warm | curl -fsS -K - >/dev/null
    urls "$3" counted >"$WORK/counts.urls"
    # Twice: the malloc probe traps into the kernel at every call, which the CPU time must not count.
    local before
    before=$(waits "$server")
    perf stat -x, -e task-clock,context-switches,raw_syscalls:sys_enter -p "$server" -o "$WORK/counts.$TAG" \
        -- curl -fsS -K "$WORK/counts.urls" >/dev/null
    echo "$(( $(waits "$server") - before )),,waits" >>"$WORK/counts.$TAG"
    urls "$3" probed >"$WORK/counts.urls"
    perf stat -x, -e probe_libc:malloc -p "$server" -o "$WORK/counts.$TAG.malloc" -- curl -fsS -K "$WORK/counts.urls" >/dev/null
    cat "$WORK/counts.$TAG.malloc" >>"$WORK/counts.$TAG"
    kill "$server"; wait "$server" 2>/dev/null || true
    python3 - "$WORK/counts.$TAG" "$TAG" "$REQUESTS" <<'PY'
import sys
counts = {}
for line in open(sys.argv[1]):
    fields = line.strip().split(",")
    if len(fields) > 2 and fields[0] and fields[0][0].isdigit():
        counts[fields[2]] = float(fields[0])
n = int(sys.argv[3])
print(f"{sys.argv[2]:<5} {1000 * counts['task-clock'] / n:8.0f} µs CPU  {counts['probe_libc:malloc'] / n:8.1f} mallocs  "
      f"{counts['waits'] / n:6.1f} waits ({counts['context-switches'] / n:.1f} context switches)  "
      f"{counts['raw_syscalls:sys_enter'] / n:6.1f} syscalls  per request")
PY
}
echo "$BIN: $REQUESTS requests each, one after another over one connection; $(lscpu | sed -n 's/^Model name: *//p'), loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
measure miss off "/search?limit=25&q=word"
measure hit on "/search?q=cat&limit=25"
