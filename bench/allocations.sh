#!/usr/bin/env bash
# bench/allocations.sh: libc malloc calls per cached request, for the endpoints the apps call.
# Unlike timings on a shared machine, the count repeats from run to run: a change to the hot path
# shows here first.
#
#   bench/allocations.sh            (root: it places a perf uprobe on libc's malloc, and removes it)
#
# Starts a release gif-bff in demo mode on loopback, adds 20 favorites, fetches each answer once
# so it is cached, then for each endpoint counts malloc calls in the server (perf stat on the
# probe) while wrk sends keep-alive requests on one connection for 2 s, and prints calls per
# request. The server is stopped by PID.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PORT="${PORT:-28075}"
WORK="$(mktemp -d /tmp/gif-bff-allocations.XXXXXX)"
for tool in perf wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done
LIBC="$(ldconfig -p | awk '/libc\.so\.6 .*x86-64/ { print $NF; exit }')"

(cd "$ROOT" && swift build -c release --product gif-bff >&2)
BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)"

created_probe=0
if ! perf probe -l 2>/dev/null | grep -q "probe_libc:malloc"; then
    perf probe -q -x "$LIBC" malloc
    created_probe=1
fi
SERVER_PID=""
cleanup() {
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    [ "$created_probe" = 1 ] && perf probe -q -d probe_libc:malloc
    rm -rf "$WORK"
}
trap cleanup EXIT

GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/db.sqlite3" GIF_BFF_CACHE_FRESH_SECONDS=86400 \
    env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY "$BIN/gif-bff" 2>"$WORK/server.log" &
SERVER_PID=$!
GIF="http://127.0.0.1:$PORT"
for _ in $(seq 1 100); do curl -fsS -o /dev/null "$GIF/healthz" 2>/dev/null && break; sleep 0.1; done

for id in $(curl -fsS "$GIF/search?q=dog&limit=20" | python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)["data"]))'); do
    curl -fsS -o /dev/null -H 'Content-Type: application/json' -d "{\"id\":\"$id\"}" "$GIF/favorites"
done
gif_id=$(curl -fsS "$GIF/search?q=cat" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')

echo "mallocs per request (one keep-alive connection, 2 s each; $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'))"
for path in "/search?q=cat" /trending "/gif/$gif_id" /favorites /healthz; do
    curl -fsS -o /dev/null "$GIF$path"
    perf stat -x, -e probe_libc:malloc -p "$SERVER_PID" -o "$WORK/stat.txt" -- sleep 2.5 &
    stat_pid=$!
    sleep 0.2
    requests=$(wrk -t1 -c1 -d2s "$GIF$path" | awk '/requests in/ { print $1 }')
    wait "$stat_pid"
    calls=$(awk -F, '/probe_libc:malloc/ { print $1 }' "$WORK/stat.txt")
    awk -v p="$path" -v c="$calls" -v r="$requests" 'BEGIN { printf "  %-28s %6.1f  (%d calls, %d requests)\n", p, c / r, c, r }'
done
