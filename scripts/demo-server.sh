# Sourced by scripts that need a running gif-bff on the demo catalogs (browser-tests.sh,
# client-smoke.sh). Defines start_demo_server; the caller's EXIT trap stops $server_pid.
#
#   start_demo_server NAME BINARY WORK_DIR [MORE FLAGS...]
#
# No keys: the built-in demo catalogs. Port 0: a free port, read back from the start-up line.
# Sets server_pid and base_url; prints the log and exits 1 when the server is not up in 10 s.
start_demo_server() {
    local name="$1" binary="$2" dir="$3"
    shift 3
    : >"$dir/server.log"
    env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY "$binary" --host 127.0.0.1 --port 0 \
        --database "$dir/db.sqlite3" "$@" >"$dir/server.log" 2>&1 &
    server_pid=$!
    base_url=""
    for _ in $(seq 1 100); do
        base_url=$(grep -o 'url=http://127\.0\.0\.1:[0-9]*' "$dir/server.log" | head -1 | cut -d= -f2 || true)
        if [ -n "$base_url" ] && curl -fsS "$base_url/healthz" >/dev/null 2>&1; then return 0; fi
        base_url=""
        sleep 0.1
    done
    echo "$name: gif-bff did not start" >&2
    cat "$dir/server.log" >&2
    exit 1
}
