#!/usr/bin/env bash
# bench/upstream_share.sh: one client searching unique words until it is refused, while other
# clients search too (one new word, from a new address, for every GREEDY_EVERY of the first's),
# behind a trusted proxy (loopback; each request's X-Forwarded-For names its client). The budget is BUDGET GIPHY calls an
# hour; the server requires installs, as a shipped app's does, so the share is its default there
# (auto: 10%) unless SHARE is set. Searches need no token under that policy.
#
#   bench/upstream_share.sh                         the worktree's debug build
#   BIN=/path/to/gif-bff bench/upstream_share.sh    another build (main's, say), to compare
#   BUDGET=100 GREEDY_EVERY=4 AFTER=20 PORT=28390 bench/upstream_share.sh
#
# The first client stops at its first refusal; AFTER more new words are then searched, each by
# another new client. Prints the calls the first client and the others got (200 MISS), what
# refused them (status and code, counted) and the budget left (/metrics). Demo mode (no key: the built-in catalog stands in for GIPHY, and
# the budget applies to it), loopback only; bounded: at most BUDGET + 1 searches by the first
# client, one request at a time.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-upstream-share}"
PORT="${PORT:-28390}"; BUDGET="${BUDGET:-100}"; GREEDY_EVERY="${GREEDY_EVERY:-4}"; AFTER="${AFTER:-20}"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build --show-bin-path)/gif-bff"
fi
source "$(dirname "$0")/servers.sh"
BASE="http://127.0.0.1:$PORT"

rm -rf "$WORK" && mkdir -p "$WORK"
share=()
[ -n "${SHARE:-}" ] && share=(GIF_BFF_UPSTREAM_SHARE_PERCENT="$SHARE")
env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/db.sqlite3" \
    GIF_BFF_TRUSTED_PROXIES=127.0.0.1 GIF_BFF_INSTALLS=required GIF_BFF_UPSTREAM_BUDGET_PER_HOUR="$BUDGET" GIF_BFF_LOG_LEVEL=warning "${share[@]}" \
    "$BIN" 2>>"$WORK/gif-bff.log" & PIDS+=($!)
wait_up "$BASE/healthz"

# search CLIENT WORD: prints "STATUS X-CACHE CODE" (CODE "-" for a 200).
search() {
    curl -sS -D "$WORK/head" -o "$WORK/body" -H "X-Forwarded-For: $1" "$BASE/search?q=$2&limit=1" >/dev/null
    local status cache code
    status=$(awk 'NR == 1 { print $2 }' "$WORK/head")
    cache=$(awk 'tolower($1) == "x-cache:" { print $2 }' "$WORK/head" | tr -d '\r')
    code=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("code", "-"))' "$WORK/body" 2>/dev/null || echo -)
    echo "$status ${cache:--} $code"
}

greedy="203.0.113.7"; others=0
# Another client each time: 198.51.100.1, .2, ... (addresses of TEST-NET-2 and the networks after it).
other() { echo "198.51.$((100 + $1 / 250)).$(($1 % 250 + 1))"; }
: >"$WORK/greedy"; : >"$WORK/other"
index=0
while [ "$index" -le "$BUDGET" ]; do
    answer=$(search "$greedy" "greedy$index"); echo "$answer" >>"$WORK/greedy"
    if [ $((index % GREEDY_EVERY)) = 0 ]; then others=$((others + 1)); search "$(other $others)" "other$index" >>"$WORK/other"; fi
    index=$((index + 1))
    case "$answer" in 200*) ;; *) break ;; esac
done
for extra in $(seq 1 "$AFTER"); do others=$((others + 1)); search "$(other $others)" "after$extra" >>"$WORK/other"; done
left=$(curl -sS "$BASE/metrics" | awk -F' ' '/^gif_bff_upstream_budget_remaining\{provider="giphy"\}/ { print $2 }')

summary() {  # LABEL FILE
    printf '%-32s searches %4d   calls (200 MISS) %4d   refused: %s\n' "$1" "$(wc -l <"$2")" "$(grep -c '^200 MISS' "$2" || true)" \
        "$(grep -v '^200' "$2" | awk '{ print $1 " " $3 }' | sort | uniq -c | awk '{ printf "%s x %s %s; ", $1, $2, $3 }')"
}
echo "gif-bff: $BIN (budget $BUDGET an hour, share ${SHARE:-the default})"
summary "client 1 (unique words)" "$WORK/greedy"
summary "other clients (one search each)" "$WORK/other"
echo "budget left: ${left:-unknown} of $BUDGET"
