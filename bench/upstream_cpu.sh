#!/usr/bin/env bash
# bench/upstream_cpu.sh: what waiting GIPHY calls cost gif-bff in CPU (issue 16 item 5).
# Starts fake-giphy (every API call held for WAIT_MS by a sticky delay fault) and gif-bff pointed at
# it with a long upstream deadline, then for 0 (idle), 1 and 50 waiting calls reads gif-bff's
# utime+stime from /proc/PID/stat over WINDOW seconds. Each call searches a different query so the
# gateway's coalescing cannot merge them. Loopback only; stops only the processes it started.
#   bench/upstream_cpu.sh            # debug build (default: no release build on a shared machine)
#   CONFIG=release bench/upstream_cpu.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-upstream-cpu}"
CONFIG="${CONFIG:-debug}"; WINDOW="${WINDOW:-5}"; WAIT_MS="${WAIT_MS:-8000}"
PORT="${PORT:-28190}"; FAKE_PORT="${FAKE_PORT:-28191}"
(cd "$ROOT" && swift build -c "$CONFIG" --product gif-bff >&2 && swift build -c "$CONFIG" --product fake-giphy >&2)
BIN="$(cd "$ROOT" && swift build -c "$CONFIG" --show-bin-path)"
rm -rf "$WORK" && mkdir -p "$WORK"
source "$(dirname "$0")/servers.sh"

"$BIN/fake-giphy" --port "$FAKE_PORT" >"$WORK/fake.out" 2>&1 & PIDS+=($!)
GIPHY_API_KEY=fake-giphy-key GIPHY_BASE_URL="http://127.0.0.1:$FAKE_PORT/v1" GIF_BFF_PORT=$PORT \
    GIF_BFF_DATABASE="$WORK/bench.sqlite3" GIF_BFF_LOG_LEVEL=error GIF_BFF_CACHE=off \
    GIF_BFF_UPSTREAM_TIMEOUT_SECONDS=60 "$BIN/gif-bff" >"$WORK/gif-bff.log" 2>&1 & BFF=$!; PIDS+=($BFF)
for _ in $(seq 1 200); do
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" 2>/dev/null \
        && curl -fsS -o /dev/null "http://127.0.0.1:$FAKE_PORT/__calls" 2>/dev/null && break
    sleep 0.05
done
# One call first, so connection set-up and lazy initialisation are not counted as waiting.
[ "${WARMUP:-1}" = 1 ] && curl -fsS -o /dev/null "http://127.0.0.1:$PORT/search?q=warmup&limit=1"
curl -fsS -o /dev/null -X POST -H 'Content-Type: application/json' \
    -d "{\"fault\":\"delay\",\"delay_ms\":$WAIT_MS,\"sticky\":true}" "http://127.0.0.1:$FAKE_PORT/__fault"

ticks() { awk '{print $14 + $15}' "/proc/$BFF/stat"; }
HZ=$(getconf CLK_TCK)
measure() { # $1 waiting calls
    local calls=$1 curls=() before after
    for i in $(seq 1 "$calls"); do
        curl -s -o /dev/null -m $((WAIT_MS / 1000 + 10)) "http://127.0.0.1:$PORT/search?q=wait$calls-$i&limit=1" & curls+=($!)
    done
    # Until the fake has every call (they are then all waiting), at most 5 s.
    for _ in $(seq 1 100); do
        local seen; seen=$(curl -fsS "http://127.0.0.1:$FAKE_PORT/__calls" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
        [ "$seen" -ge "$((BASE + calls))" ] && break
        sleep 0.05
    done
    echo "  (the fake has $((seen - BASE)) of $calls calls)"; sleep 0.5
    before=$(ticks); sleep "$WINDOW"; after=$(ticks)
    local used=$((after - before))
    python3 -c "import sys; t,hz,w,n=map(float,sys.argv[1:]); print(f'{int(n):3d} waiting calls: {int(t):5d} ticks in {w:.0f} s = {100*t/hz/w:6.2f}% of a core')" \
        "$used" "$HZ" "$WINDOW" "$calls"
    # The calls end when the fake answers, so the next measurement starts with none waiting.
    [ "$calls" -eq 0 ] || wait "${curls[@]}" 2>/dev/null || true
    BASE=$(curl -fsS "http://127.0.0.1:$FAKE_PORT/__calls" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
}
BASE=$(curl -fsS "http://127.0.0.1:$FAKE_PORT/__calls" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
echo "## gif-bff CPU while GIPHY calls wait ($CONFIG build, CLK_TCK $HZ, fake delay ${WAIT_MS} ms)"
for calls in ${LEVELS:-0 1 50}; do measure "$calls"; done
