#!/usr/bin/env bash
# bench/demo_drawing.sh: demo photos drawn under a burst (issue 31, item 6), on a release build.
#
#   bench/demo_drawing.sh                        51 concurrent requests for demo photos never drawn
#                                                (50 distinct w= values from 400 to 5300, one without
#                                                w) while one client asks a cached /search in a loop;
#                                                prints the answers by status, the burst's time, the
#                                                server's peak RSS (VmHWM) and threads, and /search
#                                                latency before and during the burst
#   BIN=path/to/gif-bff bench/demo_drawing.sh    another build
#
# Threads and RSS are sampled from /proc/PID/status every 10 ms. Loopback only; the server it
# starts is stopped by PID.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d /tmp/gif-bff-demo-drawing.XXXXXX)"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY "$BIN" --host 127.0.0.1 --port 0 --database "$WORK/db.sqlite3" \
    --log-level warning >"$WORK/server.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 1 100); do
    BASE=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$WORK/server.log" | head -1 || true)
    [ -n "$BASE" ] && curl -fsS "$BASE/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
[ -n "$BASE" ] || { cat "$WORK/server.log" >&2; exit 1; }

python3 - "$BASE" "$PID" <<'PY'
import json, statistics, sys, threading, time, urllib.error, urllib.request
base, pid = sys.argv[1], sys.argv[2]

def get(path, timeout=300):
    started = time.monotonic()
    try:
        with urllib.request.urlopen(base + path, timeout=timeout) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as error:
        error.read()
        status = error.code
    return status, time.monotonic() - started

def status_field(name):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(name + ":"):
            return int(line.split()[1])

def latency(samples):
    ms = sorted(s * 1000 for s in samples)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return f"{len(ms)} requests, median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms"

probe = "/search?q=cat&limit=24"
for _ in range(3):
    get(probe)
photos = []
for offset in (0, 30):
    page = json.loads(urllib.request.urlopen(f"{base}/trending?provider=unsplash&limit=30&offset={offset}&renditions=raw").read())
    photos += [item["images"]["raw"]["url"].split("//", 1)[1].split("/", 1)[1] for item in page["data"]]
targets = ["/" + photos[i] + f"&w={400 + 100 * i}" for i in range(50)] + ["/" + photos[50]]
print(f"before the burst: threads {status_field('Threads')}, RSS {status_field('VmRSS') / 1024:.1f} MiB, "
      f"peak RSS {status_field('VmHWM') / 1024:.1f} MiB")
print(f"  cached {probe} alone: " + latency([get(probe)[1] for _ in range(200)]))

done = threading.Event()
peak_threads = [0]
def sample():
    while not done.is_set():
        peak_threads[0] = max(peak_threads[0], status_field("Threads"))
        time.sleep(0.01)
probed = []
def probe_loop():
    while not done.is_set():
        probed.append(get(probe)[1])
results = [None] * len(targets)
def fetch(index):
    results[index] = get(targets[index])
watchers = [threading.Thread(target=sample), threading.Thread(target=probe_loop)]
for watcher in watchers:
    watcher.start()
started = time.monotonic()
burst = [threading.Thread(target=fetch, args=(i,)) for i in range(len(targets))]
for thread in burst:
    thread.start()
for thread in burst:
    thread.join()
elapsed = time.monotonic() - started
done.set()
for watcher in watchers:
    watcher.join()
statuses = {}
for status, _ in results:
    statuses[status] = statuses.get(status, 0) + 1
print(f"burst of {len(targets)} photos: {elapsed:.1f} s, answers {dict(sorted(statuses.items()))}, "
      f"slowest photo {max(t for _, t in results):.1f} s")
print(f"  peak threads {peak_threads[0]}, peak RSS (VmHWM) {status_field('VmHWM') / 1024:.1f} MiB, "
      f"RSS after {status_field('VmRSS') / 1024:.1f} MiB")
print(f"  cached {probe} meanwhile: " + latency(probed))
PY
