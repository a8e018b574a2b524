#!/usr/bin/env bash
# bench/upstream_rotation.sh: what one address can take of the upstream budget around its share
# (issue 44.2 and 44.3), behind a trusted proxy (loopback; each request's X-Forwarded-For names
# its client), installs required (the share is then its default, 10%), a budget of BUDGET GIPHY
# calls an hour, demo mode (no key: the built-in catalog stands in for GIPHY).
#
#   bench/upstream_rotation.sh                         the worktree's debug build
#   BIN=/path/to/gif-bff bench/upstream_rotation.sh    another build (main's, say), to compare
#   BUDGET=100 MAX_INSTALLS=30 PORT=28391 bench/upstream_rotation.sh
#
# 1. Rotation (a fresh server): one address takes an install, searches new words until refused,
#    takes another install, and so on, until a fresh install's first search is refused (or
#    MAX_INSTALLS were made). Prints the calls it got, the installs it made, what refused it, the
#    budget left, and what another address's new install then gets for a new search.
# 2. Calls charged to no one (another fresh server): one client (an install on one address)
#    searches new words until refused (its share), then asks 12 unknown ids' downloads, one
#    unknown id's download 12 times, the spotlight for 12 tags and 12 favorites to be added.
#    Prints the calls each spent (the budget's drop in /metrics) and the answers, counted; then
#    the calls a fresh client spends asking one unknown id 12 times, and the budget left.
# Loopback only, one request at a time; bounded: at most MAX_INSTALLS installs and BUDGET + 1
# searches per install in 1, and BUDGET + 1 + 60 requests in 2.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-upstream-rotation}"
PORT="${PORT:-28391}"; BUDGET="${BUDGET:-100}"; MAX_INSTALLS="${MAX_INSTALLS:-30}"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build --show-bin-path)/gif-bff"
fi
source "$(dirname "$0")/servers.sh"
BASE="http://127.0.0.1:$PORT"

start() {  # NAME: a fresh server on its own database; stops the one before
    cleanup; PIDS=()
    mkdir -p "$WORK/$1"
    env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/$1/db.sqlite3" \
        GIF_BFF_TRUSTED_PROXIES=127.0.0.1 GIF_BFF_INSTALLS=required GIF_BFF_UPSTREAM_BUDGET_PER_HOUR="$BUDGET" \
        GIF_BFF_LOG_LEVEL=warning "$BIN" 2>>"$WORK/$1/gif-bff.log" & PIDS+=($!)
    wait_up "$BASE/healthz"
}

# ask ADDRESS TOKEN METHOD PATH [JSON]: prints "STATUS X-CACHE CODE" (CODE "-" for none).
ask() {
    local body=() auth=()
    [ -n "$2" ] && auth=(-H "Authorization: Bearer $2")
    [ -n "${5:-}" ] && body=(-H 'Content-Type: application/json' --data "$5")
    curl -sS -X "$3" -D "$WORK/head" -o "$WORK/body" -H "X-Forwarded-For: $1" "${auth[@]}" "${body[@]}" "$BASE$4" >/dev/null
    local status cache code
    status=$(awk 'NR == 1 { print $2 }' "$WORK/head")
    cache=$(awk 'tolower($1) == "x-cache:" { print $2 }' "$WORK/head" | tr -d '\r')
    code=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("code", "-"))' "$WORK/body" 2>/dev/null || echo -)
    echo "$status ${cache:--} $code"
}
install() {  # ADDRESS: a new install's token ("" when refused)
    curl -sS -X POST -H "X-Forwarded-For: $1" "$BASE/installs" \
        | python3 -c 'import json, sys; print(json.load(sys.stdin).get("token", ""))' 2>/dev/null || echo ""
}
left() { curl -sS "$BASE/metrics" | awk '/^gif_bff_upstream_budget_remaining\{provider="giphy"\}/ { print $2 }'; }
counted() { sort | uniq -c | awk '{ printf "%s x %s %s; ", $1, $2, $4 }'; }  # of "STATUS X-CACHE CODE" lines
rm -rf "$WORK" && mkdir -p "$WORK"
echo "gif-bff: $BIN (budget $BUDGET an hour, installs required, share the default)"

# 1. Rotation.
start rotation
rotator="203.0.113.7"; calls=0; installs=0; refusal="none"
while [ "$installs" -lt "$MAX_INSTALLS" ]; do
    token=$(install "$rotator"); [ -n "$token" ] || { refusal="POST /installs refused"; break; }
    installs=$((installs + 1)); searched=0
    while [ "$searched" -le "$BUDGET" ]; do
        answer=$(ask "$rotator" "$token" GET "/search?q=rot${installs}x${searched}&limit=1")
        searched=$((searched + 1))
        case "$answer" in 200*) calls=$((calls + 1)) ;; *) break ;; esac
    done
    if [ "$searched" = 1 ]; then refusal="$answer"; break; fi
done
budget_left=$(left)
other_token=$(install "198.51.100.9")
other=$(ask "198.51.100.9" "$other_token" GET "/search?q=elsewhere&limit=1")
echo "1. rotation: one address got $calls calls with $installs installs; a fresh install's first search: $refusal"
echo "   budget left: $budget_left of $BUDGET; another address's new install, a new search: $other"

# 2. Calls charged to no one, after the client's 429.
start charges
greedy="203.0.113.7"; token=$(install "$greedy")
setup_token=$(install "192.0.2.50")
ids=$(curl -sS -H "X-Forwarded-For: 192.0.2.50" -H "Authorization: Bearer $setup_token" "$BASE/search?q=cat&limit=12" \
    | python3 -c 'import json, sys; print(" ".join(item["id"] for item in json.load(sys.stdin)["data"]))')
searched=0
while [ "$searched" -le "$BUDGET" ]; do
    answer=$(ask "$greedy" "$token" GET "/search?q=share${searched}&limit=1"); searched=$((searched + 1))
    case "$answer" in 200*) ;; *) break ;; esac
done
echo "2. one client: $((searched - 1)) new searches, then $answer"
measure() {  # LABEL: runs the requests read from stdin (METHOD PATH [JSON]) as the greedy client
    local before after
    before=$(left)
    while read -r method path json; do ask "${ADDRESS:-$greedy}" "${TOKEN:-$token}" "$method" "$path" "$json"; done >"$WORK/answers"
    after=$(left)
    printf '   %-40s calls %3d   answers: %s\n' "$1" $((before - after)) "$(counted <"$WORK/answers")"
}
for n in $(seq -w 1 12); do echo "POST /items/NoSuchGif00$n/download"; done | measure "12 unknown ids' downloads"
for _ in $(seq 1 12); do echo "POST /items/NoSuchGifSame/download"; done | measure "one unknown id's download 12 times"
for tag in cat dog happy dance love party wow yes hello bye sleepy pizza; do echo "GET /spotlight?tag=$tag"; done \
    | measure "the spotlight, 12 tags"
for id in $ids; do echo "POST /favorites {\"id\":\"$id\"}"; done | measure "12 favorites added"
fresh="198.51.100.20"; fresh_token=$(install "$fresh")
for _ in $(seq 1 12); do echo "POST /items/NoSuchGifFresh/download"; done | ADDRESS=$fresh TOKEN=$fresh_token measure "a fresh client: one unknown id 12 times"
echo "   budget left: $(left) of $BUDGET"
