#!/usr/bin/env bash
# Browser tests: every Tests/browser/*_test.py, in headless Chromium driven by Selenium, against
# one gif-bff started here (`swift build --product gif-bff`, demo catalog, a free loopback port,
# default CORS and Host settings). Each test gets GIF_BFF_URL, GIF_BFF_BIN_PATH (the build's
# bin folder, to start servers of its own) and GIF_BFF_BROWSER_OUT (a folder for screenshots,
# printed at the end and kept). Prints each file's time. Usage: scripts/browser-tests.sh
# Needs chromium, chromium-driver and selenium (in $GIF_BFF_BROWSER_VENV); .ci/run installs them.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/demo-server.sh

venv="${GIF_BFF_BROWSER_VENV:-/tmp/gif-bff-browser-venv}"
for tool in /usr/bin/chromium /usr/bin/chromedriver "$venv/bin/python"; do
    [ -x "$tool" ] || { echo "browser-tests: $tool is missing (.ci/run installs it)" >&2; exit 1; }
done
"$venv/bin/python" -c 'import selenium' || { echo "browser-tests: selenium is not in $venv" >&2; exit 1; }

started=$(date +%s)
work_dir=$(mktemp -d /tmp/gif-bff-browser.XXXXXX)
out_dir="${GIF_BFF_BROWSER_OUT:-$(mktemp -d /tmp/gif-bff-browser-out.XXXXXX)}"
mkdir -p "$out_dir"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work_dir"
}
trap cleanup EXIT
# TERM (CI's time limit) and INT end the script through the EXIT trap, which stops the server.
trap 'exit 143' TERM
trap 'exit 130' INT

swift build --product gif-bff 2>&1 | tail -1
swift build --product fake-giphy 2>&1 | tail -1
swift build --product fake-unsplash 2>&1 | tail -1
bin_path="$(swift build --show-bin-path)"
echo "browser-tests: [build: $(( $(date +%s) - started )) s]"

# No share of the budget per client: every test's browser is the one client on loopback, and the
# share's 429 is tested in UpstreamShareTests.
start_demo_server browser-tests "$bin_path/gif-bff" "$work_dir" --upstream-share-percent 0
echo "browser-tests: gif-bff (pid $server_pid) at $base_url"

failed=0
for test_file in Tests/browser/*_test.py; do
    test_started=$(date +%s%3N)
    # Tests that need servers of their own (the web app's and the photo apps' stop their
    # upstreams, then gif-bff) start them from GIF_BFF_BIN, FAKE_GIPHY_BIN and FAKE_UNSPLASH_BIN.
    if GIF_BFF_URL="$base_url" GIF_BFF_BIN_PATH="$bin_path" GIF_BFF_BROWSER_OUT="$out_dir" \
        GIF_BFF_BIN="$bin_path/gif-bff" FAKE_GIPHY_BIN="$bin_path/fake-giphy" FAKE_UNSPLASH_BIN="$bin_path/fake-unsplash" \
        SCREENSHOT_DIR="$out_dir/$(basename "$test_file" .py)" \
        timeout --kill-after=10 300 "$venv/bin/python" "$test_file"; then
        result=passed
    else
        result=FAILED
        failed=1
    fi
    elapsed_ms=$(( $(date +%s%3N) - test_started ))
    echo "browser-tests: $test_file $result in $((elapsed_ms / 1000)).$(printf '%03d' $((elapsed_ms % 1000))) s"
done
echo "browser-tests: screenshots and other output in $out_dir"
echo "browser-tests: total $(( $(date +%s) - started )) s"
if [ "$failed" -ne 0 ]; then
    echo "browser-tests: the server's log:" >&2
    tail -20 "$work_dir/server.log" >&2
    exit 1
fi
