#!/usr/bin/env bash
# bench/miss.sh: what a cache miss costs gif-bff (issue 24 item 1), and what it costs beside a
# cache hit of the same page (issue 34 item 3: a miss at most 10x a hit's CPU), on loopback.
#
#   bench/miss.sh                                  this checkout's release build
#   BASELINE=/path/to/other/gif-bff bench/miss.sh  beside another build, in interleaved rounds
#   NEW_BIN=/path/to/gif-bff bench/miss.sh         that binary instead of building this checkout
#   CONNS=16 ROUNDS=3 DURATION=8 bench/miss.sh     the defaults
#   FAKES=/path/to/.build/debug bench/miss.sh      the fakes that record the pages, already built there
#   OWN_CALLS=0 bench/miss.sh                      without the "own call" rows (below)
# bench/run.sh runs it as its "miss" section.
#
# The upstream is nginx serving recorded-shaped pages: a 25-GIF GIPHY search page (the fields the
# measured build asks for when it sends GIPHY's `fields`, else every field) and a 30-photo
# Unsplash search page, recorded from this checkout's fake GIPHY and fake Unsplash (which write
# GIPHY's and Unsplash's full objects: every rendition, numbers as strings, analytics, users).
# gif-bff runs with GIF_BFF_CACHE=off and real keys pointed at nginx (GIPHY_BASE_URL,
# UNSPLASH_BASE_URL), so every /search is a miss: the upstream call, reading its JSON, mapping,
# and writing the answer. Per provider and build it prints req/s and the server's CPU per request
# (utime+stime from /proc/PID/stat over the measured run, divided by the requests wrk completed),
# medians over rounds. The same run measures the HIT of the same page: a second server of the
# same binary and upstream with the cache on (fresh for a day), the page fetched once first, under
# the same wrk load; per provider it prints miss CPU, hit CPU and miss/hit (medians of the
# interleaved rounds) against the targets: at most 10x (issue 34) for the one-URL miss, at most
# 25x (issue 46) for a miss with its own call. wrk asking one URL over and over, most
# of those misses join a call already under way for it (coalescing; the script prints the
# share); the "own call" rows ask a new query every request (bench/distinct_queries.lua), so each
# makes its own upstream call: what a miss costs in full. Every process it starts is stopped by
# PID; loads are bounded in time.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${MISS_DIR:-/tmp/gif-bff-miss}"
CONNS="${MISS_CONNS:-16}"; ROUNDS="${ROUNDS:-3}"; DURATION="${DURATION:-8}"; WARMUP="${WARMUP:-2}"
NGINX_PORT=28200; FAKE_GIPHY_PORT=28201; FAKE_UNSPLASH_PORT=28202; NEW_PORT=28203; BASE_PORT=28204; HIT_PORT=28205
GIPHY_PATH="/search?q=cat&limit=25"; UNSPLASH_PATH="/search?q=mountain&provider=unsplash&limit=30"
# The same searches with the query last, for distinct_queries.lua to make each one its own.
GIPHY_OWN="/search?limit=25&q=cat"; UNSPLASH_OWN="/search?provider=unsplash&limit=30&q=mountain"
KEY=bench-key

for tool in wrk nginx; do
    command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk nginx >/dev/null; break; }
done
source "$(dirname "$0")/servers.sh"

if [ -z "${NEW_BIN:-}" ]; then
    echo "# building (release)" >&2
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    NEW_BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
# The fakes only record the pages; a debug build is enough and may already exist.
if [ -z "${FAKES:-}" ]; then
    (cd "$ROOT" && swift build --product fake-giphy >&2 && swift build --product fake-unsplash >&2)
    FAKES="$(cd "$ROOT" && swift build --show-bin-path)"
fi

rm -rf "$WORK" && mkdir -p "$WORK"/{nginx/logs,nginx/html,nginx/tmp,out}
HTML="$WORK/nginx/html"

# Recording: the fakes answer once each, then stop.
"$FAKES/fake-giphy" --port $FAKE_GIPHY_PORT --api-key $KEY --log-level off >/dev/null & fake_giphy=$!; PIDS+=($fake_giphy)
"$FAKES/fake-unsplash" --port $FAKE_UNSPLASH_PORT --access-key $KEY --log-level off >/dev/null & fake_unsplash=$!; PIDS+=($fake_unsplash)
wait_up "http://127.0.0.1:$FAKE_GIPHY_PORT/__calls"
wait_up "http://127.0.0.1:$FAKE_UNSPLASH_PORT/__calls"
curl -fsS "http://127.0.0.1:$FAKE_GIPHY_PORT/v1/gifs/search?q=cat&limit=25&offset=0&rating=g&bundle=messaging_non_clips&api_key=$KEY" >"$HTML/giphy-search.json"
curl -fsS -H "Authorization: Client-ID $KEY" -H "Accept-Version: v1" \
    "http://127.0.0.1:$FAKE_UNSPLASH_PORT/search/photos?query=mountain&per_page=30&page=1" >"$HTML/unsplash-search.json"
# The GIPHY page as the measured build asks for it (issue 46 item 7: `fields` beside `bundle`):
# that build searches once through the fake, and the fake answers its exact parameters again.
# nginx serves it to a search that sends `fields` (below); a build that sends none gets the
# whole page, so a baseline from before `fields` is measured against what GIPHY would send it.
GIF_BFF_PORT=$NEW_PORT GIF_BFF_DATABASE="$WORK/record.sqlite3" GIF_BFF_CACHE=off GIF_BFF_GIPHY_ANALYTICS=off \
    GIPHY_API_KEY=$KEY GIPHY_BASE_URL="http://127.0.0.1:$FAKE_GIPHY_PORT/v1" "$NEW_BIN" 2>"$WORK/record.log" >/dev/null & recorder=$!
PIDS+=($recorder)
wait_up "http://127.0.0.1:$NEW_PORT/healthz"
curl -fsS "http://127.0.0.1:$NEW_PORT$GIPHY_PATH" >/dev/null
kill "$recorder"; wait "$recorder" 2>/dev/null || true
asked=$(curl -fsS "http://127.0.0.1:$FAKE_GIPHY_PORT/__calls" | python3 -c '
import json, sys, urllib.parse
call = [c for c in json.load(sys.stdin)["recent"] if c["path"] == "/v1/gifs/search"][-1]
print(urllib.parse.urlencode([tuple(p) for p in call["parameters"]]))')
if [[ "$asked" == *fields=* ]]; then
    curl -fsS "http://127.0.0.1:$FAKE_GIPHY_PORT/v1/gifs/search?$asked&api_key=$KEY" >"$HTML/giphy-search-fields.json"
else
    cp "$HTML/giphy-search.json" "$HTML/giphy-search-fields.json"
fi
echo "the measured build asks GIPHY: /v1/gifs/search?$asked" >&2
kill "$fake_giphy" "$fake_unsplash"; wait "$fake_giphy" "$fake_unsplash" 2>/dev/null || true
python3 - "$HTML" <<'PY'
import json, sys
html = sys.argv[1]
giphy = json.load(open(f"{html}/giphy-search.json"))
unsplash = json.load(open(f"{html}/unsplash-search.json"))
renditions = sum(len(g.get("images", {})) for g in giphy["data"]) / max(1, len(giphy["data"]))
fields = json.load(open(f"{html}/giphy-search-fields.json"))
print(f"upstream pages: GIPHY {len(giphy['data'])} GIFs ({renditions:.0f} renditions each), "
      f"{len(open(f'{html}/giphy-search.json', 'rb').read()):,} bytes, with the build's fields "
      f"{len(open(f'{html}/giphy-search-fields.json', 'rb').read()):,} bytes; "
      f"Unsplash {len(unsplash['results'])} photos, {len(open(f'{html}/unsplash-search.json', 'rb').read()):,} bytes")
assert len(giphy["data"]) == 25 and len(fields["data"]) == 25 and len(unsplash["results"]) == 30, "the fakes did not fill the pages"
PY

cat >"$WORK/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid logs/nginx.pid;
error_log logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    keepalive_requests 1000000;
    client_body_temp_path tmp/client_body; proxy_temp_path tmp/proxy; fastcgi_temp_path tmp/fastcgi;
    uwsgi_temp_path tmp/uwsgi; scgi_temp_path tmp/scgi;
    types { }
    default_type application/json;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        location = /v1/gifs/search {
            if (\$arg_fields) { rewrite ^ /giphy-fields last; }
            alias html/giphy-search.json;
        }
        location = /giphy-fields { internal; alias html/giphy-search-fields.json; }
        location = /v1/randomid { return 200 '{"data":{"random_id":"bench"},"meta":{"status":200,"msg":"OK","response_id":"r"}}'; }
        location = /search/photos { alias html/unsplash-search.json; }
        location = /healthz { return 200 '{"status":"ok"}'; }
    }
}
EOF
nginx -p "$WORK/nginx" -c "$WORK/nginx.conf" -e "$WORK/nginx/logs/error.log" & PIDS+=($!)
wait_up "http://127.0.0.1:$NGINX_PORT/healthz"

start() {  # NAME BINARY PORT [CACHE]; its PID goes into PIDS and STARTED
    GIF_BFF_PORT=$3 GIF_BFF_DATABASE="$WORK/$1.sqlite3" GIF_BFF_CACHE="${4:-off}" GIF_BFF_CACHE_FRESH_SECONDS=86400 \
        GIF_BFF_UNSPLASH_BUDGET_PER_HOUR=0 \
        GIPHY_API_KEY=$KEY GIPHY_BASE_URL="http://127.0.0.1:$NGINX_PORT/v1" \
        UNSPLASH_ACCESS_KEY=$KEY UNSPLASH_BASE_URL="http://127.0.0.1:$NGINX_PORT" \
        "$2" 2>"$WORK/$1.log" >/dev/null &
    STARTED=$!; PIDS+=("$STARTED")
}
start new "$NEW_BIN" $NEW_PORT; NEW_PID=$STARTED
TARGETS=("new:$NEW_PORT:$NEW_PID")
if [ -n "${BASELINE:-}" ]; then
    start baseline "$BASELINE" $BASE_PORT
    TARGETS+=("baseline:$BASE_PORT:$STARTED")
fi
# The hit: the new binary, same upstream, cache on; each page is fetched once (a miss) so that
# every measured request is a hit (checked below).
start hit "$NEW_BIN" $HIT_PORT on
TARGETS+=("hit:$HIT_PORT:$STARTED")
# Own-call rows measure the miss servers again, each request a search of its own.
RUNS=("${TARGETS[@]}")
if [ "${OWN_CALLS:-1}" != 0 ]; then
    for target in "${TARGETS[@]}"; do
        [[ "$target" == hit:* ]] || RUNS+=("${target%%:*}-own:${target#*:}")
    done
fi
for target in "${TARGETS[@]}"; do
    IFS=: read -r name port pid <<<"$target"
    wait_up "http://127.0.0.1:$port/healthz"
    for path in "$GIPHY_PATH" "$UNSPLASH_PATH"; do
        curl -fsS -D "$WORK/out/$name.head" "http://127.0.0.1:$port$path" >"$WORK/out/$name.body"
        grep -qi '^x-cache: miss' "$WORK/out/$name.head" || { echo "$name $path was not a miss" >&2; exit 1; }
        if [ "$name" = hit ]; then
            curl -fsS -D "$WORK/out/$name.head" "http://127.0.0.1:$port$path" >"$WORK/out/$name.body"
            grep -qi '^x-cache: hit' "$WORK/out/$name.head" || { echo "$name $path was not a hit" >&2; exit 1; }
        fi
    done
done
echo "machine: $(nproc) cores; loadavg $(cut -d' ' -f1-3 /proc/loadavg); wrk -t2 -c$CONNS -d${DURATION}s, $ROUNDS rounds interleaved"

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# Upstream calls the miss server made, from its /metrics (all providers, every outcome).
calls() { curl -fsS "http://127.0.0.1:$1/metrics" | awk '/^gif_bff_upstream_calls_total/ { sum += $NF } END { print sum + 0 }'; }
for round in $(seq 1 "$ROUNDS"); do
    for provider in giphy unsplash; do
        for run in "${RUNS[@]}"; do
            IFS=: read -r name port pid <<<"$run"
            path=$GIPHY_PATH; [ "$provider" = unsplash ] && path=$UNSPLASH_PATH
            script=(); args=()
            if [[ "$name" == *-own ]]; then
                path=$GIPHY_OWN; [ "$provider" = unsplash ] && path=$UNSPLASH_OWN
                script=(-s "$ROOT/bench/distinct_queries.lua"); args=(-- "$path")
            fi
            url="http://127.0.0.1:$port$path"
            [ "$WARMUP" -gt 0 ] && wrk -t2 -c"$CONNS" -d"${WARMUP}s" "${script[@]}" "$url" "${args[@]}" >/dev/null
            calls_before=$(calls "$port"); before=$(ticks "$pid")
            wrk -t2 -c"$CONNS" -d"${DURATION}s" --latency "${script[@]}" "$url" "${args[@]}" >"$WORK/out/$provider.$name.$round.txt"
            echo "ticks $(( $(ticks "$pid") - before ))" >>"$WORK/out/$provider.$name.$round.txt"
            echo "calls $(( $(calls "$port") - calls_before ))" >>"$WORK/out/$provider.$name.$round.txt"
        done
    done
done

python3 - "$WORK/out" "$ROUNDS" "$(getconf CLK_TCK)" "${RUNS[@]}" <<'PY'
import re, statistics, sys
out, rounds, hz, targets = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), [t.split(":")[0] for t in sys.argv[4:]]
def ms(text):
    number, unit = re.fullmatch(r"([0-9.]+)(us|ms|s)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
for provider, label in (("giphy", "GIPHY, 25 GIFs"), ("unsplash", "Unsplash, 30 photos")):
    print(f"\n## /search cache miss ({label})")
    cpu = {}
    print(f"{'build':<20} {'CPU us/req':>10} {'calls/req':>9} {'req/s':>9} {'p50 ms':>7} {'p99 ms':>7} {'non-2xx':>8}")
    for name in targets:
        rows = []
        for r in range(1, rounds + 1):
            text = open(f"{out}/{provider}.{name}.{r}.txt").read()
            requests = int(re.search(r"(\d+) requests in", text).group(1))
            ticks = int(re.search(r"^ticks (\d+)", text, re.M).group(1))
            bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
            rows.append((1e6 * ticks / hz / max(1, requests), float(re.search(r"Requests/sec:\s+([0-9.]+)", text).group(1)),
                         ms(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1)),
                         ms(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1)), int(bad.group(1)) if bad else 0,
                         int(re.search(r"^calls (\d+)", text, re.M).group(1)) / max(1, requests)))
        med = lambda i: statistics.median(row[i] for row in rows)
        label = {"hit": "new (hit)"}.get(name, name.replace("-own", " (own call)"))
        print(f"{label:<20} {med(0):>10.0f} {med(5):>9.2f} {med(1):>9.0f} {med(2):>7.2f} {med(3):>7.2f} {sum(r[4] for r in rows):>8}"
              f"   (CPU us/req per round: {', '.join(f'{r[0]:.0f}' for r in rows)})")
        cpu[name] = med(0)
    # Issue 34 item 3: a miss that joins calls costs at most 10x the CPU of a hit of the same page
    # (one URL asked over and over; its calls/req says how many called). Issue 46 item 7: a miss
    # that makes its own upstream call (every request a new word) at most 25x.
    for miss, what, target in (("new", "one URL, calls shared", 10), ("new-own", "own call each", 25),
                               ("baseline-own", "baseline, own call each", 25)):
        if miss in cpu:
            verdict = "met" if cpu[miss] <= target * cpu["hit"] else "NOT met"
            print(f"miss/hit ({what}): {cpu[miss]:.0f} / {cpu['hit']:.0f} us = {cpu[miss] / max(cpu['hit'], 1e-9):.1f}x"
                  f" (target <= {target}x: {verdict})")
PY
