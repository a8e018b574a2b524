#!/usr/bin/env bash
# bench/upstream_huge_rss.sh: gif-bff's RSS around huge GIPHY answers (issue 16 item 6).
# A small Python listener on loopback answers every request with a 200 JSON head and SIZE bytes of
# spaces, without a Content-Length (delimited by close) or with a lying small one (LYING=1);
# gif-bff's GIPHY base URL points at it. Prints VmRSS before, after a 50 MB and after a 200 MB
# answer, and how many body bytes the listener got rid of. Stops only the processes it started.
#   bench/upstream_huge_rss.sh                    # debug build
#   SIZES="50 200 200 200" bench/upstream_huge_rss.sh   # answers of these sizes in MB, in turn
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-upstream-rss}"
CONFIG="${CONFIG:-debug}"; PORT="${PORT:-28192}"; HUGE_PORT="${HUGE_PORT:-28193}"
(cd "$ROOT" && swift build -c "$CONFIG" --product gif-bff >&2)
BIN="${BIN:-$(cd "$ROOT" && swift build -c "$CONFIG" --show-bin-path)}"
rm -rf "$WORK" && mkdir -p "$WORK"
source "$(dirname "$0")/servers.sh"

python3 - "$HUGE_PORT" "$WORK/sent" <<'PY' & PIDS+=($!)
import socket, sys, re
port, log = int(sys.argv[1]), sys.argv[2]
server = socket.socket(); server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", port)); server.listen(16)
open(log + ".ready", "w").close()  # the script waits for this before its first call
chunk = b" " * 65536
while True:
    conn, _ = server.accept()
    head = b""
    while b"\r\n\r\n" not in head:
        data = conn.recv(4096)
        if not data: break
        head += data
    size = int(re.search(rb"q=huge(\d+)", head).group(1)) if re.search(rb"q=huge(\d+)", head) else 100
    sent = 0
    try:
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
        while sent < size:
            conn.sendall(chunk); sent += len(chunk)
    except OSError:
        pass
    conn.close()
    with open(log, "a") as f: f.write(f"{size} {sent}\n")
PY
# Listening before gif-bff's first call (else that call is refused and the 50 MB line is empty).
for _ in $(seq 1 100); do [ -e "$WORK/sent.ready" ] && break; sleep 0.1; done
GIPHY_API_KEY=bench-key GIPHY_BASE_URL="http://127.0.0.1:$HUGE_PORT/v1" GIF_BFF_PORT=$PORT \
    GIF_BFF_DATABASE="$WORK/bench.sqlite3" GIF_BFF_LOG_LEVEL=error GIF_BFF_CACHE=off \
    GIF_BFF_UPSTREAM_TIMEOUT_SECONDS=60 "$BIN/gif-bff" >"$WORK/gif-bff.log" 2>&1 & BFF=$!; PIDS+=($BFF)
wait_up "http://127.0.0.1:$PORT/healthz"
rss() { awk '/VmRSS/ {printf "%.1f MB", $2 / 1024}' "/proc/$BFF/status"; }
echo "## gif-bff RSS around huge GIPHY answers without Content-Length ($CONFIG build)"
echo "before:                    $(rss)"
answers=0
for mb in ${SIZES:-50 200}; do
    status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/search?q=huge$((mb * 1024 * 1024))&limit=1")
    answers=$((answers + 1))
    # Until the listener has logged this answer (its send fails once gif-bff hangs up), 10 s at most.
    for _ in $(seq 1 100); do [ "$(cat "$WORK/sent" 2>/dev/null | wc -l)" -ge "$answers" ] && break; sleep 0.1; done
    sleep 0.5
    echo "after a $mb MB answer ($status): $(rss); the listener sent $(tail -1 "$WORK/sent" | awk '{print $2}') bytes"
done
