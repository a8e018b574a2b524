#!/usr/bin/env bash
# bench/fleet.sh: a fleet on PostgreSQL beside one instance on SQLite, in one run (issue 23).
#
#   bench/fleet.sh                          CONNS="64 512" ROUNDS=3 DURATION=8 by default
#   CONNS=64 ROUNDS=1 DURATION=4 bench/fleet.sh
#
# Starts a throwaway PostgreSQL cluster (Debian's postgresql, its own folder, loopback, a fixed
# port), two gif-bff instances on it behind nginx (the balancer), and one gif-bff on SQLite, all
# in demo mode with 20 favorites each; then prints, from ../shared/peers/bench.sh (interleaved wrk
# rounds, medians): GET /favorites (20) and the cached GET /search?q=cat through the balancer
# beside the single instance; and the cross-instance visibility delay: a favorite added (or
# removed) through one instance until the other lists it, 50 times, p50 and p99.
# Every server it starts is stopped by PID. Loopback only; every load is bounded in time.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PEERS="${PEERS_DIR:-$ROOT/../shared/peers}"
WORK="${BENCH_DIR:-/tmp/gif-bff-bench}/fleet"
CONNS="${CONNS:-64 512}"; ROUNDS="${ROUNDS:-3}"; DURATION="${DURATION:-8}"; WARMUP="${WARMUP:-2}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
SQLITE_PORT=28200; FLEET_PORTS=(28201 28202); BALANCER_PORT=28203; PG_PORT=28210

for tool in wrk nginx "$PG_BIN/initdb"; do
    command -v "$tool" >/dev/null || { echo "fleet: $tool is missing (apt-get install wrk nginx postgresql)" >&2; exit 1; }
done
source "$(dirname "$0")/servers.sh"

echo "# building (release)" >&2
(cd "$ROOT" && swift build -c release --product gif-bff >&2)
BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)"

rm -rf "$WORK"; mkdir -p "$WORK/out" "$WORK/nginx/logs"
# PostgreSQL runs as its own user; the cluster is this run's alone.
mkdir -p "$WORK/pg"; chown postgres:postgres "$WORK/pg"
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
as_postgres "$PG_BIN/initdb" -D "$WORK/pg/data" -A trust -U postgres >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -o "-p $PG_PORT -k $WORK/pg -c listen_addresses=127.0.0.1 -c max_connections=100" \
    -l "$WORK/pg/log" -w start >/dev/null
stop_postgres() { as_postgres "$PG_BIN/pg_ctl" -D "$WORK/pg/data" -m fast -w stop >/dev/null 2>&1 || true; }
trap 'cleanup; stop_postgres' EXIT
DATABASE_URL="postgresql://postgres@127.0.0.1:$PG_PORT/postgres"

GIF_BFF_PORT=$SQLITE_PORT GIF_BFF_DATABASE="$WORK/gif-bff.sqlite3" GIF_BFF_CACHE_FRESH_SECONDS=86400 GIF_BFF_MAX_CONNECTIONS=12000 GIF_BFF_MAX_CONNECTIONS_PER_CLIENT=0 \
    env -u GIPHY_API_KEY "$BIN/gif-bff" 2>"$WORK/sqlite.log" & SQLITE_PID=$!; PIDS+=($SQLITE_PID)
FLEET_PIDS=()
for port in "${FLEET_PORTS[@]}"; do
    GIF_BFF_PORT=$port GIF_BFF_DATABASE_URL="$DATABASE_URL" GIF_BFF_CACHE_FRESH_SECONDS=86400 GIF_BFF_MAX_CONNECTIONS=12000 GIF_BFF_MAX_CONNECTIONS_PER_CLIENT=0 \
        GIF_BFF_TRUSTED_PROXIES=127.0.0.1 env -u GIPHY_API_KEY "$BIN/gif-bff" 2>"$WORK/fleet-$port.log" & FLEET_PIDS+=($!); PIDS+=($!)
done
cat >"$WORK/nginx.conf" <<EOF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    upstream fleet {
        server 127.0.0.1:${FLEET_PORTS[0]};
        server 127.0.0.1:${FLEET_PORTS[1]};
        keepalive 256;
    }
    server {
        listen 127.0.0.1:$BALANCER_PORT;
        location / {
            proxy_pass http://fleet;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$http_host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        }
    }
}
EOF
nginx -p "$WORK/nginx" -c "$WORK/nginx.conf" -e "$WORK/nginx/logs/error.log" -g 'daemon off;' & BALANCER_PID=$!; PIDS+=($BALANCER_PID)

wait_for() { for _ in $(seq 1 200); do curl -fsS -o /dev/null "$1/healthz" 2>/dev/null && return 0; sleep 0.05; done; echo "fleet: $1 did not start" >&2; exit 1; }
SQLITE="http://127.0.0.1:$SQLITE_PORT"; BALANCER="http://127.0.0.1:$BALANCER_PORT"
wait_for "$SQLITE"; for port in "${FLEET_PORTS[@]}"; do wait_for "http://127.0.0.1:$port"; done; wait_for "$BALANCER"

# 20 favorites each (the same GIFs), then every answer fetched once on every instance: cached.
ids=$(curl -fsS "$SQLITE/search?q=dog&limit=20" | python3 -c 'import json,sys; print(" ".join(g["id"] for g in json.load(sys.stdin)["data"]))')
for id in $ids; do
    for base in "$SQLITE" "$BALANCER"; do
        curl -fsS -o /dev/null -H 'Content-Type: application/json' -d "{\"id\":\"$id\"}" "$base/favorites"
    done
done
for base in "$SQLITE" "http://127.0.0.1:${FLEET_PORTS[0]}" "http://127.0.0.1:${FLEET_PORTS[1]}"; do
    for path in "/favorites" "/search?q=cat"; do curl -fsS -o /dev/null "$base$path"; done
done
cmp <(curl -fsS "$SQLITE/favorites" | python3 -c 'import json,sys; print([g["id"] for g in json.load(sys.stdin)["data"]])') \
    <(curl -fsS "$BALANCER/favorites" | python3 -c 'import json,sys; print([g["id"] for g in json.load(sys.stdin)["data"]])')
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}'), two gif-bff instances behind nginx; one gif-bff on SQLite; 20 favorites each"

for c in $CONNS; do
    for path in "/favorites" "/search?q=cat"; do
        echo; echo "## GET $path, $c connections: the fleet through nginx beside one instance on SQLite"
        "$PEERS/bench.sh" -c "$c" -d "$DURATION" -w "$WARMUP" -r "$ROUNDS" -o "$WORK/out/$(tr -c 'a-z' '_' <<<"$path")" -b sqlite \
            "sqlite=$SQLITE$path@$SQLITE_PID" \
            "fleet=$BALANCER$path@$BALANCER_PID" 2>/dev/null
    done
done
echo "(fleet cpu_pct is nginx's; the two gif-bff instances' CPU: $(for pid in "${FLEET_PIDS[@]}"; do awk '{ printf "%.1f s ", ($14 + $15) / 100 }' "/proc/$pid/stat"; done)in all)"

echo; echo "## cross-instance visibility: a favorite added or removed through one instance, until the other lists it (50 changes)"
python3 - "http://127.0.0.1:${FLEET_PORTS[0]}" "http://127.0.0.1:${FLEET_PORTS[1]}" <<'PY'
import json, statistics, sys, time, urllib.request
first, second = sys.argv[1], sys.argv[2]
def call(method, url, body=None, token=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token: headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(), method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read() or b"null")
token = call("POST", first + "/installs")["token"]
item = call("GET", first + "/search?q=cat&limit=1")["data"][0]["id"]
call("GET", second + "/favorites", token=token)  # the second instance keeps the install's favorites in memory
delays = []
for index in range(50):
    adding = index % 2 == 0
    if adding: call("POST", first + "/favorites", {"id": item}, token)
    else: call("DELETE", first + "/favorites/" + item, token=token)
    answered = time.perf_counter()
    while True:
        listed = [g["id"] for g in call("GET", second + "/favorites", token=token)["data"]]
        if (item in listed) == adding: break
        if time.perf_counter() - answered > 2: sys.exit("fleet: a change not seen within 2 s")
    delays.append((time.perf_counter() - answered) * 1000)
delays.sort()
print(f"after the change was answered, listed by the other instance: p50 {statistics.median(delays):.2f} ms, "
      f"p99 {delays[int(len(delays) * 0.99) - 1]:.2f} ms, max {delays[-1]:.2f} ms (each poll is one GET /favorites)")
PY
