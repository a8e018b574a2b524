#!/usr/bin/env bash
# Builds the Swift client package (Clients/Swift, generated from openapi.yaml), runs its unit tests
# and its smoke test against a live gif-bff on the demo catalog: every operation of the spec,
# through the client an app would use. Exits non-zero when the client does not build, when its
# own sources have a warning, or when any test or call fails. A second gif-bff, started with
# `--installs required`, is where the smoke test sees the 401s of that policy.
# Usage: scripts/client-smoke.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/demo-server.sh

echo "client-smoke: swift build --build-tests (Clients/Swift)"
client_log=$(mktemp /tmp/gif-bff-client-build.XXXXXX)
work_dir=$(mktemp -d /tmp/gif-bff-client-smoke.XXXXXX)
server_pid=""
# start_demo_server sets server_pid for the server it starts; the first one's is kept here.
other_server_pid=""
cleanup() {
    for pid in $server_pid $other_server_pid; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$work_dir" "$client_log"
}
trap cleanup EXIT
# TERM (CI's time limit) and INT end the script through the EXIT trap, which stops the server.
trap 'exit 143' TERM
trap 'exit 130' INT

if ! swift build --package-path Clients/Swift --build-tests 2>&1 | tee "$client_log" | grep -E "error:|Compiling|Build complete" | grep -v "^ "; then
    echo "client-smoke: the client package did not build" >&2
    cat "$client_log" >&2
    exit 1
fi
grep -q "Build complete" "$client_log" || { echo "client-smoke: the client package did not build" >&2; exit 1; }
# The generator's own output imports every module publicly in every file; on Swift before 6.4
# (where it marks them with @diagnose) the unused ones warn. Those are counted; any other fails.
generated_warnings=$(grep -E "warning:" "$client_log" | grep -v "^ " | grep -c "/GeneratedSources/" || true)
if grep -E "warning:" "$client_log" | grep -v "^ " | grep -v "/GeneratedSources/" | grep -q .; then
    echo "client-smoke: the client's own sources have warnings" >&2
    grep -E "warning:" "$client_log" | grep -v "^ " | grep -v "/GeneratedSources/" >&2
    exit 1
fi
echo "client-smoke: client built (${generated_warnings} unused-import warnings in generated sources)"
if ! swift test --package-path Clients/Swift --skip-build >"$client_log" 2>&1; then
    cat "$client_log" >&2
    echo "client-smoke: the client's tests failed" >&2
    exit 1
fi
grep -E "^Test Suite 'All tests'|Executed .* tests" "$client_log" | tail -1

echo "client-smoke: swift build --product gif-bff"
swift build --product gif-bff 2>&1 | tail -1
server_binary="$(swift build --show-bin-path)/gif-bff"
start_demo_server client-smoke "$server_binary" "$work_dir" --log-level info
optional_url=$base_url
other_server_pid=$server_pid
mkdir "$work_dir/required"
start_demo_server client-smoke "$server_binary" "$work_dir/required" --log-level info --installs required
required_url=$base_url

echo "client-smoke: gif-bff-client-smoke $optional_url $required_url (--installs required)"
"$(swift build --package-path Clients/Swift --show-bin-path)/gif-bff-client-smoke" "$optional_url" "$required_url"
