# bench/servers.sh: sourced by the bench scripts. Servers they start go in PIDS and are stopped
# by PID when the script ends; INT/TERM end the script (the EXIT trap then stops the servers; a
# bare trap would carry on).
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Waits (10 s at most) until URL answers 2xx.
wait_up() {  # URL
    for _ in $(seq 1 200); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.05; done
    echo "not answering: $1" >&2; return 1
}
