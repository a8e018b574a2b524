# docker/verify-lib.sh: what docker/verify.sh and docker/verify-fleet.sh share (sourced, not
# run). Each sets VERIFY_NAME (the prefix of its lines) and WORK (its temporary folder) first,
# and counts its checks in `passed` and `failed`.

say() { printf '%s: %s\n' "$VERIFY_NAME" "$*"; }
pass() { passed=$((passed + 1)); printf '%s: ok   %s\n' "$VERIFY_NAME" "$*"; }
fail() { failed=$((failed + 1)); printf '%s: FAIL %s\n' "$VERIFY_NAME" "$*" >&2; }
die() { fail "$*"; exit 1; }
# podman without systemd as PID 1 logs an error for every healthcheck timer it cannot
# add or remove, though the command succeeds; keep podman's other messages.
pm() {
    local rc=0
    podman "$@" 2>"$WORK/podman.err" || rc=$?
    grep -v 'unable to get systemd connection' "$WORK/podman.err" >&2 || true
    return "$rc"
}
# Long steps run as a child that the shell waits for, so a signal to this script is handled
# at once (bash runs traps only between commands) and the cleanup can end the child.
CHILD=""
run_child() { # log command...
    local log="$1" rc=0
    shift
    "$@" >"$log" 2>&1 &
    CHILD=$!
    wait "$CHILD" || rc=$?
    CHILD=""
    return "$rc"
}
# Ends the child run_child waits for, if any (from a cleanup trap).
end_child() {
    if [ -n "$CHILD" ] && kill -0 "$CHILD" 2>/dev/null; then
        kill -TERM "$CHILD" 2>/dev/null
        wait "$CHILD" 2>/dev/null
    fi
}
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Rootful podman as this machine needs it, without touching /etc: runc, cgroupfs (no
# systemd as PID 1), events to a file, and ulimits a container may have here. Kept if the
# caller (verify.sh, for verify-fleet.sh) already set it up.
podman_settings() {
    [ -n "${CONTAINERS_CONF:-}" ] && [ -f "$CONTAINERS_CONF" ] && return 0
    local nofile
    nofile="$(ulimit -Hn)"
    [ "$nofile" = unlimited ] && nofile=1048576
    cat >"$WORK/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=32768:32768"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
    export CONTAINERS_CONF="$WORK/containers.conf"
    # buildah's temporary files go under WORK, which the cleanup removes.
    mkdir -p "$WORK/tmp"
    export TMPDIR="$WORK/tmp"
}
