#!/usr/bin/env bash
# bench/miss_ab.sh: two builds' CPU per own-call search miss (issue 46 item 7), paired round by
# round. Run bench/miss.sh first: this reuses its nginx and recorded pages ($MISS_DIR,
# /tmp/gif-bff-miss). Both builds run at once (GIF_BFF_CACHE=off, real keys pointed at nginx); each
# round measures one, then the other, in ABBA order (so the machine's drift falls on both alike),
# with every request a new word (bench/distinct_queries.lua, wrk -t2 -c16). Per round it reads the
# server's utime+stime (/proc/PID/stat) over the run and divides by the requests wrk completed;
# it prints each build's CPU µs per request per round, their medians, and the median of the
# per-round ratios B/A: on a shared machine the paired ratio moves less than either median.
# Every process it starts is stopped by PID.
#
#   bench/miss_ab.sh OLD_BIN NEW_BIN                 12 rounds of 3 s, GIPHY's 25-GIF search
#   ROUNDS=16 DURATION=4 PROVIDER=unsplash bench/miss_ab.sh OLD_BIN NEW_BIN
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${MISS_DIR:-/tmp/gif-bff-miss}"
A_BIN=$1; B_BIN=$2; ROUNDS="${ROUNDS:-12}"; DURATION="${DURATION:-3}"
A_PORT=28231; B_PORT=28232
[ -f "$WORK/nginx.conf" ] || { echo "run bench/miss.sh first (no $WORK/nginx.conf)" >&2; exit 1; }
source "$(dirname "$0")/servers.sh"

nginx -p "$WORK/nginx" -c "$WORK/nginx.conf" -e "$WORK/nginx/logs/error.log" & PIDS+=($!)
wait_up "http://127.0.0.1:28200/healthz"
start() {  # NAME PORT BINARY; its PID in STARTED
    rm -f "$WORK/ab-$1.sqlite3"*
    GIF_BFF_PORT=$2 GIF_BFF_DATABASE="$WORK/ab-$1.sqlite3" GIF_BFF_CACHE=off GIF_BFF_UNSPLASH_BUDGET_PER_HOUR=0 \
        GIPHY_API_KEY=bench-key GIPHY_BASE_URL="http://127.0.0.1:28200/v1" \
        UNSPLASH_ACCESS_KEY=bench-key UNSPLASH_BASE_URL="http://127.0.0.1:28200" "$3" 2>"$WORK/ab-$1.log" >/dev/null &
    STARTED=$!; PIDS+=("$STARTED")
}
start a $A_PORT "$A_BIN"; A_PID=$STARTED
start b $B_PORT "$B_BIN"; B_PID=$STARTED
wait_up "http://127.0.0.1:$A_PORT/healthz"; wait_up "http://127.0.0.1:$B_PORT/healthz"
if [ "${PROVIDER:-giphy}" = unsplash ]; then search="/search?provider=unsplash&limit=30&q="; else search="/search?limit=25&q="; fi
echo "machine: $(nproc) cores; $(lscpu | sed -n 's/^Model name: *//p'); loadavg $(cut -d' ' -f1-3 /proc/loadavg); ${PROVIDER:-giphy}, $ROUNDS rounds of ${DURATION}s"

load() {  # PORT WORD-PREFIX SECONDS: wrk's completed requests
    wrk -t2 -c16 -d"$3s" -s "$ROOT/bench/distinct_queries.lua" "http://127.0.0.1:$1${search}x" -- "${search}$2" | awk '/requests in/ { print $1 }'
}
measure() {  # NAME PORT PID ROUND
    local before after requests
    before=$(awk '{ print $14 + $15 }' "/proc/$3/stat")
    requests=$(load "$2" "$1r$4" "$DURATION")
    after=$(awk '{ print $14 + $15 }' "/proc/$3/stat")
    echo "$1 $4 $(( (after - before) * 1000000 / $(getconf CLK_TCK) )) $requests"
}
load $A_PORT awarm 2 >/dev/null; load $B_PORT bwarm 2 >/dev/null
for round in $(seq 1 "$ROUNDS"); do
    if (( round % 2 )); then
        measure a $A_PORT "$A_PID" "$round"; measure b $B_PORT "$B_PID" "$round"
    else
        measure b $B_PORT "$B_PID" "$round"; measure a $A_PORT "$A_PID" "$round"
    fi
done | python3 -c '
import statistics, sys
cpu = {"a": {}, "b": {}}
for name, round_, micros, requests in (line.split() for line in sys.stdin):
    cpu[name][int(round_)] = int(micros) / max(1, int(requests))
rounds = sorted(cpu["a"])
ratios = [cpu["b"][r] / cpu["a"][r] for r in rounds]
for name in "ab":
    print(f"{name.upper()} CPU us/req per round:", ", ".join(f"{cpu[name][r]:.0f}" for r in rounds))
medians = [statistics.median(cpu[name].values()) for name in "ab"]
print(f"median A {medians[0]:.0f} us, median B {medians[1]:.0f} us; "
      f"median of the per-round B/A {statistics.median(ratios):.3f} (B below A in {sum(r < 1 for r in ratios)} of {len(ratios)} rounds)")'
