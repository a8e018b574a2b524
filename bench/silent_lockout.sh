#!/usr/bin/env bash
# bench/silent_lockout.sh: can one address lock everyone else out with sockets that send nothing?
# gif-bff (demo mode, the defaults but for what is given) gets a keep-alive client, then SILENT
# sockets from one address, then NEW clients from other addresses (bench/silent_lockout.py).
#
#   bench/silent_lockout.sh                                 the worktree's release build, defaults
#   BIN=/path/to/gif-bff bench/silent_lockout.sh            another build (an older commit's), to compare
#   MAX_CONNECTIONS=20 SILENT=25 NEW=20 bench/silent_lockout.sh
#
# Loopback only (127.0.0.2 and up); bounded: SILENT + NEW + 1 connections, one request each.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-silent-lockout}"
PORT="${PORT:-28381}"; SILENT="${SILENT:-4100}"; NEW="${NEW:-50}"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
rm -rf "$WORK" && mkdir -p "$WORK"
source "$(dirname "$0")/servers.sh"
extra=()
[ -n "${MAX_CONNECTIONS:-}" ] && extra+=(GIF_BFF_MAX_CONNECTIONS="$MAX_CONNECTIONS")
ulimit -n "$(ulimit -Hn)"
env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/db.sqlite3" \
    GIF_BFF_LOG_LEVEL=warning "${extra[@]}" "$BIN" 2>"$WORK/gif-bff.log" & PIDS+=($!)
wait_up "http://127.0.0.1:$PORT/healthz"
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/search?q=cats&limit=24"
echo "# $BIN, ${MAX_CONNECTIONS:+GIF_BFF_MAX_CONNECTIONS=$MAX_CONNECTIONS, }SILENT=$SILENT NEW=$NEW; loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$ROOT/bench/silent_lockout.py" "$PORT" "$SILENT" "$NEW"
echo "# the server's warnings:"
grep -v '^gif-bff: no ' "$WORK/gif-bff.log" | cut -c1-220 || echo "(none)"
