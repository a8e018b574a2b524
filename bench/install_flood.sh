#!/usr/bin/env bash
# bench/install_flood.sh: POST /installs from many networks behind a trusted proxy (loopback,
# named in GIF_BFF_TRUSTED_PROXIES; each request's X-Forwarded-For names its client), with every
# install limit at its default: how many installs were made (201) and refused (429).
#   1. SUBNETS requests, each from another /64 of one IPv6 /48 (2001:db8:7:N::1);
#   2. then NETWORKS requests, each from another /48 (2001:db8:N::1), on a fresh server.
#
#   bench/install_flood.sh                        the worktree's release build
#   BIN=/path/to/gif-bff bench/install_flood.sh   another build (main's, say), to compare
#   SUBNETS=150 NETWORKS=1500 PORT=28380 bench/install_flood.sh
#
# Prints one line per run: the requests, the 201s, the 429s, any other status and how long the
# requests took (a bucket refills as they go: 1000 an hour is one every 3.6 s). Demo mode,
# loopback only; bounded: SUBNETS + NETWORKS requests, one at a time.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-install-flood}"
PORT="${PORT:-28380}"; SUBNETS="${SUBNETS:-150}"; NETWORKS="${NETWORKS:-1500}"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
source "$(dirname "$0")/servers.sh"
BASE="http://127.0.0.1:$PORT"

flood() {  # LABEL COUNT ADDRESS-FORMAT (printf, given 0..COUNT-1 in hex)
    rm -rf "$WORK" && mkdir -p "$WORK"
    env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/db.sqlite3" \
        GIF_BFF_TRUSTED_PROXIES=127.0.0.1 GIF_BFF_LOG_LEVEL=warning "$BIN" 2>>"$WORK/gif-bff.log" & local pid=$!; PIDS+=($pid)
    wait_up "$BASE/healthz"
    local statuses="$WORK/statuses" start=$(date +%s.%N)
    for index in $(seq 0 $(($2 - 1))); do
        curl -sS -o /dev/null -w '%{http_code}\n' -X POST -H "X-Forwarded-For: $(printf "$3" "$index")" "$BASE/installs"
    done > "$statuses"
    local seconds; seconds=$(echo "$(date +%s.%N) - $start" | bc)
    kill "$pid"; wait "$pid" 2>/dev/null || true
    printf '%-26s requests %5d   201: %5d   429: %5d   other: %d   in %.1f s\n' "$1" "$2" \
        "$(grep -c '^201$' "$statuses" || true)" "$(grep -c '^429$' "$statuses" || true)" "$(grep -vcE '^(201|429)$' "$statuses" || true)" "$seconds"
}

echo "gif-bff: $BIN"
flood "distinct /64s of one /48" "$SUBNETS" '2001:db8:7:%x::1'
flood "distinct /48s" "$NETWORKS" '2001:db8:%x::1'
