#!/usr/bin/env bash
# bench/run.sh: gif-bff's transport beside Hummingbird 2, Vapor 4 and nginx, in one run, on loopback.
#
#   bench/run.sh                 everything (builds what is missing; peers take minutes the first time)
#   CONNS="64" ROUNDS=1 DURATION=4 bench/run.sh     a quicker look
#   SECTIONS="idle" bench/run.sh                     one part only (throughput, rss, idle)
#   BASELINE=/path/to/older/gif-bff SECTIONS=cpu bench/run.sh   CPU per cached request, before and now
# gif-bff runs with GIF_BFF_MAX_CONNECTIONS=12000 so the idle test can hold 10,000 connections, and with
# GIF_BFF_MAX_CONNECTIONS_PER_CLIENT=0: wrk and the idle test are one client on loopback
# (the default limit is 4096).
#
# Prints, from ../shared/peers/bench.sh (interleaved wrk rounds, medians):
#   1. GET /healthz: gif-bff (the real executable) beside hb and vapor, at each connection count;
#   2. a fixed 10,264-byte JSON body: transport-bench-server beside nginx serving the same file,
#      and beside hb and vapor's GET /favorites (the same bytes, read from SQLite);
#   3. gif-bff's RSS after 100k and after 1M /healthz requests;
#   4. 10,000 idle keep-alive connections held by gif-bff: its RSS, and /healthz meanwhile;
#   5. (apps) the endpoints the apps call: GET /favorites (20) beside hb and vapor's /favorites, an
#      install's /favorites (its token) beside the local install's (no token), and
#      the cached default /search?q=cat page, /trending and /gif/{id} beside nginx serving the exact
#      bytes gif-bff answered as static files (the machine's ceiling for those bytes); then the
#      cached /search?q=cat with Accept-Encoding: gzip beside nginx's gzip_static serving the exact
#      gzip bytes gif-bff answered. Each nginx table has a control, "nginx-again": the same nginx
#      measured again as if it were a contender, so the table shows how far one server lands from
#      itself here. Then each target of issue 34 item 2, met or not, for gif-bff and the control,
#      with p99 as a ratio beside the control's (no target of its own; bench/hot_path_verdict.py):
#      cached /search, /trending, /gif/{id} and gzip /search >= 1.1x nginx; /favorites (20) >= 2.0x
#      Hummingbird; an install's /favorites >= 0.95x the local one. Last, the cpu section:
#   5b. (cpu; apps runs it too) CPU per cached request, user and system apart (issue 34 item 4):
#      cached /search?q=cat, /trending, /gif/{id} and gzip /search on gif-bff, nginx serving the same
#      bytes, and the transport alone (a transport-bench-server per answer, serving its bytes), with
#      BASELINE=/path/to/older/gif-bff a "before" column from a second gif-bff prepared the same way
#      (the same favorites, the same answers cached). utime and stime from /proc/PID/stat (nginx:
#      master + workers) over a measured wrk run of CPU_DURATION s (default: DURATION, at most 4)
#      after CPU_WARMUP s (default: WARMUP, at most 1), divided by the requests completed; medians of
#      ROUNDS interleaved rounds at each of CONNS; instructions:u per request too where
#      `perf stat` counts them (PERF_EVENT=other-event to count another, off for none;
#      bench/cpu_per_request.py);
#   6. (mixed) what an app does, replayed from a fixed plan (bench/mixed_plan.py: Zipf-skewed
#      searches over 200 queries and their pages, trending, details, favorites list, adds,
#      removes): req/s, p50/p99, statuses, upstream calls, and RSS after 100k and after 1M;
#   8. (fleet) two instances on PostgreSQL behind nginx beside one on SQLite: /favorites and a
#      cached /search, and how soon a change through one instance is listed by the other
#      (bench/fleet.sh; servers of its own, after miss);
#   7. (miss) a cache miss: CPU per uncached /search and req/s, with nginx serving recorded-shaped
#      GIPHY (25 GIFs) and Unsplash (30 photos) pages as the upstream, beside a hit of the same
#      page and a miss that makes its own call, and miss/hit (bench/miss.sh; runs first, with
#      servers of its own).
# Every server it starts is stopped by PID. Loopback only; every load is bounded in time.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PEERS="${PEERS_DIR:-$ROOT/../shared/peers}"
WORK="${BENCH_DIR:-/tmp/gif-bff-bench}"
PEER_BUILDS="${PEER_BUILDS:-/tmp/gif-bff-peer-builds}"
CONNS="${CONNS:-64 512}"; ROUNDS="${ROUNDS:-3}"; DURATION="${DURATION:-8}"; WARMUP="${WARMUP:-2}"
SECTIONS="${SECTIONS:-miss fleet apps mixed throughput rss idle}"   # any of: miss fleet apps cpu mixed throughput rss idle
CPU_DURATION="${CPU_DURATION:-$(( DURATION < 4 ? DURATION : 4 ))}"; CPU_WARMUP="${CPU_WARMUP:-$(( WARMUP < 1 ? WARMUP : 1 ))}"
BASELINE="${BASELINE:-}"   # an older gif-bff executable: the cpu table's "before" column
MIXED_REQUESTS="${MIXED_REQUESTS:-1000000}"; MIXED_SECONDS="${MIXED_SECONDS:-600}"   # mixed: stop at whichever comes first
want() { [[ " $SECTIONS " == *" $1 "* ]] || { [ "$1" = cpu ] && want apps; }; }
# Fixed ports below the kernel's ephemeral range (32768+), so no client socket can be holding them.
GIF_PORT=28080; TRANSPORT_PORT=28081; HB_PORT=28082; VAPOR_PORT=28083; NGINX_PORT=28090
BASE_PORT=28084   # BASELINE's gif-bff; 28085-28088: the transport alone on each cached answer's bytes

[ -d "$PEERS" ] || { echo "peers not found at $PEERS (set PEERS_DIR)" >&2; exit 1; }
[ -z "$BASELINE" ] || [ -x "$BASELINE" ] || { echo "BASELINE is not an executable: $BASELINE" >&2; exit 1; }
for tool in wrk nginx; do
    command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk nginx >/dev/null; break; }
done

if want miss; then
    echo "## cache misses (bench/miss.sh)"
    ROUNDS=$ROUNDS DURATION=$DURATION WARMUP=$WARMUP bash "$ROOT/bench/miss.sh"
    # Nothing else asked for: the peers need not be built nor started.
    [ -z "$(tr -d ' ' <<<"${SECTIONS//miss/}")" ] && exit 0
    echo
fi

if want fleet; then
    echo "## a fleet on PostgreSQL beside one instance on SQLite (bench/fleet.sh)"
    CONNS=$CONNS ROUNDS=$ROUNDS DURATION=$DURATION WARMUP=$WARMUP bash "$ROOT/bench/fleet.sh"
    [ -z "$(tr -d ' ' <<<"${SECTIONS//fleet/}")" ] && exit 0
    echo
fi

source "$(dirname "$0")/servers.sh"

rss_mib() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

echo "# building (release)" >&2
(cd "$ROOT" && swift build -c release --product gif-bff >&2 && swift build -c release --product transport-bench-server >&2)
BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)"
mkdir -p "$PEER_BUILDS"
for peer in hb-peer vapor-peer; do
    if [ ! -x "$PEER_BUILDS/$peer/.build/release/$peer" ]; then
        rm -rf "$PEER_BUILDS/shared" "$PEER_BUILDS/$peer"
        cp -r "$PEERS/shared" "$PEERS/$peer" "$PEER_BUILDS/" && chmod -R u+w "$PEER_BUILDS"
        echo "# building $peer (minutes, once)" >&2
        (cd "$PEER_BUILDS/$peer" && swift build -c release >&2)
    fi
done

rm -rf "$WORK" && mkdir -p "$WORK"/{nginx/logs,nginx/html,nginx/tmp,out}
"$PEERS/seed.sh" "$WORK/nginx/fav.db" 20 "$WORK/nginx/html/favorites.json" >/dev/null
"$PEERS/seed.sh" "$WORK/hb.db" >/dev/null
"$PEERS/seed.sh" "$WORK/vapor.db" >/dev/null
# The peers' nginx config, plus /app/NAME serving html/app-NAME.json (gif-bff's answers, written
# below), and html/app-NAME.json.gz (gif-bff's gzip answers) to a request that accepts gzip.
sed -e "s/127.0.0.1:8090/127.0.0.1:$NGINX_PORT/" \
    -e 's#^\( *\)location = /healthz {#\1location ~ ^/app/(search|trending|gif|favorites)$ { types { } default_type application/json; gzip_static on; alias html/app-$1.json; }\n\1location = /healthz {#' \
    "$PEERS/nginx.conf" >"$WORK/nginx.conf"
# ../shared/peers/bench.sh sends no header of its own choosing: for the gzip rounds, a wrk in
# front of the real one adds Accept-Encoding.
mkdir -p "$WORK/gzip-wrk"
printf '#!/usr/bin/env bash\nexec %q -H "Accept-Encoding: gzip" "$@"\n' "$(command -v wrk)" >"$WORK/gzip-wrk/wrk"
chmod +x "$WORK/gzip-wrk/wrk"

# gif-bff logs every request at the default level; the lines go to a file, as they would in use.
# Cached answers stay fresh for the whole run (the default is minutes), so "cached" stays true.
GIF_BFF_PORT=$GIF_PORT GIF_BFF_DATABASE="$WORK/gif-bff.sqlite3" GIF_BFF_MAX_CONNECTIONS=12000 GIF_BFF_MAX_CONNECTIONS_PER_CLIENT=0 GIF_BFF_CACHE_FRESH_SECONDS=86400 \
    env -u GIPHY_API_KEY "$BIN/gif-bff" 2>"$WORK/gif-bff.log" & GIF_PID=$!; PIDS+=($GIF_PID)
BASE_PID=""
if [ -n "$BASELINE" ] && want cpu; then   # the same settings, its own database
    GIF_BFF_PORT=$BASE_PORT GIF_BFF_DATABASE="$WORK/baseline.sqlite3" GIF_BFF_MAX_CONNECTIONS=12000 GIF_BFF_MAX_CONNECTIONS_PER_CLIENT=0 GIF_BFF_CACHE_FRESH_SECONDS=86400 \
        env -u GIPHY_API_KEY "$BASELINE" 2>"$WORK/baseline.log" & BASE_PID=$!; PIDS+=($BASE_PID)
    wait_up "http://127.0.0.1:$BASE_PORT/healthz"
fi
"$BIN/transport-bench-server" $TRANSPORT_PORT "$WORK/nginx/html/favorites.json" & TRANSPORT_PID=$!; PIDS+=($TRANSPORT_PID)
PORT=$HB_PORT DATABASE_PATH="$WORK/hb.db" "$PEER_BUILDS/hb-peer/.build/release/hb-peer" >/dev/null 2>&1 & HB_PID=$!; PIDS+=($HB_PID)
PORT=$VAPOR_PORT DATABASE_PATH="$WORK/vapor.db" "$PEER_BUILDS/vapor-peer/.build/release/vapor-peer" >/dev/null 2>&1 & VAPOR_PID=$!; PIDS+=($VAPOR_PID)
nginx -p "$WORK/nginx" -c "$WORK/nginx.conf" -e "$WORK/nginx/logs/error.log" & NGINX_PID=$!; PIDS+=($NGINX_PID)
for port in $GIF_PORT $TRANSPORT_PORT $HB_PORT $VAPOR_PORT $NGINX_PORT; do wait_up "http://127.0.0.1:$port/healthz"; done
cmp <(curl -fsS "http://127.0.0.1:$TRANSPORT_PORT/favorites") "$WORK/nginx/html/favorites.json"
cmp <(curl -fsS "http://127.0.0.1:$HB_PORT/favorites") "$WORK/nginx/html/favorites.json"

echo "machine: $(nproc) cores, $(uname -r); loadavg $(cut -d' ' -f1-3 /proc/loadavg)"

GIF="http://127.0.0.1:$GIF_PORT"
upstream_calls() { curl -fsS "$GIF/metrics" | awk '/^gif_bff_upstream_calls_total/ { n += $NF } END { print n + 0 }'; }
if want apps || want cpu; then
    # 20 favorites, added through the API; then the answers, fetched once so they are cached, are
    # written out for nginx, which serves exactly those bytes (checked with cmp).
    # The same 20 again for an install (issue 22): its /favorites is asked for with its token,
    # beside the local install's (no token), in one interleaved run.
    install_token=$(curl -fsS -X POST "$GIF/installs" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    favorite_ids=$(curl -fsS "$GIF/search?q=dog&limit=20" | python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)["data"]))')
    add_favorites() {  # BASE_URL [TOKEN]
        local id auth=(); [ -n "${2:-}" ] && auth=(-H "Authorization: Bearer $2")
        for id in $favorite_ids; do
            curl -fsS -o /dev/null -H 'Content-Type: application/json' "${auth[@]}" -d "{\"id\":\"$id\"}" "$1/favorites"
        done
    }
    add_favorites "$GIF"; add_favorites "$GIF" "$install_token"
    # bench.sh runs plain wrk: a URL marked #install is asked for with the token (the mark left out).
    mkdir -p "$WORK/install-wrk"
    cat >"$WORK/install-wrk/wrk" <<EOF
#!/usr/bin/env bash
url="\${@: -1}"
if [[ "\$url" == *"#install" ]]; then
    exec $(command -v wrk) -H "Authorization: Bearer $install_token" "\${@:1:\$#-1}" "\${url%#install}"
fi
exec $(command -v wrk) "\$@"
EOF
    chmod +x "$WORK/install-wrk/wrk"
    gif_id=$(curl -fsS "$GIF/search?q=cat" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')
    declare -A APP_PATH=([search]="/search?q=cat" [trending]="/trending" [gif]="/gif/$gif_id" [favorites]="/favorites")
    for name in search trending gif favorites; do
        curl -fsS "$GIF${APP_PATH[$name]}" >/dev/null
        curl -fsS "$GIF${APP_PATH[$name]}" >"$WORK/nginx/html/app-$name.json"
        cmp <(curl -fsS "http://127.0.0.1:$NGINX_PORT/app/$name") "$WORK/nginx/html/app-$name.json"
        echo "gif-bff ${APP_PATH[$name]}: $(wc -c <"$WORK/nginx/html/app-$name.json") bytes"
    done
    # The gzip form of the cached page, as gif-bff sends it, for nginx's gzip_static.
    curl -fsS -H 'Accept-Encoding: gzip' "$GIF${APP_PATH[search]}" >"$WORK/nginx/html/app-search.json.gz"
    cmp <(curl -fsS -H 'Accept-Encoding: gzip' "http://127.0.0.1:$NGINX_PORT/app/search") "$WORK/nginx/html/app-search.json.gz"
    gzip -dc "$WORK/nginx/html/app-search.json.gz" | cmp - "$WORK/nginx/html/app-search.json"
    echo "gif-bff ${APP_PATH[search]} with Accept-Encoding: gzip: $(wc -c <"$WORK/nginx/html/app-search.json.gz") bytes"
    echo "hb and vapor /favorites (20): $(wc -c <"$WORK/nginx/html/favorites.json") bytes"
    # The transport alone on each cached answer's bytes (its /favorites route serves its file), for
    # the cpu table; the gzip bytes are sent as they are, without a Content-Encoding header.
    declare -A APP_TRANSPORT_PORT=([search]=28085 [trending]=28086 [gif]=28087 [search-gzip]=28088) APP_TRANSPORT_PID=()
    for name in search trending gif search-gzip; do
        file="$WORK/nginx/html/app-$name.json"; [ "$name" = search-gzip ] && file="$WORK/nginx/html/app-search.json.gz"
        "$BIN/transport-bench-server" "${APP_TRANSPORT_PORT[$name]}" "$file" >/dev/null & APP_TRANSPORT_PID[$name]=$!; PIDS+=($!)
        wait_up "http://127.0.0.1:${APP_TRANSPORT_PORT[$name]}/healthz"
        cmp <(curl -fsS "http://127.0.0.1:${APP_TRANSPORT_PORT[$name]}/favorites") "$file"
    done
    if [ -n "$BASE_PID" ]; then
        # BASELINE's gif-bff prepared the same way: the same favorites, the same answers cached
        # (and their gzip form made). Its own links name its own port (the link base is the request's
        # Host), so the bytes are compared with that port read as gif-bff's; a build whose answers
        # differ otherwise is measured all the same, with a note.
        BASE="http://127.0.0.1:$BASE_PORT"
        add_favorites "$BASE"
        for name in search trending gif; do
            curl -fsS -o /dev/null "$BASE${APP_PATH[$name]}"
            cmp -s <(curl -fsS "$BASE${APP_PATH[$name]}" | sed "s/127\.0\.0\.1:$BASE_PORT/127.0.0.1:$GIF_PORT/g") "$WORK/nginx/html/app-$name.json" \
                || echo "note: the baseline's ${APP_PATH[$name]} differs from gif-bff's ($(curl -fsS "$BASE${APP_PATH[$name]}" | wc -c) bytes)"
        done
        curl -fsS -o /dev/null -H 'Accept-Encoding: gzip' "$BASE${APP_PATH[search]}"
    fi
fi

if want apps; then
    for c in $CONNS; do
        echo; echo "## GET /favorites (20), $c connections: gif-bff beside the peers' /favorites"
        "$PEERS/bench.sh" -c "$c" -d "$DURATION" -w "$WARMUP" -r "$ROUNDS" -o "$WORK/out/app-favorites" -b hb \
            "gif-bff=$GIF/favorites@$GIF_PID" \
            "hb=http://127.0.0.1:$HB_PORT/favorites@$HB_PID" \
            "vapor=http://127.0.0.1:$VAPOR_PORT/favorites@$VAPOR_PID" 2>/dev/null
        echo; echo "## GET /favorites (20), $c connections: an install's (its token) beside the local install's (no token)"
        PATH="$WORK/install-wrk:$PATH" "$PEERS/bench.sh" -c "$c" -d "$DURATION" -w "$WARMUP" -r "$ROUNDS" -o "$WORK/out/app-favorites-install" -b local \
            "local=$GIF/favorites@$GIF_PID" \
            "install=$GIF/favorites#install@$GIF_PID" 2>/dev/null
        for name in search trending gif; do
            echo; echo "## cached GET ${APP_PATH[$name]}, $c connections: gif-bff beside nginx serving its bytes"
            "$PEERS/bench.sh" -c "$c" -d "$DURATION" -w "$WARMUP" -r "$ROUNDS" -o "$WORK/out/app-$name" -b nginx \
                "gif-bff=$GIF${APP_PATH[$name]}@$GIF_PID" \
                "nginx=http://127.0.0.1:$NGINX_PORT/app/$name@$NGINX_PID" \
                "nginx-again=http://127.0.0.1:$NGINX_PORT/app/$name@$NGINX_PID" 2>/dev/null
        done
        echo; echo "## cached GET ${APP_PATH[search]} with Accept-Encoding: gzip, $c connections: gif-bff beside nginx's gzip_static"
        PATH="$WORK/gzip-wrk:$PATH" "$PEERS/bench.sh" -c "$c" -d "$DURATION" -w "$WARMUP" -r "$ROUNDS" -o "$WORK/out/app-search-gzip" -b nginx \
            "gif-bff=$GIF${APP_PATH[search]}@$GIF_PID" \
            "nginx=http://127.0.0.1:$NGINX_PORT/app/search@$NGINX_PID" \
            "nginx-again=http://127.0.0.1:$NGINX_PORT/app/search@$NGINX_PID" 2>/dev/null
    done
    echo; echo "## The hot path's targets (issue 34 item 2), from the tables above"
    python3 "$ROOT/bench/hot_path_verdict.py" "$WORK/out" "$CONNS" "$ROUNDS"
fi

if want cpu; then
    # For instructions per request; the table says so and shows /proc only if perf cannot count.
    command -v perf >/dev/null || { apt-get install -y -qq linux-perf >/dev/null 2>&1 || true; }
    for c in $CONNS; do
        echo; echo "## CPU per cached request, $c connections: gif-bff${BASE_PID:+, before (BASELINE=$BASELINE)}, nginx serving the same bytes, the transport alone (bench/cpu_per_request.py)"
        targets=()
        for name in search trending gif search-gzip; do
            path=${APP_PATH[${name%-gzip}]}; row=$path; header=""; file=$name
            [ "$name" = gif ] && row="/gif/{id}"
            [ "$name" = search-gzip ] && { row="$path gzip"; header="Accept-Encoding: gzip"; file=search; }
            targets+=("$row|gif-bff|$GIF_PID|$header|$GIF$path")
            [ -n "$BASE_PID" ] && targets+=("$row|before|$BASE_PID|$header|$BASE$path")
            targets+=("$row|nginx|$NGINX_PID|$header|http://127.0.0.1:$NGINX_PORT/app/$file"
                      "$row|transport|${APP_TRANSPORT_PID[$name]}|$header|http://127.0.0.1:${APP_TRANSPORT_PORT[$name]}/favorites")
        done
        python3 "$ROOT/bench/cpu_per_request.py" "$WORK/out/cpu" "$c" "$ROUNDS" "$CPU_DURATION" "$CPU_WARMUP" "${targets[@]}"
    done
fi

if want mixed; then
    echo; echo "## mixed app traffic, 64 connections (plan: bench/mixed_plan.py)"
    python3 "$ROOT/bench/mixed_plan.py" $GIF_PORT "$WORK/mixed.plan"
    calls_before=$(upstream_calls); mixed_total=0; mixed_rss_100k=""; mixed_at_100k=""; mixed_start=$(date +%s); chunk=0
    while [ "$mixed_total" -lt "$MIXED_REQUESTS" ] && [ $(( $(date +%s) - mixed_start )) -lt "$MIXED_SECONDS" ]; do
        chunk=$((chunk + 1))
        MIXED_PLAN="$WORK/mixed.plan" wrk -t2 -c64 -d10s --latency -s "$ROOT/bench/mixed.lua" "$GIF" >"$WORK/out/mixed-$chunk.txt"
        n=$(awk '/requests in/ { print $1 }' "$WORK/out/mixed-$chunk.txt")
        mixed_total=$((mixed_total + ${n:-0}))
        if [ -z "$mixed_rss_100k" ] && [ "$mixed_total" -ge 100000 ]; then mixed_rss_100k=$(rss_mib $GIF_PID); mixed_at_100k=$mixed_total; fi
    done
    # The first chunk warms the cache (its upstream calls are the plan's distinct pages); the
    # figures below are the median chunk's.
    python3 - "$WORK/out" "$chunk" <<'PY'
import re, statistics, sys
out, chunks = sys.argv[1], int(sys.argv[2])
def ms(text):
    value, unit = float(text[:-2] if text.endswith(("ms", "us")) else text[:-1]), text[-2:] if text.endswith(("ms", "us")) else text[-1:]
    return value * {"us": 0.001, "ms": 1, "s": 1000}[unit]
rows = []
for index in range(1, chunks + 1):
    text = open(f"{out}/mixed-{index}.txt").read()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    # Anchored: "50%" also ends numbers such as "84.50%" in wrk's thread statistics.
    p50 = ms(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1)); p99 = ms(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1))
    other = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    total = int(re.search(r"(\d+) requests in", text).group(1))
    rows.append((rate, p50, p99, int(other.group(1)) if other else 0, total))
later = rows[1:] or rows
print(f"{chunks} chunks of 10 s; median chunk (after the first): {statistics.median(r[0] for r in later):,.0f} req/s, "
      f"p50 {statistics.median(r[1] for r in later):.2f} ms, p99 {statistics.median(r[2] for r in later):.2f} ms; "
      f"first chunk (cold cache): {rows[0][0]:,.0f} req/s, p99 {rows[0][2]:.2f} ms; "
      f"non-2xx/3xx (409 full, 404 not a favorite): {sum(r[3] for r in rows)} of {sum(r[4] for r in rows)}")
PY
    mixed_rss=$(rss_mib $GIF_PID)
    echo "upstream calls: $(( $(upstream_calls) - calls_before )) for $mixed_total requests"
    echo "RSS: ${mixed_rss_100k:-?} MiB after ${mixed_at_100k:-?} requests; $mixed_rss MiB after $mixed_total" \
        "(ratio $(awk -v a="$mixed_rss" -v b="${mixed_rss_100k:-0}" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'))"
fi
want throughput && for c in $CONNS; do
    echo; echo "## GET /healthz, $c connections"
    "$PEERS/bench.sh" -c "$c" -d "$DURATION" -w "$WARMUP" -r "$ROUNDS" -o "$WORK/out/healthz" -b hb \
        "gif-bff=http://127.0.0.1:$GIF_PORT/healthz@$GIF_PID" \
        "hb=http://127.0.0.1:$HB_PORT/healthz@$HB_PID" \
        "vapor=http://127.0.0.1:$VAPOR_PORT/healthz@$VAPOR_PID" 2>/dev/null
    echo; echo "## fixed 10 KiB JSON, $c connections"
    "$PEERS/bench.sh" -c "$c" -d "$DURATION" -w "$WARMUP" -r "$ROUNDS" -o "$WORK/out/fixed" -b nginx \
        "transport=http://127.0.0.1:$TRANSPORT_PORT/favorites@$TRANSPORT_PID" \
        "nginx=http://127.0.0.1:$NGINX_PORT/favorites@$NGINX_PID" \
        "hb=http://127.0.0.1:$HB_PORT/favorites@$HB_PID" \
        "vapor=http://127.0.0.1:$VAPOR_PORT/favorites@$VAPOR_PID" 2>/dev/null
done

if want rss; then
echo; echo "## gif-bff RSS under load (GET /healthz, 64 connections)"
total=0; rss_100k=""; at_100k=""; runs=0
while [ "$total" -lt 1000000 ] && [ "$runs" -lt 60 ]; do
    runs=$((runs + 1))
    n=$(wrk -t2 -c64 -d2s "http://127.0.0.1:$GIF_PORT/healthz" | awk '/requests in/ { print $1 }')
    total=$((total + ${n:-0}))
    if [ -z "$rss_100k" ] && [ "$total" -ge 100000 ]; then rss_100k=$(rss_mib $GIF_PID); at_100k=$total; fi
done
rss_1m=$(rss_mib $GIF_PID)
echo "after $at_100k requests: ${rss_100k} MiB; after $total requests: ${rss_1m} MiB" \
    "(ratio $(awk -v a="$rss_1m" -v b="$rss_100k" 'BEGIN { printf "%.3f", a / b }'))"
fi

if want idle; then
    echo; echo "## 10,000 idle keep-alive connections on gif-bff"
    python3 "$ROOT/bench/idle_connections.py" $GIF_PORT $GIF_PID 10000
fi
