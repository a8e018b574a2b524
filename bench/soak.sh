#!/usr/bin/env bash
# bench/soak.sh: a day in an hour (issue 24 item 5). 30 minutes of the mixed plan against gif-bff in
# front of fake-giphy, the upstream failing in turn a minute each (slow, 500, reset, 429, down),
# gif-bff SIGKILLed and restarted every 3 minutes; prints each minute req/s, p50/p99, answers by
# problem code, socket errors, RSS, open descriptors and upstream calls, then the verdict (RSS and
# descriptors flat after minute 5, errors no fault explains, acknowledged favorites lost).
#
#   nice -n 10 bench/soak.sh            the full 30 minutes (it loads the machine: be nice)
#   SOAK_MINUTES=3 bench/soak.sh         a short look (one restart, three phases)
#   SOAK_MINUTES=12 SOAK_RESTART_MINUTES=0 nice -n 10 bench/soak.sh    one process throughout: does its RSS level off?
#   SOAK_PHASES=healthy SOAK_RESTART_MINUTES=0 bench/soak.sh            memory alone, no faults (heap_MiB beside RSS)
#
# Loopback only; every process it starts is stopped by PID (bench/soak.py says more). Not for CI.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
if [ -z "${BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product gif-bff >&2 && swift build -c release --product fake-giphy >&2)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)"
fi
BIN="$BIN" exec python3 "$ROOT/bench/soak.py"
