#!/usr/bin/env bash
# bench/backup_under_load.sh: what a snapshot of the SQLite file (GIF_BFF_BACKUP_DIR, SIGUSR1)
# costs on a database of realistic size, and what requests feel while one is taken.
#
#   bench/backup_under_load.sh                         the worktree's release build
#   BIN=/path/to/gif-bff bench/backup_under_load.sh    another build
#   SECONDS_UNDER_LOAD=20 CONNECTIONS=8 bench/backup_under_load.sh
#
# The database: made by the server, then filled by bench/backup_seed.py (500 installs, 10k
# favorites, 20k history entries, 50k cached answers: about 316 MB). Then the app's request mix
# (bench/mixed_plan.py, replayed by wrk with mixed.lua: searches, details, favorites lists, adds
# and removes) twice for SECONDS_UNDER_LOAD seconds: without snapshots, and with a SIGUSR1 every
# 2 seconds. Prints each snapshot's log line (bytes, milliseconds, how long its read transaction
# lasted) and wrk's latency percentiles of both runs; then, without wrk, bench/backup_probe.py
# twice (single requests of each kind, before and during one snapshot), and the backup counters
# of /metrics. Demo mode (no keys), loopback only; bounded: two wrk runs, at most
# SECONDS_UNDER_LOAD/2 signals, two probes of 7 s.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${BENCH_DIR:-/tmp/gif-bff-backup-load}"
PORT="${PORT:-28390}"; CONNECTIONS="${CONNECTIONS:-8}"; SECONDS_UNDER_LOAD="${SECONDS_UNDER_LOAD:-20}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/gif-bff"
fi
rm -rf "$WORK" && mkdir -p "$WORK"
source "$(dirname "$0")/servers.sh"
BASE="http://127.0.0.1:$PORT"
start_server() {
    env -u GIPHY_API_KEY -u UNSPLASH_ACCESS_KEY GIF_BFF_PORT=$PORT GIF_BFF_DATABASE="$WORK/gif-bff.sqlite3" \
        GIF_BFF_BACKUP_DIR="$WORK/backups" GIF_BFF_BACKUP_KEEP=3 GIF_BFF_CACHE_MAX_ENTRIES=100000 \
        GIF_BFF_FAVORITES_LIMIT=10000 GIF_BFF_LOG_LEVEL=info "$BIN" 2>>"$WORK/gif-bff.log" & SERVER=$!; PIDS+=($SERVER)
    wait_up "$BASE/healthz"
}
# The schema is the server's own: started once on an empty file, a search and stopped.
start_server
curl -fsS -o /dev/null "$BASE/search?q=cats"
kill "$SERVER"; wait "$SERVER" || true
python3 "$ROOT/bench/backup_seed.py" "$WORK/gif-bff.sqlite3"
start_server
python3 "$ROOT/bench/mixed_plan.py" "$PORT" "$WORK/plan.txt" >/dev/null

run_load() {  # LABEL
    MIXED_PLAN="$WORK/plan.txt" wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_UNDER_LOAD}s" --latency -s "$ROOT/bench/mixed.lua" "$BASE" >"$WORK/wrk-$1.txt"
    echo "== $1"
    grep -E "Latency|50%|75%|90%|99%|Requests/sec|requests in|Non-2xx" "$WORK/wrk-$1.txt"
}
run_load "no snapshots"
run_load "a snapshot every 2 s" &
LOAD=$!
for _ in $(seq 1 $((SECONDS_UNDER_LOAD / 2))); do sleep 2; kill -USR1 "$SERVER"; done
wait "$LOAD"
sleep 3  # the last snapshot's log line
echo "== snapshots under load"
grep 'msg="backup' "$WORK/gif-bff.log" || true
for round in 1 2; do
    echo "== one snapshot, four clients in step (round $round)"
    python3 "$ROOT/bench/backup_probe.py" "$PORT" "$SERVER"
done
echo "== those two snapshots"
grep 'msg="backup' "$WORK/gif-bff.log" | tail -2
curl -fsS "$BASE/metrics" | grep '^gif_bff_backup'
