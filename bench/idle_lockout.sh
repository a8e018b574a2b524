#!/usr/bin/env bash
# bench/idle_lockout.sh: do idle keep-alive connections lock new clients out at the connection
# limit? gif-bff (demo mode, GIF_BFF_MAX_CONNECTIONS=200) gets 210 keep-alive clients doing one
# request each and then idling, then 50 new clients doing one request each and keeping their
# connections (bench/idle_lockout.py): how many were answered 200 and how many 503, how fast, and
# which idle connections were closed. With WAIT_SECONDS, how long until a new client gets a 200.
#
#   bench/idle_lockout.sh                          the worktree's release build
#   BIN=/path/to/gif-bff bench/idle_lockout.sh     another build (an older commit's, say), to compare
#   MAX_CONNECTIONS=200 IDLE=210 NEW=50 WAIT_SECONDS=90 bench/idle_lockout.sh
#
# Loopback only; bounded: IDLE + NEW connections, one request each, and at most one new client a
# second for WAIT_SECONDS (0 by default).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-idle-lockout}"
PORT="${PORT:-28380}"; MAX_CONNECTIONS="${MAX_CONNECTIONS:-200}"; IDLE="${IDLE:-210}"; NEW="${NEW:-50}"
WAIT_SECONDS="${WAIT_SECONDS:-0}"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
rm -rf "$WORK" && mkdir -p "$WORK"
source "$(dirname "$0")/servers.sh"
env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/db.sqlite3" \
    GIF_BFF_MAX_CONNECTIONS=$MAX_CONNECTIONS GIF_BFF_LOG_LEVEL=warning "$BIN" 2>"$WORK/gif-bff.log" & PIDS+=($!)
wait_up "http://127.0.0.1:$PORT/healthz"
echo "# $BIN, GIF_BFF_MAX_CONNECTIONS=$MAX_CONNECTIONS; loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$ROOT/bench/idle_lockout.py" "$PORT" "$IDLE" "$NEW" "$WAIT_SECONDS"
echo "# the server's warnings:"
grep -v '^gif-bff: no ' "$WORK/gif-bff.log" || echo "(none)"
