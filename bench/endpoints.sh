#!/usr/bin/env bash
# bench/endpoints.sh: the endpoints the apps call, on the real gif-bff executable, in one run.
#
#   bench/endpoints.sh                          this checkout's release build alone
#   BASELINE=/path/to/other/gif-bff bench/endpoints.sh
#                                               beside another build (an older commit, say), in
#                                               interleaved rounds, with the ratio new/baseline
#   NEW_BIN=/path/to/gif-bff bench/endpoints.sh  that binary instead of building this checkout
#   CONNS="64" ROUNDS=1 DURATION=4 bench/endpoints.sh     a quicker look
#
# Each server runs in demo mode (the in-process fake GIPHY) on its own empty database, with
# 20 favorites added through the API and every measured answer cached first (fresh for an hour,
# so the whole run measures cached reads). Endpoints: /healthz, /gif/{id}, the default
# /search?q=cat page, /trending?limit=24 and /favorites (20). Figures come from
# ../shared/peers/bench.sh: medians of interleaved wrk rounds, p50/p99, bytes per answer.
# Every server it starts is stopped by PID. Loopback only; every load is bounded in time.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PEERS="${PEERS_DIR:-$ROOT/../shared/peers}"
WORK="${BENCH_DIR:-/tmp/gif-bff-endpoints}"
CONNS="${CONNS:-64 512}"; ROUNDS="${ROUNDS:-3}"; DURATION="${DURATION:-6}"; WARMUP="${WARMUP:-2}"
NEW_PORT=28180; BASE_PORT=28181

[ -x "$PEERS/bench.sh" ] || { echo "peers not found at $PEERS (set PEERS_DIR)" >&2; exit 1; }
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

source "$(dirname "$0")/servers.sh"


if [ -n "${NEW_BIN:-}" ]; then
    [ -x "$NEW_BIN" ] || { echo "not an executable: $NEW_BIN" >&2; exit 1; }
else
    echo "# building (release)" >&2
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    NEW_BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi

rm -rf "$WORK" && mkdir -p "$WORK/out"

# Started in this shell (not a command substitution), so the clean-up's `wait` waits for it.
start() {  # NAME BINARY PORT; its PID goes into PIDS and STARTED
    GIF_BFF_PORT=$3 GIF_BFF_DATABASE="$WORK/$1.sqlite3" GIF_BFF_CACHE_FRESH_SECONDS=3600 GIF_BFF_MAX_CONNECTIONS_PER_CLIENT=0 \
        env -u GIPHY_API_KEY "$2" 2>"$WORK/$1.log" >/dev/null &
    STARTED=$!; PIDS+=("$STARTED")
}

# 20 favorites from a search, then every measured answer once, so the runs read the cache.
# Any failure stops the run (set -e does not reach into a command substitution).
prepare() {  # PORT -> prints the id used for /gif/{id}
    set -e
    local base="http://127.0.0.1:$1" ids id
    ids=$(curl -fsS "$base/search?q=dog&limit=20" | python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)["data"]))')
    for id in $ids; do
        curl -fsS -o /dev/null -H 'Content-Type: application/json' -d "{\"id\":\"$id\"}" "$base/favorites"
    done
    id=$(curl -fsS "$base/search?q=cat&limit=24" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')
    curl -fsS -o /dev/null "$base/trending?limit=24"
    curl -fsS -o /dev/null "$base/gif/$id"
    [ -n "$id" ] && echo "$id"
}

start new "$NEW_BIN" $NEW_PORT; NEW_PID=$STARTED
wait_up "http://127.0.0.1:$NEW_PORT/healthz"
GIF_ID=$(prepare $NEW_PORT) || { echo "preparing the new build's server failed" >&2; exit 1; }
if [ -n "${BASELINE:-}" ]; then
    start baseline "$BASELINE" $BASE_PORT; BASE_PID=$STARTED
    wait_up "http://127.0.0.1:$BASE_PORT/healthz"
    base_id=$(prepare $BASE_PORT) || { echo "preparing the baseline's server failed" >&2; exit 1; }
    [ "$base_id" = "$GIF_ID" ] || echo "note: the two builds' first cat GIF differ" >&2
fi
favorites=$(curl -fsS "http://127.0.0.1:$NEW_PORT/favorites" | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')
echo "machine: $(nproc) cores, $(uname -r); loadavg $(cut -d' ' -f1-3 /proc/loadavg); favorites: $favorites"

for c in $CONNS; do
    for path in /healthz "/gif/$GIF_ID" "/search?q=cat&limit=24" "/trending?limit=24" /favorites; do
        echo; echo "## GET $path, $c connections"
        targets=("new=http://127.0.0.1:$NEW_PORT$path@$NEW_PID")
        [ -n "${BASELINE:-}" ] && targets+=("baseline=http://127.0.0.1:$BASE_PORT$path@$BASE_PID")
        "$PEERS/bench.sh" -c "$c" -d "$DURATION" -w "$WARMUP" -r "$ROUNDS" -o "$WORK/out" \
            ${BASELINE:+-b baseline} "${targets[@]}" 2>/dev/null
    done
done
