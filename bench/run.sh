#!/usr/bin/env bash
# bench/run.sh: gif-bff's transport beside Hummingbird 2, Vapor 4 and nginx, in one run, on loopback.
#
#   bench/run.sh                 everything (builds what is missing; peers take minutes the first time)
#   CONNS="64" ROUNDS=1 DURATION=4 bench/run.sh     a quicker look
#   SECTIONS="idle" bench/run.sh                     one part only (throughput, rss, idle)
# gif-bff runs with GIF_BFF_MAX_CONNECTIONS=12000 so the idle test can hold 10,000 connections
# (the default limit is 4096).
#
# Prints, from ../shared/peers/bench.sh (interleaved wrk rounds, medians):
#   1. GET /healthz: gif-bff (the real executable) beside hb and vapor, at each connection count;
#   2. a fixed 10,264-byte JSON body: transport-bench-server beside nginx serving the same file,
#      and beside hb and vapor's GET /favorites (the same bytes, read from SQLite);
#   3. gif-bff's RSS after 100k and after 1M /healthz requests;
#   4. 10,000 idle keep-alive connections held by gif-bff: its RSS, and /healthz meanwhile.
# Every server it starts is stopped by PID. Loopback only; every load is bounded in time.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PEERS="${PEERS_DIR:-$ROOT/../shared/peers}"
WORK="${BENCH_DIR:-/tmp/gif-bff-bench}"
PEER_BUILDS="${PEER_BUILDS:-/tmp/gif-bff-peer-builds}"
CONNS="${CONNS:-64 512}"; ROUNDS="${ROUNDS:-3}"; DURATION="${DURATION:-8}"; WARMUP="${WARMUP:-2}"
SECTIONS="${SECTIONS:-throughput rss idle}"   # any of: throughput rss idle
want() { [[ " $SECTIONS " == *" $1 "* ]]; }
# Fixed ports below the kernel's ephemeral range (32768+), so no client socket can be holding them.
GIF_PORT=28080; TRANSPORT_PORT=28081; HB_PORT=28082; VAPOR_PORT=28083; NGINX_PORT=28090

[ -d "$PEERS" ] || { echo "peers not found at $PEERS (set PEERS_DIR)" >&2; exit 1; }
for tool in wrk nginx; do
    command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk nginx >/dev/null; break; }
done

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
sed "s/127.0.0.1:8090/127.0.0.1:$NGINX_PORT/" "$PEERS/nginx.conf" >"$WORK/nginx.conf"

# gif-bff logs every request at the default level; the lines go to a file, as they would in use.
GIF_BFF_PORT=$GIF_PORT GIF_BFF_DATABASE="$WORK/gif-bff.sqlite3" GIF_BFF_MAX_CONNECTIONS=12000 "$BIN/gif-bff" 2>"$WORK/gif-bff.log" & GIF_PID=$!; PIDS+=($GIF_PID)
"$BIN/transport-bench-server" $TRANSPORT_PORT "$WORK/nginx/html/favorites.json" & TRANSPORT_PID=$!; PIDS+=($TRANSPORT_PID)
PORT=$HB_PORT DATABASE_PATH="$WORK/hb.db" "$PEER_BUILDS/hb-peer/.build/release/hb-peer" >/dev/null 2>&1 & HB_PID=$!; PIDS+=($HB_PID)
PORT=$VAPOR_PORT DATABASE_PATH="$WORK/vapor.db" "$PEER_BUILDS/vapor-peer/.build/release/vapor-peer" >/dev/null 2>&1 & VAPOR_PID=$!; PIDS+=($VAPOR_PID)
nginx -p "$WORK/nginx" -c "$WORK/nginx.conf" -e "$WORK/nginx/logs/error.log" & NGINX_PID=$!; PIDS+=($NGINX_PID)
for port in $GIF_PORT $TRANSPORT_PORT $HB_PORT $VAPOR_PORT $NGINX_PORT; do wait_up "http://127.0.0.1:$port/healthz"; done
cmp <(curl -fsS "http://127.0.0.1:$TRANSPORT_PORT/favorites") "$WORK/nginx/html/favorites.json"
cmp <(curl -fsS "http://127.0.0.1:$HB_PORT/favorites") "$WORK/nginx/html/favorites.json"

echo "machine: $(nproc) cores, $(uname -r); loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
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
