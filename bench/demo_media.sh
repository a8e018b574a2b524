#!/usr/bin/env bash
# bench/demo_media.sh: what the demo catalogs' pictures cost (issue 20), on a release build.
#
#   bench/demo_media.sh            prints: server CPU for a default grid page's 24 GIFs, first drawn
#                                  and again (cached); bytes per grid GIF; the memory cache and the
#                                  server's RSS after 1,000 distinct pictures
#   BIN=path/to/gif-bff bench/demo_media.sh     another build
#
# Server CPU is the sum of the process's threads' run time (/proc/PID/task/*/schedstat, in ns),
# read before and after each part; the requests come one at a time from one client (curl).
# Loopback only; the server it starts is stopped by PID.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d /tmp/gif-bff-demo-media.XXXXXX)"
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY "$BIN" --host 127.0.0.1 --port 0 --database "$WORK/db.sqlite3" \
    --log-level info >"$WORK/server.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 1 100); do
    BASE=$(grep -o 'url=http://127\.0\.0\.1:[0-9]*' "$WORK/server.log" | head -1 | cut -d= -f2 || true)
    [ -n "$BASE" ] && curl -fsS "$BASE/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
[ -n "$BASE" ] || { cat "$WORK/server.log" >&2; exit 1; }

python3 - "$BASE" "$PID" <<'EOF'
import glob, json, statistics, sys, urllib.request
base, pid = sys.argv[1], sys.argv[2]

def cpu_ns():
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            total += int(open(path).read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total

def get(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.read()

def rss_mib():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

def metric(name):
    for line in get(base + "/metrics").decode().splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])

page = json.loads(get(base + "/search?q=cat"))["data"]
grid = [item["images"]["fixed_width"]["url"] for item in page if "fixed_width" in item.get("images", {})]
print(f"grid page: /search?q=cat, {len(page)} items, {len(grid)} with a fixed_width GIF")
rounds = []
for label in ("first drawn", "cached"):
    before = cpu_ns()
    sizes = [len(get(url)) for url in grid]
    rounds.append((label, (cpu_ns() - before) / 1e6, sizes))
for label, ms, sizes in rounds:
    print(f"  {label:12} server CPU {ms:7.1f} ms for {len(sizes)} GIFs ({ms / max(1, len(sizes)):.2f} ms each)")
sizes = rounds[0][2]
print(f"  bytes per grid GIF: min {min(sizes):,}, median {int(statistics.median(sizes)):,}, max {max(sizes):,}")

rss_before = rss_mib()
pictures = set(grid)
offset = 0
while len(pictures) < 1000 and offset <= 450:
    answer = json.loads(get(f"{base}/trending?limit=50&offset={offset}&renditions=fixed_width,still"))
    for item in answer["data"]:
        for rendition in item.get("images", {}).values():
            pictures.add(rendition["url"])
    offset += 50
offset = 0
while len(pictures) < 1000 and offset <= 300:
    answer = json.loads(get(f"{base}/trending?provider=unsplash&limit=30&offset={offset}&renditions=small"))
    for item in answer["data"]:
        pictures.add(item["images"]["small"]["url"])
    offset += 30
pictures = sorted(pictures)[:1000]
before = cpu_ns()
total = sum(len(get(url)) for url in pictures)
print(f"1,000 distinct pictures (grid GIFs, their stills, 400 px photos): {total / 1e6:.2f} MB served, "
      f"server CPU {(cpu_ns() - before) / 1e6:.0f} ms")
print(f"  cache: {metric('gif_bff_demo_media_cache_pictures'):.0f} pictures, "
      f"{metric('gif_bff_demo_media_cache_bytes') / 1024 / 1024:.2f} MiB; "
      f"server RSS {rss_before:.1f} MiB before, {rss_mib():.1f} MiB after")
EOF
