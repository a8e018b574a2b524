#!/usr/bin/env bash
# bench/token_cpu.sh: what an install's token costs per request (issue 34 item 2). GET /favorites
# (20 favorites) of the local install (no token) and of an install (Authorization: Bearer, its
# token), CPU per request from /proc (bench/cpu_per_request.py), on this build and optionally
# BASELINE beside it, interleaved in one run. The two lists are checked to be the same bytes.
#
#   bench/token_cpu.sh                                        the worktree's release build
#   BASELINE=/work/bin/gif-bff-2dcbc33 bench/token_cpu.sh     beside another build
#   BIN=/path/to/gif-bff ROUNDS=5 DURATION=4 CONNS=64 bench/token_cpu.sh
#
# Demo mode, loopback only; bounded: ROUNDS x targets x (WARMUP + DURATION) seconds of wrk.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-token-cpu}"
PORT="${PORT:-28390}"; ROUNDS="${ROUNDS:-5}"; DURATION="${DURATION:-4}"; WARMUP="${WARMUP:-1}"; CONNS="${CONNS:-64}"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
[ -z "${BASELINE:-}" ] || [ -x "$BASELINE" ] || { echo "BASELINE is not an executable: $BASELINE" >&2; exit 1; }
source "$(dirname "$0")/servers.sh"
rm -rf "$WORK" && mkdir -p "$WORK"

TARGETS=()
serve() {  # NAME BINARY PORT: starts it, adds the same 20 favorites to the local install and to a new one
    local base="http://127.0.0.1:$3" token ids id
    env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY GIF_BFF_PORT=$3 GIF_BFF_DATABASE="$WORK/$1.sqlite3" \
        GIF_BFF_MAX_CONNECTIONS=12000 GIF_BFF_MAX_CONNECTIONS_PER_CLIENT=0 GIF_BFF_CACHE_FRESH_SECONDS=86400 "$2" 2>"$WORK/$1.log" & local pid=$!; PIDS+=($pid)
    wait_up "$base/healthz"
    token=$(curl -fsS -X POST "$base/installs" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    ids=$(curl -fsS "$base/search?q=dog&limit=20" | python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)["data"]))')
    for id in $ids; do
        curl -fsS -o /dev/null -H 'Content-Type: application/json' -d "{\"id\":\"$id\"}" "$base/favorites"
        curl -fsS -o /dev/null -H 'Content-Type: application/json' -H "Authorization: Bearer $token" -d "{\"id\":\"$id\"}" "$base/favorites"
    done
    # The same list, added_at left out: the two adds of an item can fall in different seconds.
    cmp <(curl -fsS "$base/favorites" | sed 's/"added_at":"[^"]*"//g') \
        <(curl -fsS -H "Authorization: Bearer $token" "$base/favorites" | sed 's/"added_at":"[^"]*"//g')
    TARGETS+=("/favorites local|$1|$pid||$base/favorites" "/favorites install|$1|$pid|Authorization: Bearer $token|$base/favorites")
}
[ -z "${BASELINE:-}" ] || serve baseline "$BASELINE" $((PORT + 1))
serve gif-bff "$BIN" "$PORT"
echo "GET /favorites (20 favorites): the local install's (no token) and an install's (its token)"
PERF_EVENT=off python3 "$ROOT/bench/cpu_per_request.py" "$WORK/out" "$CONNS" "$ROUNDS" "$DURATION" "$WARMUP" "${TARGETS[@]}"
