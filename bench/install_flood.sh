#!/usr/bin/env bash
# bench/install_flood.sh: POST /installs from many networks behind a trusted proxy (loopback,
# named in GIF_BFF_TRUSTED_PROXIES; each request's X-Forwarded-For names its client), with every
# install limit at its default: how many installs were made (201) and refused (429).
#   1. SUBNETS requests, each from another /64 of one IPv6 /48 (2001:db8:7:N::1);
#   2. then NETWORKS requests, each from another /48 (2001:db8:N::1), on a fresh server;
#   3. issue 44.4's flood, on a fresh server each: 36 addresses in 18 /24s, two in each, ask
#      ROUNDS times each, 36 at a time; then a new user on another network asks; then the flood
#      asks again once a second for HOLD seconds (taking each refill) and another new user asks.
#      Once with each /24 in a /16 of its own (10.N.7.1-2), once with the 18 in one /16
#      (198.18.N.1-2).
#
#   bench/install_flood.sh                        the worktree's release build
#   BIN=/path/to/gif-bff bench/install_flood.sh   another build (main's, say), to compare
#   SUBNETS=150 NETWORKS=1500 ROUNDS=30 HOLD=30 PORT=28380 bench/install_flood.sh
#   ONLY=networks bench/install_flood.sh          only the third
#
# Prints one line per run: the requests, the 201s, the 429s, any other status and how long the
# requests took (a bucket refills as they go: 1000 an hour is one every 3.6 s); for the third, the
# new users' statuses too. Demo mode, loopback only; bounded: SUBNETS + NETWORKS requests one at
# a time, and 2 x 36 x (ROUNDS + HOLD) + 4 more.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-install-flood}"
PORT="${PORT:-28380}"; SUBNETS="${SUBNETS:-150}"; NETWORKS="${NETWORKS:-1500}"
ROUNDS="${ROUNDS:-30}"; HOLD="${HOLD:-30}"; ONLY="${ONLY:-all}"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
source "$(dirname "$0")/servers.sh"
BASE="http://127.0.0.1:$PORT"

start_server() {  # sets pid
    rm -rf "$WORK" && mkdir -p "$WORK"
    env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/db.sqlite3" \
        GIF_BFF_TRUSTED_PROXIES=127.0.0.1 GIF_BFF_LOG_LEVEL=warning "$BIN" 2>>"$WORK/gif-bff.log" & pid=$!; PIDS+=($pid)
    wait_up "$BASE/healthz"
}

flood() {  # LABEL COUNT ADDRESS-FORMAT (printf, given 0..COUNT-1 in hex)
    local pid; start_server
    local statuses="$WORK/statuses" start=$(date +%s.%N)
    for index in $(seq 0 $(($2 - 1))); do
        curl -sS -o /dev/null -w '%{http_code}\n' -X POST -H "X-Forwarded-For: $(printf "$3" "$index")" "$BASE/installs"
    done > "$statuses"
    local seconds; seconds=$(echo "$(date +%s.%N) - $start" | bc)
    kill "$pid"; wait "$pid" 2>/dev/null || true
    printf '%-26s requests %5d   201: %5d   429: %5d   other: %d   in %.1f s\n' "$1" "$2" \
        "$(grep -c '^201$' "$statuses" || true)" "$(grep -c '^429$' "$statuses" || true)" "$(grep -vcE '^(201|429)$' "$statuses" || true)" "$seconds"
}

# One POST /installs per address given, as a curl config (one connection each, PARALLEL at a time).
post_each() {  # ADDRESS...
    local config="$WORK/requests.curl"
    : > "$config"
    local separator=""
    for address in "$@"; do
        printf '%surl = "%s/installs"\nrequest = "POST"\nheader = "X-Forwarded-For: %s"\noutput = "/dev/null"\nwrite-out = "%%{http_code}\\n"\n' \
            "$separator" "$BASE" "$address" >> "$config"
        separator=$'next\n'
    done
    curl -sS --no-progress-meter --parallel --parallel-max 36 -K "$config"
}

count() { grep -c "^$1\$" || true; }

networks() {  # LABEL ADDRESS-FORMAT (printf, given the /24's number 0..17 and the host 1..2)
    local pid; start_server
    local flooders=() round second
    for network in $(seq 0 17); do for host in 1 2; do flooders+=("$(printf "$2" "$network" "$host")"); done; done
    local start=$(date +%s.%N) statuses
    statuses=$(for round in $(seq 1 "$ROUNDS"); do post_each "${flooders[@]}"; done)
    local seconds; seconds=$(echo "$(date +%s.%N) - $start" | bc)
    local newcomer; newcomer=$(post_each 192.0.2.1)
    local held; held=$(for second in $(seq 1 "$HOLD"); do post_each "${flooders[@]}"; sleep 1; done)
    local later; later=$(post_each 2001:db8:ffff::1)
    kill "$pid"; wait "$pid" 2>/dev/null || true
    printf '%-26s requests %5d   201: %5d   429: %5d   other: %d   in %.1f s\n' "$1" "$((36 * ROUNDS))" \
        "$(count 201 <<<"$statuses")" "$(count 429 <<<"$statuses")" "$(grep -vcE '^(201|429)$' <<<"$statuses" || true)" "$seconds"
    printf '%-26s a new user (192.0.2.1): %s   then %d s of the flood taking each refill: %d made;   a new user (2001:db8:ffff::1): %s\n' \
        "" "$newcomer" "$HOLD" "$(count 201 <<<"$held")" "$later"
}

echo "gif-bff: $BIN"
if [ "$ONLY" = all ]; then
    flood "distinct /64s of one /48" "$SUBNETS" '2001:db8:7:%x::1'
    flood "distinct /48s" "$NETWORKS" '2001:db8:%x::1'
fi
networks "18 /24s in 18 /16s" '10.%d.7.%d'
networks "18 /24s of one /16" '198.18.%d.%d'
