#!/usr/bin/env bash
# Issue 16.13: the whole test suite under ThreadSanitizer, then under AddressSanitizer.
# Prints the seconds each took; fails on a failed test AND on any sanitizer report, also one
# from a child process (gif-bff, transport-bench-server) or one XCTest did not notice.
#
#   scripts/sanitizers.sh            both
#   scripts/sanitizers.sh thread     one of them (thread | address)
#
# Builds go to .build-tsan and .build-asan (git-ignored), apart from the normal .build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
here="$root/scripts/sanitizers"
if [ $# -gt 0 ]; then sanitizers=("$@"); else sanitizers=(thread address); fi

reports=$(mktemp -d /tmp/gif-bff-sanitizers.XXXXXX)
trap 'rm -rf "$reports"' EXIT
failed=0

# Counts reports in the test log and in the per-process report files (log_path), prints them.
check_reports() {
    local name=$1 log=$2 pattern=$3
    local found
    found=$( (cat "$log" "$reports/$name".* 2>/dev/null || true) | grep -c -E "$pattern" || true)
    if [ "$found" -gt 0 ]; then
        echo "sanitizers: $name: $found report(s):" >&2
        cat "$reports/$name".* >&2 2>/dev/null || true
        grep -E -A30 "$pattern" "$log" >&2 || true
        return 1
    fi
}

# Builds everything, tests included, with one sanitizer; shows the errors if that fails.
build_with() {
    local sanitizer=$1 scratch=$2
    if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" >"$reports/build.log" 2>&1; then
        grep -E "error" "$reports/build.log" | head -40 >&2 || tail -40 "$reports/build.log" >&2
        echo "sanitizers: $sanitizer: the build failed" >&2
        exit 1
    fi
}

# Prints a run's test count and times; any test failure or sanitizer report fails the script.
report_run() {
    local sanitizer=$1 log=$2 marker=$3 started=$4 tested=$5 status=$6
    # The whole run's count is the largest; its line says how many were skipped, when any were.
    echo "sanitizers: $sanitizer: $(grep -E -o "Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[0-9]+ failures?" "$log" | sort -k2,2n | tail -1)"
    echo "sanitizers: $sanitizer: build $(( tested - started )) s, tests $(( $(date +%s) - tested )) s"
    check_reports "$sanitizer" "$log" "$marker" || status=1
    if [ "$status" -ne 0 ]; then
        grep -E "error:|failed" "$log" | head -40 >&2 || true
        echo "sanitizers: $sanitizer: FAILED (exit $status, log $log)" >&2
        failed=1
    fi
}

run_thread() {
    local started log=/tmp/gif-bff-tsan.log
    started=$(date +%s)
    build_with thread .build-tsan
    # Synchronization.Mutex's contended paths are not instrumented: see the shim's comment.
    local shim="$root/.build-tsan/tsan-mutex-edges.so"
    clang -O1 -fPIC -shared -Wall -Wextra -Werror -o "$shim" "$here/tsan-mutex-edges.c" -ldl
    check_shim "$shim"
    local status=0 tested
    tested=$(date +%s)
    # log_path: every process's reports land in a file of its own (children write to pipes
    # the tests may not read). exitcode: a report also fails the run even if XCTest passes.
    LD_PRELOAD="$shim" \
        TSAN_OPTIONS="suppressions=$here/tsan.supp log_path=$reports/thread exitcode=66 halt_on_error=0" \
        swift test --skip-build --sanitize=thread --scratch-path .build-tsan >"$log" 2>&1 || status=$?
    report_run thread "$log" "WARNING: ThreadSanitizer" "$started" "$tested" "$status"
}

# The shim must still let TSan see a real race, and must silence a contended Mutex.
check_shim() {
    local shim=$1 probe="$root/.build-tsan/mutex-probe"
    swiftc -sanitize=thread -g "$here/mutex-probe.swift" -o "$probe"
    local locked unlocked
    locked=$(LD_PRELOAD="$shim" "$probe" 2>&1 | grep -c "WARNING: ThreadSanitizer" || true)
    unlocked=$(LD_PRELOAD="$shim" "$probe" race 2>&1 | grep -c "WARNING: ThreadSanitizer" || true)
    if [ "$locked" -ne 0 ] || [ "$unlocked" -eq 0 ]; then
        echo "sanitizers: the TSan Mutex shim does not work (locked: $locked reports, racing: $unlocked)" >&2
        exit 1
    fi
}

run_address() {
    local started log=/tmp/gif-bff-asan.log
    started=$(date +%s)
    build_with address .build-asan
    local status=0 tested
    tested=$(date +%s)
    # detect_leaks=0: LeakSanitizer runs at exit, when XCTest on Linux still holds every test
    # case it made (and so every harness, server and database they keep), and libcurl its
    # global state: it lists those (2.4 MB here), nothing a leak in our code would add to.
    # suppressions: one report inside Foundation's Process.run, explained in the file.
    ASAN_OPTIONS="suppressions=$here/asan.supp log_path=$reports/address exitcode=66 detect_leaks=0" \
        swift test --skip-build --sanitize=address --scratch-path .build-asan >"$log" 2>&1 || status=$?
    report_run address "$log" "ERROR: AddressSanitizer" "$started" "$tested" "$status"
}

for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
        thread) run_thread ;;
        address) run_address ;;
        *) echo "usage: $0 [thread|address]..." >&2; exit 2 ;;
    esac
done
exit "$failed"
